import { describe, expect, it } from "vitest";
import { parseIndiaTime } from "../time/india-time";
import { atmVolatility } from "./iv-model";
import { LIVE_VOLATILITY_FRESH_MS, LiveAtmVolatility } from "./live-volatility";
import type { OptionContract } from "./option-contract";
import {
  DEFAULT_PRICING,
  pricingInputs,
  simulatedPricer,
  theoreticalOption,
} from "./option-pricing";

const at = parseIndiaTime("2026-11-25 11:00");
const expiresAt = parseIndiaTime("2026-12-01 15:40");
const spot = 26_020;
const contract = (strike: number, optionType: "CE" | "PE"): OptionContract => ({
  symbol: "NIFTY",
  optionType,
  strike,
  expiry: "2026-12-01",
  expiresAt,
  lotSize: 75,
});

/** The premium the market would quote at `volatility` (the model's own formula at that level). */
function marketPremium(c: OptionContract, volatility: number) {
  const inputs = pricingInputs(c, spot, at, DEFAULT_PRICING);
  return theoreticalOption(c, spot, at, {
    ...DEFAULT_PRICING,
    surfaces: {
      ...DEFAULT_PRICING.surfaces,
      NIFTY: {
        ...DEFAULT_PRICING.surfaces.NIFTY,
        atm:
          (volatility / atmVolatility(DEFAULT_PRICING.surfaces.NIFTY, inputs.years)) *
          DEFAULT_PRICING.surfaces.NIFTY.atm,
      },
    },
  }).price;
}

describe("LiveAtmVolatility", () => {
  it("reads the market's at-the-money volatility from a quote and prices the chain at its level", () => {
    const live = new LiveAtmVolatility();
    const atm = contract(26_050, "CE");
    const fitted = theoreticalOption(atm, spot, at).volatility;
    const market = fitted * 1.4; // the market 40 % dearer than the fitted level
    const premium = marketPremium(atm, market);
    const solved = live.observe(atm, { time: at, ltp: premium, bid: 0, ask: 0 }, spot);
    expect(solved).toBeCloseTo(market, 3);
    // The strike it quoted now prices at the market's premium; another strike moves with the level.
    const pricer = live.pricer();
    expect(pricer(atm, spot, at)).toBeCloseTo(premium, 0);
    const otm = contract(26_300, "CE");
    expect(pricer(otm, spot, at)).toBeGreaterThan(simulatedPricer()(otm, spot, at) * 1.2);
    // Stale after five minutes of no quotes: the fitted level again.
    const later = at + LIVE_VOLATILITY_FRESH_MS + 1;
    expect(live.level("NIFTY", later)).toBeUndefined();
    expect(pricer(atm, spot, later)).toBe(simulatedPricer()(atm, spot, later));
  });

  it("smooths the level over quotes, and prices from the book's middle when there is one", () => {
    const live = new LiveAtmVolatility();
    const atm = contract(26_050, "PE");
    const fitted = theoreticalOption(atm, spot, at).volatility;
    live.observe(atm, { time: at, ltp: marketPremium(atm, fitted), bid: 0, ask: 0 }, spot);
    const first = live.level("NIFTY", at) as number;
    const dear = marketPremium(atm, fitted * 2);
    live.observe(atm, { time: at + 1000, ltp: 1, bid: dear - 0.5, ask: dear + 0.5 }, spot);
    const second = live.level("NIFTY", at + 1000) as number;
    // A fifth of the way to a level twice as high.
    expect(second / first).toBeCloseTo(1.2, 2);
  });

  it("ignores strikes away from the money, empty quotes and prices no volatility gives", () => {
    const live = new LiveAtmVolatility();
    expect(
      live.observe(contract(26_300, "CE"), { time: at, ltp: 50, bid: 0, ask: 0 }, spot),
    ).toBeUndefined();
    expect(
      live.observe(contract(26_050, "CE"), { time: at, ltp: 0, bid: 0, ask: 0 }, spot),
    ).toBeUndefined();
    // Below intrinsic value: no volatility.
    expect(
      live.observe(contract(26_000, "CE"), { time: at, ltp: 0.05, bid: 0, ask: 0 }, spot + 500),
    ).toBeUndefined();
    expect(live.level("NIFTY", at)).toBeUndefined();
    expect(live.settingsAt(at)).toBe(DEFAULT_PRICING);
  });
});
