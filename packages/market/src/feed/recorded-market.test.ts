import { describe, expect, it } from "vitest";
import {
  parseOptionBars,
  recordedContracts,
  recordedMarket,
  syntheticFuture,
} from "./recorded-market";

const OPTIONS_HEADER = "time,expiry,strike,type,open,high,low,close,volume";
const at = (time: string) => Date.parse(`2025-06-17T${time}:00+05:30`);

/** Calls and puts of three strikes at 09:00 (forward 5,500 + 10 = 5,510 by each pair) and one pair at 09:01. */
const OPTIONS = [
  OPTIONS_HEADER,
  "2025-06-17T09:00:00+05:30,2025-07-17,5400,CE,160,161,159,160,10",
  "2025-06-17T09:00:00+05:30,2025-07-17,5400,PE,50,51,49,50,10",
  "2025-06-17T09:00:00+05:30,2025-07-17,5500,CE,100,101,99,100,10",
  "2025-06-17T09:00:00+05:30,2025-07-17,5500,PE,90,91,89,90,10",
  "2025-06-17T09:00:00+05:30,2025-07-17,5600,CE,40,41,39,40,10",
  "2025-06-17T09:00:00+05:30,2025-07-17,5600,PE,130,131,129,130,10",
  // A lone call: no pair, no forward from it.
  "2025-06-17T09:00:00+05:30,2025-07-17,6000,CE,5,5,5,5,0",
  // The later expiry is not the front one.
  "2025-06-17T09:00:00+05:30,2025-08-18,5500,CE,300,300,300,300,1",
  "2025-06-17T09:00:00+05:30,2025-08-18,5500,PE,10,10,10,10,1",
  "2025-06-17T09:01:00+05:30,2025-07-17,5500,CE,100,112,100,110,10",
  "2025-06-17T09:01:00+05:30,2025-07-17,5500,PE,90,90,78,80,10",
  // A minute with only a call: no bar of the future.
  "2025-06-17T09:02:00+05:30,2025-07-17,5500,CE,111,111,111,111,1",
].join("\n");

describe("the recorded crude options", () => {
  it("parse per contract, and refuse a row that is not a price", () => {
    const bars = parseOptionBars(OPTIONS);
    expect(bars).toHaveLength(12);
    expect(bars[0]).toEqual({
      time: at("09:00"),
      expiry: "2025-07-17",
      strike: 5400,
      optionType: "CE",
      open: 160,
      high: 161,
      low: 159,
      close: 160,
      volume: 10,
    });
    expect(() =>
      parseOptionBars(`${OPTIONS_HEADER}\n2025-06-17T09:00:00+05:30,2025-07-17,5400,XX,1,1,1,1,0`),
    ).toThrow(/line 2: type "XX"/);
    expect(() => parseOptionBars("time,strike\n")).toThrow(/lacks "expiry"/);
  });

  it("give the synthetic future of put–call parity on the front expiry, carried to it", () => {
    const future = syntheticFuture(parseOptionBars(OPTIONS));
    expect(future.map((bar) => bar.time)).toEqual([at("09:00"), at("09:01")]);
    // K + (C − P)·e^{rT}: 5,400 + 110·1.0047, 5,500 + 10·1.0047, 5,600 − 90·1.0047; the median is 5,510.
    const [first, second] = future;
    expect(first?.close).toBe(5510);
    // 09:01: 5,500 + 30 × carry, from the open 5,510; its high and low are the two, not the legs' extremes.
    expect(second).toMatchObject({
      symbol: "CRUDEOIL",
      open: 5510,
      close: 5530,
      high: 5530,
      low: 5510,
    });
  });
});

