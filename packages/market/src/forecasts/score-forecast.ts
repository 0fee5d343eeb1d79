/**
 * Scoring a finished day: each part's target and stop on the underlying (for options, the levels its
 * premiums were priced at) against the day's bars in time order: the 1-minute bars where they exist, else
 * the daily bar. The first bar that reaches either decides; a bar that reaches both counts as the stop (we
 * cannot tell which came first, so we assume the worse). Neither reached by the end of the day: "neither".
 */
import type { ForecastOutcome } from "@kalpa/contracts/api/forecast";
import type { PriceBar } from "../indicators/atr";
import type { PartLevels } from "./generate-forecast";

export function scoreForecastPart(
  levels: Pick<PartLevels, "direction" | "target" | "stop">,
  bars: readonly PriceBar[],
): ForecastOutcome {
  const up = levels.direction === "up";
  for (const bar of bars) {
    const target = up ? bar.high >= levels.target : bar.low <= levels.target;
    const stop = up ? bar.low <= levels.stop : bar.high >= levels.stop;
    if (stop) return "stop";
    if (target) return "target";
  }
  return "neither";
}

/** The share of scored outcomes that reached their target, as a whole percent (null when none). */
export function hitRate(outcomes: readonly (ForecastOutcome | null)[]): {
  scored: number;
  targets: number;
  stops: number;
  percent: number | null;
} {
  const scored = outcomes.filter((o): o is ForecastOutcome => o !== null);
  const targets = scored.filter((o) => o === "target").length;
  const stops = scored.filter((o) => o === "stop").length;
  return {
    scored: scored.length,
    targets,
    stops,
    percent: scored.length > 0 ? Math.round((targets / scored.length) * 100) : null,
  };
}
