import { describe, expect, it } from "vitest";
import { parseIndiaTime } from "../time/india-time";
import { SessionVwap } from "./vwap";

const bar = (at: string, high: number, low: number, close: number, volume: number) => ({
  time: parseIndiaTime(at),
  open: close,
  high,
  low,
  close,
  volume,
});

describe("SessionVwap", () => {
  it("weights typical prices by volume and starts again each India-time day", () => {
    const vwap = new SessionVwap();
    // typical (11 + 9 + 10)/3 = 10, volume 100
    expect(vwap.update(bar("2026-03-09 09:15", 11, 9, 10, 100))).toBe(10);
    // typical 11, volume 300: (10·100 + 11·300) / 400 = 10.75
    expect(vwap.update(bar("2026-03-09 09:20", 12, 10, 11, 300))).toBe(10.75);
    // MCX's last bar of the day, then the next day starts afresh.
    expect(vwap.update(bar("2026-03-09 23:25", 12, 10, 11, 0))).toBe(10.75);
    expect(vwap.update(bar("2026-03-10 09:00", 21, 19, 20, 50))).toBe(20);
  });

  it("averages typical prices equally while the day has no volume", () => {
    const vwap = new SessionVwap();
    vwap.update(bar("2026-03-09 09:15", 11, 9, 10, 0));
    expect(vwap.update(bar("2026-03-09 09:16", 13, 11, 12, 0))).toBe(11);
  });
});
