import type { Bar } from "@kalpa/contracts/market";
import { describe, expect, it } from "vitest";
import { contractLabel, optionCandles } from "./option-candles";
import type { OptionContract } from "./option-contract";
import { simulatedPricer } from "./option-pricing";

const at = Date.parse("2026-11-20T10:00:00+05:30");
const contract = (optionType: "CE" | "PE"): OptionContract => ({
  symbol: "BANKNIFTY",
  optionType,
  strike: 52000,
  expiry: "2026-11-25",
  expiresAt: Date.parse("2026-11-25T15:30:00+05:30"),
  lotSize: 30,
});
const bar: Bar = { time: at, open: 52010, high: 52080, low: 51950, close: 52040, volume: 0 };
const pricer = simulatedPricer();

describe("optionCandles", () => {
  it("prices a call's high from the underlying's high and its low from the low", () => {
    const [candle] = optionCandles(contract("CE"), [bar], pricer);
    expect(candle?.time).toBe(at);
    expect(candle?.high).toBe(pricer(contract("CE"), 52080, at + 60_000));
    expect(candle?.low).toBe(pricer(contract("CE"), 51950, at + 60_000));
    expect(candle?.open).toBe(pricer(contract("CE"), 52010, at));
    expect(candle?.close).toBe(pricer(contract("CE"), 52040, at + 60_000));
  });

  it("prices a put's high from the underlying's low", () => {
    const [candle] = optionCandles(contract("PE"), [bar], pricer);
    expect(candle?.high).toBe(pricer(contract("PE"), 51950, at + 60_000));
    expect(candle?.low).toBe(pricer(contract("PE"), 52080, at + 60_000));
  });

  it("keeps every candle's open and close within its high and low", () => {
    const bars: Bar[] = Array.from({ length: 30 }, (_, i) => ({
      time: at + i * 60_000,
      open: 52000 + i * 3,
      high: 52000 + i * 3 + 25,
      low: 52000 + i * 3 - 30,
      close: 52000 + i * 3 + 5,
      volume: 0,
    }));
    for (const type of ["CE", "PE"] as const) {
      for (const candle of optionCandles(contract(type), bars, pricer)) {
        expect(candle.high).toBeGreaterThanOrEqual(Math.max(candle.open, candle.close));
        expect(candle.low).toBeLessThanOrEqual(Math.min(candle.open, candle.close));
      }
    }
  });

  it("names the contract as a trader writes it", () => {
    expect(contractLabel(contract("CE"))).toBe("BANKNIFTY 25 NOV 2026 52000 CE");
    expect(
      contractLabel({ ...contract("PE"), symbol: "CRUDEOIL", strike: 5450, expiry: "2026-12-16" }),
    ).toBe("CRUDEOIL 16 DEC 2026 5450 PE");
  });
});
