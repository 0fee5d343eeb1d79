/**
 * The shape of the simulator's fitted parameters (calibration.ts holds the values, written by
 * `npm run calibrate -- ../shared/market-data`). docs/market-data.md, "The simulator", describes the model.
 */
import type { MarketMeasures, PairMeasures } from "./measures";

/** What the symbols of one exchange share: a common factor's day and minute draws. */
export interface FactorParameters {
  /** Log-normal spread of the day's volatility multiplier (shared by the exchange's symbols). */
  readonly dayVolatilitySpread: number;
  /** Chance that a day is a jump day (its gap and move variance × dayJumpVariance, for every symbol). */
  readonly dayJumpProbability: number;
  /** Variance multiple of a jump day's shocks over a plain day's. */
  readonly dayJumpVariance: number;
  /** Chance that a minute is a burst minute (its variance × burstVariance, for every symbol). */
  readonly burstProbability: number;
  /** Variance multiple of a burst minute over a plain one. */
  readonly burstVariance: number;
}

export interface SymbolParameters {
  /** Annualised volatility of daily close-to-close log returns. */
  readonly annualVolatility: number;
  /** Standard deviation of the opening gap (log, open against the previous close). */
  readonly gapSigma: number;
  /** Weight of the common factor in the gap, the day's intraday move and each minute's step (0–1). */
  readonly gapLoading: number;
  readonly dayLoading: number;
  readonly minuteLoading: number;
  /** Relative variance of each 5-minute bucket of the session (mean 1), from the open to the close. */
  readonly varianceProfile: readonly number[];
}

export interface MeasuredTargets {
  readonly NIFTY: MarketMeasures;
  readonly BANKNIFTY: MarketMeasures;
  readonly pair: PairMeasures;
}

export interface SimCalibration {
  readonly command: string;
  readonly fitWindow: { readonly from: string; readonly to: string; readonly sessions: number };
  readonly fittedOn: string;
  /** The long record (BANKNIFTY 15-minute bars before the held-out window) the level and tails come from. */
  readonly longRecord: {
    readonly from: string;
    readonly to: string;
    readonly sessions: number;
    readonly dailyVolatility: number;
    readonly dailyKurtosis: number;
    readonly quarterHourKurtosis: number;
    readonly closeRatio: number;
  };
  readonly factor: FactorParameters;
  readonly symbols: { readonly NIFTY: SymbolParameters; readonly BANKNIFTY: SymbolParameters };
  /** The market's measures on the fit window (1-minute bars), as recorded. */
  readonly fitWindowMeasures: MeasuredTargets;
  /**
   * What the fit aims the simulator at (calibrate's targetOf): the level and tails of the long record, the
   * rest of the fit window. The simulator's test holds it to these within the bands of measures.ts.
   */
  readonly targets: MeasuredTargets;
}

/** Minutes per bucket of a variance profile. */
export const PROFILE_BUCKET_MINUTES = 5;
