import { describe, expect, it } from "vitest";
import { formatMarketTime, isoInIndia, marketTimeAt } from "./market-clock";

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
});
