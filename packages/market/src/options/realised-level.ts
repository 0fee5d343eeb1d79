/**
 * An at-the-money volatility level from the index's own recent moves, where no option quote gives one (a
 * backtest on recorded index bars of years the recording has no option prices for): the realised
 * volatility of the last REALISED_SESSIONS daily closes, times the ratio of implied to realised that the
 * recorded at-the-money options showed (CALIBRATED_IMPLIED_OVER_REALISED, fitted by
 * `npm run calibrate:options`). A static level fitted to one month misses others by 38–46 %
 * (docs/models.md section 6); the market's at-the-money volatility follows the recent realised one.
 */
import type { MarketSymbol } from "@kalpa/contracts/names";
import type { IvSurface } from "./iv-model";
import type { PricingSettings } from "./option-pricing";

/** Daily returns the realised volatility is measured over (about a month of sessions). */
export const REALISED_SESSIONS = 20;
/** Sessions in a year, to annualise a daily volatility. */
export const SESSIONS_A_YEAR = 252;

/**
 * The annualised volatility of the close-to-close log returns of `closes` (oldest first), over the last
 * REALISED_SESSIONS returns; undefined with fewer.
 */
export function realisedVolatility(closes: readonly number[]): number | undefined {
  if (closes.length < REALISED_SESSIONS + 1) return undefined;
  const recent = closes.slice(-(REALISED_SESSIONS + 1));
  const returns: number[] = [];
  for (let i = 1; i < recent.length; i += 1) {
    returns.push(Math.log((recent[i] as number) / (recent[i - 1] as number)));
  }
  if (!returns.every(Number.isFinite)) return undefined;
  const mean = returns.reduce((sum, r) => sum + r, 0) / returns.length;
  const variance = returns.reduce((sum, r) => sum + (r - mean) ** 2, 0) / (returns.length - 1);
  return Math.sqrt(variance * SESSIONS_A_YEAR);
}

/** `settings` with the surfaces of the symbols in `levels` at those at-the-money levels (the shape kept). */
export function withAtmLevels(
  settings: PricingSettings,
  levels: Partial<Record<MarketSymbol, number>>,
): PricingSettings {
  const entries = Object.entries(levels) as [MarketSymbol, number][];
  if (entries.length === 0) return settings;
  const surfaces: Record<MarketSymbol, IvSurface> = { ...settings.surfaces };
  for (const [symbol, atm] of entries) surfaces[symbol] = { ...settings.surfaces[symbol], atm };
  return { ...settings, surfaces };
}
