import type { Bar } from "@kalpa/contracts/market";
import type { DayKey, MarketSymbol } from "@kalpa/contracts/names";
import { describe, expect, it } from "vitest";
import { previousTradingDay } from "../calendar/sessions";
import { CALIBRATED_IMPLIED_OVER_REALISED } from "../options/calibrated-surfaces";
import { contractAt } from "../options/option-contract";
import { simulatedPricer } from "../options/option-pricing";
import { realisedVolatility } from "../options/realised-level";
import { parseIndiaTime } from "../time/india-time";
import { realisedLevel, realisedLevelPricer } from "./realised-pricer";

/** Daily closes of NIFTY on the 30 trading days before `day`, alternating ±`move` (log) each day. */
function alternating(day: DayKey, move: number): Map<DayKey, Bar> {
  const days: DayKey[] = [];
  let current = day;
  for (let i = 0; i < 30; i += 1) {
    current = previousTradingDay("NSE", current);
    days.unshift(current);
  }
  let close = 22_000;
  return new Map(
    days.map((d, i) => {
      close *= Math.exp(i % 2 === 0 ? move : -move);
      return [
        d,
        {
          time: parseIndiaTime(`${d} 00:00`),
          open: close,
          high: close,
          low: close,
          close,
          volume: 0,
        },
      ];
    }),
  );
}

describe("realisedVolatility", () => {
  it("annualises the sample deviation of the last 20 daily log returns, and needs 21 closes", () => {
    const closes = [100];
    for (let i = 0; i < 25; i += 1)
      closes.push((closes.at(-1) as number) * Math.exp(i % 2 ? 0.01 : -0.01));
    // Twenty returns of ±1 % (ten each): mean 0, sample variance 0.0001 × 20/19.
    expect(realisedVolatility(closes)).toBeCloseTo(Math.sqrt(0.0001 * (20 / 19) * 252), 10);
    expect(realisedVolatility(closes.slice(0, 20))).toBeUndefined();
  });
});

describe("the realised-level pricer", () => {
  const day = "2024-06-05";
  const calm = alternating(day, 0.004);
  const wild = alternating(day, 0.02);
  const of = (bars: Map<DayKey, Bar>) => (symbol: MarketSymbol, d: DayKey) =>
    symbol === "NIFTY" ? bars.get(d) : undefined;

  it("sets the index's level from the closes before the day, times the fitted ratio", () => {
    const level = realisedLevel("NIFTY", day, of(wild)) as number;
    const closes = [...wild.values()].map((bar) => bar.close).slice(-21);
    expect(level).toBeCloseTo(
      (realisedVolatility(closes) as number) * CALIBRATED_IMPLIED_OVER_REALISED.NIFTY,
      10,
    );
    expect(realisedLevel("BANKNIFTY", day, of(wild))).toBeUndefined();
  });

  it("prices a volatile month's options dearer than a calm one's, and falls back without closes", () => {
    const at = parseIndiaTime(`${day} 11:00`);
    const call = contractAt("NIFTY", "CE", 22_000, at);
    const calmPrice = realisedLevelPricer(of(calm))(call, 22_000, at);
    const wildPrice = realisedLevelPricer(of(wild))(call, 22_000, at);
    expect(wildPrice).toBeGreaterThan(calmPrice * 3);
    // BANKNIFTY has no closes here: the fitted surface prices it.
    const bank = contractAt("BANKNIFTY", "CE", 49_000, at);
    expect(realisedLevelPricer(of(wild))(bank, 49_000, at)).toBe(
      simulatedPricer()(bank, 49_000, at),
    );
  });
});
