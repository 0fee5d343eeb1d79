/**
 * Rounding prices to an instrument's tick and finding strikes on its strike grid.
 */

function decimalsOf(step: number): number {
  const text = String(step);
  const dot = text.indexOf(".");
  return dot === -1 ? 0 : text.length - dot - 1;
}

/** `price` rounded to the nearest multiple of `tick`, without binary-fraction noise (0.1 + 0.2). */
export function roundToTick(price: number, tick: number): number {
  const scale = 10 ** decimalsOf(tick);
  return Math.round(Math.round(price / tick) * tick * scale) / scale;
}

/** The strike nearest `price` on a grid of `step` (the at-the-money strike). */
export function nearestStrike(price: number, step: number): number {
  return Math.round(price / step) * step;
}
