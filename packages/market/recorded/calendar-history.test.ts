import { describe, expect, it } from "vitest";
import { isBusinessDay, sessionsOn } from "../src/calendar/sessions";
import { addDays } from "../src/time/day-math";
import {
  csvRows,
  daysOffTheirHours,
  recordedDaySpans,
  recordedFiles,
  SKIPPED_WITHOUT_DATA,
} from "./market-data";

/**
 * Weekdays the calendar keeps open but the recorded 15-minute series has no bars for: gaps in the source,
 * each checked against NSE's holiday lists (none is a holiday). 13 and 23 Mar 2020 traded (a market-wide
 * circuit breaker halted trading on 13 Mar for 45 minutes); on 24 Feb 2021 a technical fault halted NSE
 * until 15:45.
 */
const KNOWN_GAPS = [
  "2018-02-08",
  "2018-04-18",
  "2018-04-19",
  "2018-04-20",
  "2019-10-25",
  "2020-03-13",
  "2020-03-23",
  "2021-02-24",
  "2022-03-07",
];

describe("the shipped 2018-2023 calendars against the recorded BANKNIFTY 15-minute bars", () => {
  const files = recordedFiles("index-15min", "BANKNIFTY_");
  const skip = files.length === 0 ? SKIPPED_WITHOUT_DATA : "";

  function recordedDays(): Set<string> {
    const days = new Set<string>();
    for (const file of files) for (const row of csvRows(file)) days.add(row.slice(0, 10));
    return days;
  }

  it.skipIf(files.length === 0)(
    `trades every recorded day: a business day, or a special session of the calendar ${skip}`,
    () => {
      const closedButRecorded = [...recordedDays()]
        .filter(
          (day) =>
            !isBusinessDay("NSE", day) &&
            !sessionsOn("NSE", day).some((session) => session.kind === "special"),
        )
        .sort();
      expect(closedButRecorded).toEqual([]);
    },
  );

  it.skipIf(files.length === 0)(
    `has bars on every business day but the source's known gaps ${skip}`,
    () => {
      const days = recordedDays();
      const sorted = [...days].sort();
      const missing: string[] = [];
      for (let day = sorted[0] ?? ""; day <= (sorted.at(-1) ?? ""); day = addDays(day, 1)) {
        if (isBusinessDay("NSE", day) && !days.has(day)) missing.push(day);
      }
      expect(missing).toEqual(KNOWN_GAPS);
    },
  );

  it.skipIf(files.length === 0)(
    `opens each recorded day at 09:15 and ends with the bar of 15:15-15:30, as the dated hours say ${skip}`,
    () => {
      const spans = recordedDaySpans(files);
      expect(spans.size).toBeGreaterThan(1300);
      expect(daysOffTheirHours(spans, 15)).toEqual([]);
    },
  );
});
