/**
 * The option model's IV surfaces and index carry, fitted to recorded real option prices. Generated: do not
 * edit by hand; rerun the command.
 *
 *   npm run calibrate:options -- ../shared/market-data        (run on 2026-11-28)
 *
 * Fitted on: NIFTY's chain of 14 Nov 2025 (nse-options-eod), expiries within 75 days: NIFTY's surface and the index carry; the at-the-money series of 19 Jan - 31 Mar 2026 (options-atm-5min, index-daily): BANKNIFTY's level against NIFTY's, and each index's implied over realised volatility; crude's options of 2-12 Jun 2025 (crudeoil-options-1min, before the 13 Jun spike): CRUDEOIL's surface.
 * Method and held-out checks: scripts/calibrate-options.ts, docs/models.md section 6.
 */
import type { MarketSymbol } from "@kalpa/contracts/names";
import type { IvSurface } from "./iv-model";

export const CALIBRATED_SURFACES: Readonly<Record<MarketSymbol, IvSurface>> = {
  NIFTY: {
    atm: 0.1071,
    skew: -0.0327,
    curvature: 0.04801,
    nearExpiryPremium: 0.02905,
    nearExpiryDays: 3,
    wing: 3,
    floor: 0.7,
    ceiling: 2,
  },
  BANKNIFTY: {
    atm: 0.1142,
    skew: -0.0327,
    curvature: 0.04801,
    nearExpiryPremium: 0.02905,
    nearExpiryDays: 3,
    wing: 3,
    floor: 0.7,
    ceiling: 2,
  },
  CRUDEOIL: {
    atm: 0.3524,
    skew: 0.08058,
    curvature: 0.04239,
    nearExpiryPremium: 0.05,
    nearExpiryDays: 3,
    wing: 3,
    floor: 0.7,
    ceiling: 2,
  },
};

/**
 * Continuous dividend yield q of the index options' forward, spot × e^((r − q)T) at r = 0.055: what
 * NIFTY's put–call parity forwards of 14 Nov 2025 imply (negative: the market's forward stood above
 * spot × e^(rT), a carry of 0.0743 a year).
 */
export const CALIBRATED_DIVIDEND_YIELD = -0.01928;

/**
 * Per index, the median over the at-the-money sessions of 19 Jan - 31 Mar 2026 of their implied volatility
 * over the realised volatility of the 20 daily returns before (index-daily): the level a
 * pricer without quotes takes from the index's recent moves (realised-level.ts).
 */
export const CALIBRATED_IMPLIED_OVER_REALISED = {
  NIFTY: 1.139,
  BANKNIFTY: 1.09,
} as const;
