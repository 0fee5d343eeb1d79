import { describe, expect, it } from "vitest";
import { formatIndiaMinute, formatMarketTime, isoInIndia, marketTimeAt } from "./market-clock";

const NOW = Date.UTC(2026, 2, 10, 5, 12, 5); // 10:42:05 in India

describe("the market clock", () => {
  it("moves on from the server's reading at the clock's speed", () => {
    const clock = { now: NOW, speed: 1, simulated: true };
    expect(marketTimeAt(clock, 50_000, 50_000)).toBe(NOW);
    expect(marketTimeAt(clock, 50_000, 53_000)).toBe(NOW + 3000);
    expect(marketTimeAt({ ...clock, speed: 60 }, 50_000, 52_000)).toBe(NOW + 120_000);
    // A local clock read before the answer arrived does not move it back.
    expect(marketTimeAt(clock, 50_000, 49_000)).toBe(NOW);
  });

  it("shows the date and time in India, whatever the browser's time zone", () => {
    expect(formatMarketTime(NOW, "en-IN")).toBe("Tue, 10 Mar, 2026, 10:42:05");
    expect(formatMarketTime(NOW, "te-IN")).toMatch(/10:42:05/);
    expect(formatMarketTime(NOW, "te-IN")).toMatch(/[\u0C00-\u0C7F]/);
    expect(isoInIndia(NOW)).toBe("2026-03-10T10:42:05+05:30");
  });

  it("writes what the browser's own en-IN format for India writes, at every hour and date", () => {
    const intl = new Intl.DateTimeFormat("en-IN", {
      timeZone: "Asia/Kolkata",
      weekday: "short",
      day: "numeric",
      month: "short",
      year: "numeric",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
      hourCycle: "h23",
    });
    // Every 7 h 13 min 7 s for about four years: each hour, weekday, day and month, and 29 February.
    for (
      let instant = Date.UTC(2025, 0, 1);
      instant < Date.UTC(2029, 0, 1);
      instant += 25_987_000
    ) {
      expect(formatMarketTime(instant, "en-IN")).toBe(intl.format(instant));
    }
    // Midnight in India, the minute the date turns.
    const midnight = Date.UTC(2028, 1, 28, 18, 30, 0);
    expect(formatMarketTime(midnight, "en-IN")).toBe("Tue, 29 Feb, 2028, 00:00:00");
  });

  it("writes India's hours and minutes as the browser's own format does", () => {
    const intl = new Intl.DateTimeFormat("en-IN", {
      timeZone: "Asia/Kolkata",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    });
    expect(formatIndiaMinute(NOW)).toBe("10:42");
    expect(formatIndiaMinute(Date.UTC(2028, 1, 28, 18, 30, 0))).toBe("00:00");
    for (
      let instant = Date.UTC(2026, 0, 1);
      instant < Date.UTC(2026, 0, 3);
      instant += 7 * 60_000
    ) {
      expect(formatIndiaMinute(instant)).toBe(intl.format(instant));
    }
  });
});
