/**
 * How busy a minute is, relative to a quiet one: the shape that both the simulated volume and the
 * simulated intraday variance follow. Trading is heavy after the open and before the close (a U); MCX
 * adds a hump when US markets are busy (evenings in India).
 */
import type { ExchangeName } from "@kalpa/contracts/names";

export interface MinuteSlot {
  /** The minute's first instant (epoch ms). */
  readonly start: number;
  /** Minutes since its session opened (0 for the first minute). */
  readonly sinceOpen: number;
  /** Minutes of its session after this one (0 for the last minute). */
  readonly beforeClose: number;
  /** Minutes after midnight, Asia/Kolkata. */
  readonly timeOfDay: number;
}

const PROFILES = {
  NSE: { openBoost: 2.0, openDecay: 25, closeBoost: 1.2, closeDecay: 25, usBoost: 0 },
  MCX: { openBoost: 2.0, openDecay: 20, closeBoost: 1.5, closeDecay: 30, usBoost: 1.5 },
} as const;

/** Centre and width (minutes after midnight, India time) of MCX's US-hours hump. */
const US_HUMP_CENTRE = 19 * 60 + 30;
const US_HUMP_WIDTH = 100;

/** Relative activity of a minute (1 = a quiet midday minute). */
export function activityOf(exchange: ExchangeName, slot: MinuteSlot): number {
  const p = PROFILES[exchange];
  const us = (slot.timeOfDay - US_HUMP_CENTRE) / US_HUMP_WIDTH;
  return (
    1 +
    p.openBoost * Math.exp(-slot.sinceOpen / p.openDecay) +
    p.closeBoost * Math.exp(-slot.beforeClose / p.closeDecay) +
    p.usBoost * Math.exp(-0.5 * us * us)
  );
}
