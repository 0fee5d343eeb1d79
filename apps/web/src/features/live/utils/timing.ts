/**
 * A transition's latency stamps as the card's Timing detail reads them: the deciding tick's market time in
 * India to the millisecond, then each later moment as an offset from that tick ("+4 ms", "+0.3 s"). The
 * tick-to-decision span is the server's (market clock scaled to real time); every later one is real time
 * measured from the decision and added to it.
 */

import { MARKET_TIME_ZONE } from "@kalpa/contracts/names";
import type { ChannelSends, TransitionTiming } from "@kalpa/contracts/signals";

const TICK_TIME = new Intl.DateTimeFormat("en-GB", {
  timeZone: MARKET_TIME_ZONE,
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
  fractionalSecondDigits: 3,
  hourCycle: "h23",
});

/** Epoch ms as "11:02:03.120" (India). */
export function formatTickTime(instant: number): string {
  return TICK_TIME.format(instant);
}

/** An offset from the tick: "+4 ms" under a tenth of a second, "+0.3 s" to "+99.9 s", then "+142 s". */
export function formatOffset(ms: number): string {
  const sign = ms < 0 ? "−" : "+";
  const size = Math.abs(ms);
  if (size < 100) return `${sign}${Math.round(size)} ms`;
  if (size < 100_000) return `${sign}${(size / 1000).toFixed(1)} s`;
  return `${sign}${Math.round(size / 1000)} s`;
}

export interface ChannelTimingView {
  channel: ChannelSends["channel"];
  first: string;
  /** The last send when it differs from the first, as it reads ("+0.9 s"). */
  last: string | null;
  count: number;
}

export interface TimingView {
  tick: string | null;
  decided: string | null;
  committed: string | null;
  sends: ChannelTimingView[];
}

/** What the Timing detail shows of a transition; null parts where the server has no stamp. */
export function timingView(timing: TransitionTiming): TimingView {
  const { tickAt, decidedAt, decidedAfterMs, committedAt } = timing;
  // Real time after the decision, placed on the tick's scale.
  const fromTick = (at: number | null) =>
    at === null || decidedAt === null || decidedAfterMs === null
      ? null
      : decidedAfterMs + (at - decidedAt);
  const offset = (ms: number | null) => (ms === null ? null : formatOffset(ms));
  return {
    tick: tickAt === null ? null : formatTickTime(tickAt),
    decided: offset(decidedAfterMs),
    committed: offset(fromTick(committedAt)),
    sends: timing.sends.flatMap((send) => {
      const first = offset(fromTick(send.firstAt));
      if (first === null) return [];
      const last = offset(fromTick(send.lastAt));
      return [
        { channel: send.channel, first, last: last === first ? null : last, count: send.count },
      ];
    }),
  };
}
