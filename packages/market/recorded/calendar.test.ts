import { describe, expect, it } from "vitest";
import { isBusinessDay } from "../src/calendar/sessions";
import { addDays } from "../src/time/day-math";
import {
  csvRows,
  daysOffTheirHours,
  recordedDaySpans,
  recordedFiles,
  SKIPPED_WITHOUT_DATA,
} from "./market-data";

describe("the shipped calendar against the recorded 2024 sessions", () => {
  const files = [
    ...recordedFiles("index-1min", "NIFTY_"),
    ...recordedFiles("index-1min", "BANKNIFTY_"),
  ];
  it.skipIf(files.length === 0)(
    `has a business day on every weekday the recorded index bars traded ${files.length === 0 ? SKIPPED_WITHOUT_DATA : ""}`,
    () => {
      const days = new Set<string>();
      for (const file of files) for (const row of csvRows(file)) days.add(row.slice(0, 10));
      const sorted = [...days].sort();
      const closedButRecorded: string[] = [];
      let businessDays = 0;
      for (let day = sorted[0] ?? ""; day <= (sorted.at(-1) ?? ""); day = addDays(day, 1)) {
        if (isBusinessDay("NSE", day)) businessDays += 1;
        if (days.has(day) && !isBusinessDay("NSE", day)) closedButRecorded.push(day);
      }
      expect(closedButRecorded).toEqual([]);
      // The source drops weekend sessions and misses a few weekdays (1 Feb, 4 Mar, 5 Apr, 7 May 2024):
      // never more sessions than the calendar's business days.
      expect(days.size).toBeLessThanOrEqual(businessDays);
      expect(days.size).toBeGreaterThan(businessDays - 6);
    },
  );

  it.skipIf(files.length === 0)(
    `opens and closes each recorded day as the dated hours say (09:15, last bar 15:29) ${files.length === 0 ? SKIPPED_WITHOUT_DATA : ""}`,
    () => {
      const spans = recordedDaySpans(files);
      expect(daysOffTheirHours(spans, 1)).toEqual([]);
    },
  );
});