describe("a recorded market", () => {
  const index = (rows: string[]) => ["time,open,high,low,close", ...rows].join("\n");
  const market = recordedMarket([
    {
      folder: "index-1min",
      name: "NIFTY_2024-06.csv",
      text: index([
        "2024-06-04T09:15:00+05:30,23179,23180,23100,23120",
        "2024-06-04T09:16:00+05:30,23120,23130,23000,23010",
      ]),
    },
    {
      folder: "index-15min",
      name: "BANKNIFTY_2018.csv",
      text: index(["2018-01-01T09:15:00+05:30,25565.8,25587.8,25498.3,25551.7"]),
    },
    { folder: "crudeoil-options-1min", name: "CRUDEOIL_options_2025-06.csv", text: OPTIONS },
    {
      folder: "index-daily",
      name: "NIFTY.csv",
      text: [
        "date,open,high,low,close,volume",
        "2024-06-03,23300,23310,23050,23250,1000.0",
        "2024-06-04,23200,23210,21300,21900.5,2000.0",
      ].join("\n"),
    },
    // Not a series it reads: ignored.
    { folder: "macro-daily", name: "DXY.csv", text: "date,open,close\n" },
  ]);

  it("serves each symbol's minutes by day, crude's from the parity future", () => {
    expect(market.days("NIFTY")).toEqual(["2024-06-04"]);
    expect(market.minuteBars("NIFTY", "2024-06-04").map((bar) => bar.close)).toEqual([
      23120, 23010,
    ]);
    expect(market.minuteBars("BANKNIFTY", "2024-06-04")).toEqual([]);
    expect(market.days("CRUDEOIL")).toEqual(["2025-06-17"]);
    expect(market.quarterHourBars("BANKNIFTY", "2018-01-01")).toHaveLength(1);
    expect(market.allMinuteBars().map((bar) => bar.symbol)).toEqual([
      "NIFTY",
      "NIFTY",
      "CRUDEOIL",
      "CRUDEOIL",
    ]);
  });

  it("serves the daily files' bars by day, at the day's start in India, apart from the minutes", () => {
    expect(market.dailyBar("NIFTY", "2024-06-04")).toEqual({
      time: Date.parse("2024-06-04T00:00:00+05:30"),
      open: 23200,
      high: 23210,
      low: 21300,
      close: 21900.5,
      volume: 2000,
    });
    expect(market.dailyBar("NIFTY", "2024-06-03")?.close).toBe(23250);
    expect(market.dailyBar("NIFTY", "2024-06-05")).toBeUndefined();
    expect(market.dailyBar("BANKNIFTY", "2024-06-04")).toBeUndefined();
    expect(market.days("NIFTY")).toEqual(["2024-06-04"]);
    expect(market.quarterHourBars("NIFTY", "2024-06-03")).toEqual([]);
  });

  it("finds an option's bar of a minute, and its last bar before a time", () => {
    const call = { expiry: "2025-07-17", strike: 5500, optionType: "CE" } as const;
    expect(market.optionExpiries("CRUDEOIL", "2025-06-17")).toEqual(["2025-07-17", "2025-08-18"]);
    expect(market.optionBar("CRUDEOIL", call, at("09:01"))?.close).toBe(110);
    expect(market.optionBar("CRUDEOIL", call, at("09:03"))).toBeUndefined();
    expect(market.lastOptionBar("CRUDEOIL", call, at("09:30"))?.close).toBe(111);
    expect(market.lastOptionBar("CRUDEOIL", call, at("08:59"))).toBeUndefined();
    expect(market.optionBar("NIFTY", call, at("09:01"))).toBeUndefined();
  });

  it("lists a crude contract the recording holds: its series, the nearest strike that traded lately", () => {
    const contracts = recordedContracts(market);
    const june = {
      symbol: "CRUDEOIL",
      optionType: "CE",
      strike: 5500,
      expiry: "2025-06-16",
      expiresAt: 0,
      lotSize: 100,
    } as const;
    const listed = contracts.list?.(june, at("09:02"));
    expect(listed).toMatchObject({ expiry: "2025-07-17", strike: 5500, lotSize: 100 });
    expect(typeof listed === "object" && listed.expiresAt).toBe(
      Date.parse("2025-07-17T23:30:00+05:30"),
    );
    // The 09:01 bar closed at 09:02; the 09:02 bar at 09:03, and its close stands for five minutes.
    const july = { ...june, expiry: "2025-07-17" };
    expect(contracts.quote?.(july, at("09:02"))).toBe(110);
    expect(contracts.quote?.(july, at("09:07"))).toBe(111);
    expect(contracts.quote?.(july, at("09:08"))).toBeUndefined();
    // 5,450 and 5,550 did not trade: the nearest that did, 5,500, stands in; 5,650 has 5,600 two steps off.
    expect(contracts.list?.({ ...june, strike: 5550 }, at("09:02"))).toMatchObject({
      strike: 5500,
    });
    expect(contracts.list?.({ ...june, strike: 5650 }, at("09:01"))).toMatchObject({
      strike: 5600,
    });
    expect(contracts.list?.({ ...june, strike: 5800 }, at("09:01"))).toMatch(
      /no CRUDEOIL CE of 2025-07-17 within 2 strikes of 5800 traded in the last 5 minutes/,
    );
    expect(contracts.list?.({ ...june, expiry: "2025-09-16" }, at("09:02"))).toMatch(
      /no recorded CRUDEOIL options of 2025-09-16 or later/,
    );
    const nifty = { ...june, symbol: "NIFTY", expiry: "2024-06-06" } as const;
    expect(contracts.list?.(nifty, at("09:02"))).toBe(nifty);
    expect(contracts.quote?.(nifty, at("09:02"))).toBeUndefined();
  });

  it("names the file and line of a bad row", () => {
    expect(() =>
      recordedMarket([
        { folder: "index-1min", name: "NIFTY_x.csv", text: index(["2024-06-04T09:15,1,0,2,1"]) },
      ]),
    ).toThrow(/index-1min\/NIFTY_x.csv: line 2: high 0/);
  });
});
