/**
 * Which bar a moment belongs to. Minute bars are aligned to the session's open in Asia/Kolkata (NSE's
 * 5-minute bars start 09:15, 09:20...; MCX's 09:00, or 17:00 on an evening-only day) and end no later
 * than the session's close; a daily bar is the India-time day, stamped at its midnight.
 */
import type { BarInterval } from "@kalpa/contracts/market";
import type { DayKey, ExchangeName } from "@kalpa/contracts/names";
import { calendarVersion } from "../calendar/calendar-book";
import { type CalendarOptions, type Session, sessionsOn } from "../calendar/sessions";
import { dayKeyOf } from "../time/day-key";
import { instantAt, MINUTE_MS } from "../time/time-of-day";

export const INTERVAL_MINUTES: Readonly<Record<Exclude<BarInterval, "1d">, number>> = {
  "1m": 1,
  "5m": 5,
  "15m": 15,
};

export interface Bucket {
  /** First instant of the bar (its `time`). */
  readonly start: number;
  /** First instant after the bar. */
  readonly end: number;
}

const DAY_MS = 24 * 60 * MINUTE_MS;
/** Days of sessions a bucketer remembers (ticks arrive in order, so two cover midnight). */
const CACHED_DAYS = 4;

export type Bucketer = (exchange: ExchangeName, interval: BarInterval, time: number) => Bucket;

/**
 * A function from (exchange, interval, instant) to its bucket, remembering recent days' sessions (until the
 * calendar changes).
 */
export function createBucketer(calendar: CalendarOptions = {}): Bucketer {
  const cache = new Map<string, Session[]>();
  let version = calendarVersion();
  const sessionsOf = (exchange: ExchangeName, day: DayKey): Session[] => {
    // An operator's calendar change (calendar-book.ts) makes the remembered sessions stale.
    if (version !== calendarVersion()) {
      version = calendarVersion();
      cache.clear();
    }
    const key = `${exchange} ${day}`;
    let sessions = cache.get(key);
    if (!sessions) {
      sessions = sessionsOn(exchange, day, calendar);
      cache.set(key, sessions);
      if (cache.size > CACHED_DAYS) cache.delete(cache.keys().next().value ?? key);
    }
    return sessions;
  };

  return (exchange, interval, time) => {
    const day = dayKeyOf(time);
    const sessions = sessionsOf(exchange, day);
    const midnight = instantAt(day, 0);
    if (interval === "1d") {
      return { start: midnight, end: sessions.at(-1)?.close ?? midnight + DAY_MS };
    }
    const size = INTERVAL_MINUTES[interval] * MINUTE_MS;
    const session = sessions.find((s) => s.open <= time && time < s.close);
    const anchor = session ? session.open : midnight;
    const start = anchor + Math.floor((time - anchor) / size) * size;
    return { start, end: session ? Math.min(start + size, session.close) : start + size };
  };
}
