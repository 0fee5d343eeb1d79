import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { addDays } from "../time/day-math";
import { isBusinessDay, isTradingDay, type Session, sessionsOn } from "./sessions";

const hhmm = (ms: number) => new Date(ms + 5.5 * 3_600_000).toISOString().slice(11, 16);
const windows = (sessions: Session[]) => sessions.map((s) => `${hhmm(s.open)}-${hhmm(s.close)}`);

describe("the 2024 calendar (history, for backtests)", () => {
  it("closes NSE on the days added during the year: 22 Jan, 20 May and 20 Nov 2024", () => {
    for (const day of ["2024-01-22", "2024-05-20", "2024-11-20"]) {
      expect(isTradingDay("NSE", day)).toBe(false);
    }
  });

  it("holds the Saturday sessions: a full day on 20 Jan, the two DR-drill windows on 2 Mar and 18 May", () => {
    expect(windows(sessionsOn("NSE", "2024-01-20"))).toEqual(["09:15-15:30"]);
    expect(windows(sessionsOn("NSE", "2024-03-02"))).toEqual(["09:15-10:00", "11:30-12:30"]);
    expect(windows(sessionsOn("NSE", "2024-05-18"))).toEqual(["09:15-10:00", "11:45-12:40"]);
    expect(isBusinessDay("NSE", "2024-03-02")).toBe(false);
  });

  it("holds Diwali's Muhurat session, 1 Nov 2024, 18:00-19:00", () => {
    expect(windows(sessionsOn("NSE", "2024-11-01"))).toEqual(["18:00-19:00"]);
  });

  // The recorded 1-minute bars of January to June 2024 (shared/market-data, never in the repository).
  const folder = fileURLToPath(
    new URL("../../../../../shared/market-data/index-1min", import.meta.url),
  );
  const recorded = existsSync(folder)
    ? readdirSync(folder).filter((name) => name.startsWith("NIFTY_"))
    : [];
  it.skipIf(recorded.length === 0)(
    "has a business day on every weekday the recorded NIFTY bars traded (skipped without shared/market-data)",
    () => {
      const days = new Set<string>();
      for (const name of recorded) {
        for (const line of readFileSync(join(folder, name), "utf8").split("\n").slice(1)) {
          if (line) days.add(line.slice(0, 10));
        }
      }
      const first = [...days].sort()[0] ?? "";
      const last = [...days].sort().at(-1) ?? "";
      const closedButRecorded: string[] = [];
      let businessDays = 0;
      for (let day = first; day <= last; day = addDays(day, 1)) {
        if (isBusinessDay("NSE", day)) businessDays += 1;
        if (days.has(day) && !isBusinessDay("NSE", day)) closedButRecorded.push(day);
      }
      expect(closedButRecorded).toEqual([]);
      // The source drops weekend sessions and misses a few weekdays (1 Feb, 4 Mar, 5 Apr, 7 May 2024):
      // never more sessions than the calendar's business days.
      expect(days.size).toBeLessThanOrEqual(businessDays);
    },
  );
});
