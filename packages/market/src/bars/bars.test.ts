import { describe, expect, it } from "vitest";
import { SimulatedMarket } from "../sim/simulated-market";
import { parseIndiaTime } from "../time/india-time";
import { aggregateBars } from "./aggregate-bars";
import { BarBuilder, type CompletedBar } from "./bar-builder";
import { createBucketer } from "./buckets";

const hhmm = (ms: number) => new Date(ms + 5.5 * 3_600_000).toISOString().slice(11, 16);

describe("buckets", () => {
  const bucketOf = createBucketer();

  it("align NSE 5 and 15-minute bars to 09:15", () => {
    const b5 = bucketOf("NSE", "5m", parseIndiaTime("2026-03-09 09:19:59"));
    expect([hhmm(b5.start), hhmm(b5.end)]).toEqual(["09:15", "09:20"]);
    const b15 = bucketOf("NSE", "15m", parseIndiaTime("2026-03-09 15:29:00"));
    expect([hhmm(b15.start), hhmm(b15.end)]).toEqual(["15:15", "15:30"]);
  });

  it("align MCX bars to 09:00, and to 17:00 on an evening-only day", () => {
    const morning = bucketOf("MCX", "15m", parseIndiaTime("2026-03-09 09:14:00"));
    expect(hhmm(morning.start)).toBe("09:00");
    const holi = bucketOf("MCX", "15m", parseIndiaTime("2026-03-03 17:20:00"));
    expect(hhmm(holi.start)).toBe("17:15");
  });

  it("end the last bar at the session's close (NSE closing at 15:40 with 15-minute bars)", () => {
    const bucketer = createBucketer({ nseClose: "15:40" });
    const last = bucketer("NSE", "15m", parseIndiaTime("2026-09-01 15:35:00"));
    expect([hhmm(last.start), hhmm(last.end)]).toEqual(["15:30", "15:40"]);
  });

  it("make a daily bar of the India-time day, ending at the last close", () => {
    const day = bucketOf("MCX", "1d", parseIndiaTime("2026-03-09 22:00:00"));
    expect(day).toEqual({
      start: parseIndiaTime("2026-03-09 00:00:00"),
      end: parseIndiaTime("2026-03-09 23:30:00"),
    });
  });
});

describe("BarBuilder", () => {
  it("builds OHLCV from ticks and completes a bar when a later bucket starts", () => {
    const builder = new BarBuilder({ intervals: ["1m"] });
    const t = parseIndiaTime("2026-03-09 09:15:00");
    const tick = (offset: number, price: number, volume: number) =>
      builder.push({ symbol: "NIFTY", time: t + offset, price, volume });
    expect(tick(0, 100, 1)).toEqual([]);
    tick(10_000, 103, 2);
    tick(20_000, 98, 3);
    tick(59_999, 101, 4);
    expect(builder.forming("NIFTY", "1m")).toEqual({
      time: t,
      open: 100,
      high: 103,
      low: 98,
      close: 101,
      volume: 10,
    });
    const done = tick(60_000, 102, 5);
    expect(done).toEqual([
      {
        symbol: "NIFTY",
        interval: "1m",
        bar: { time: t, open: 100, high: 103, low: 98, close: 101, volume: 10 },
      },
    ]);
    expect(tick(30_000, 50, 1)).toEqual([]); // late: ignored
    expect(builder.forming("NIFTY", "1m")?.low).toBe(102);
  });

  it("completes the session's last bars at the close with closeUpTo", () => {
    const builder = new BarBuilder({ intervals: ["15m", "1d"] });
    builder.push({
      symbol: "NIFTY",
      time: parseIndiaTime("2026-03-09 15:29:59"),
      price: 10,
      volume: 1,
    });
    expect(builder.closeUpTo(parseIndiaTime("2026-03-09 15:29:59"))).toEqual([]);
    const done = builder.closeUpTo(parseIndiaTime("2026-03-09 15:30:00"));
    expect(done.map((c) => `${c.interval} ${hhmm(c.bar.time)}`)).toEqual(["15m 15:15", "1d 00:00"]);
    expect(builder.forming("NIFTY", "1d")).toBeUndefined();
  });

  it("agrees with the simulator's minute bars and their aggregates over a whole day", () => {
    const market = new SimulatedMarket({ seed: 9 });
    const day = "2026-03-10";
    const ticks = market.ticksBetween(
      parseIndiaTime(`${day} 00:00:00`) - 1,
      parseIndiaTime(`${day} 23:59:59`),
      ["NIFTY"],
    );
    const builder = new BarBuilder();
    const completed: CompletedBar[] = [];
    for (const tick of ticks) completed.push(...builder.push(tick));
    completed.push(...builder.closeUpTo(parseIndiaTime(`${day} 23:59:59`)));
    const built = (interval: string) =>
      completed.filter((c) => c.interval === interval).map((c) => c.bar);

    const minutes = market.minuteBars("NIFTY", day);
    expect(built("1m")).toEqual(minutes);
    expect(built("5m")).toEqual(aggregateBars(minutes, "NSE", "5m"));
    expect(built("5m")).toHaveLength(75);
    expect(built("15m")).toHaveLength(25);
    expect(built("15m")).toEqual(aggregateBars(minutes, "NSE", "15m"));
    expect(built("1d")).toEqual([market.dailyBar("NIFTY", day)]);
  });
});
