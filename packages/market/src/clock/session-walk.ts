/**
 * A clock that walks a list of sessions: inside a session it runs `speed` times as fast as the real time
 * source; when a session ends it is at the next session's open, without waiting through the night, the
 * weekend or the months between two recordings. After the last session it stays at its close.
 *
 * The replay of recorded market data runs on it (the recorded days, feed/recorded-feed.ts's
 * recordedSessions): the replay shows one recorded session after another, as fast as asked.
 */
import type { Clock, TimeSource } from "./clock";

/** One span the clock walks: `open <= t < close` (epoch ms). */
export interface WalkedSession {
  readonly open: number;
  readonly close: number;
}

export interface SessionWalkOptions {
  /** The sessions, in time order, not overlapping; at least one. */
  readonly sessions: readonly WalkedSession[];
  /**
   * Where the clock starts: inside a session, there; between sessions (or before the first), at the next
   * session's open; after the last, at its close.
   */
  readonly start: number;
  /** How many walked milliseconds pass per real millisecond (1 = real pace). */
  readonly speed: number;
  readonly source: TimeSource;
  /** The real instant at which the clock read `start`; by default, when it is made. */
  readonly origin?: number;
}

export interface SessionWalk extends Clock {
  /** When the session the clock is in ends (the clock then moves to the next open); the last close at the end. */
  sessionEnd(): number;
}

export function sessionWalk({
  sessions,
  start,
  speed,
  source,
  origin = source(),
}: SessionWalkOptions): SessionWalk {
  if (sessions.length === 0) throw new RangeError("sessionWalk: no sessions to walk");
  if (!(speed > 0 && Number.isFinite(speed))) {
    throw new RangeError("sessionWalk: speed must be a positive number");
  }
  // Each session's place on the walked line: the sessions laid end to end.
  const offsets: number[] = [];
  let total = 0;
  for (const [index, session] of sessions.entries()) {
    const previous = sessions[index - 1];
    if (!(session.close > session.open) || (previous && session.open < previous.close)) {
      throw new RangeError("sessionWalk: sessions must be in time order and not overlap");
    }
    offsets.push(total);
    total += session.close - session.open;
  }
  const last = sessions.at(-1) as WalkedSession;
  const startIndex = sessions.findIndex((session) => start < session.close);
  const startAt =
    startIndex === -1
      ? total
      : (offsets[startIndex] as number) +
        Math.max(0, start - (sessions[startIndex] as WalkedSession).open);

  /** The session holding walked position `at` (the last one past the end). */
  const sessionIndexAt = (at: number) => {
    let low = 0;
    let high = sessions.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if ((offsets[middle] as number) <= at) low = middle;
      else high = middle - 1;
    }
    return low;
  };
  const position = () => startAt + Math.max(0, source() - origin) * speed;
  return {
    now() {
      const at = position();
      if (at >= total) return last.close;
      const index = sessionIndexAt(at);
      return (sessions[index] as WalkedSession).open + (at - (offsets[index] as number));
    },
    sessionEnd() {
      const at = position();
      return at >= total ? last.close : (sessions[sessionIndexAt(at)] as WalkedSession).close;
    },
  };
}
