/**
 * Questions about an instant: is the exchange open, when does it next open or close, when did the most
 * recent session open.
 */
import type { ExchangeName } from "@kalpa/contracts/names";
import { dayKeyOf } from "../time/day-key";
import { addDays } from "../time/day-math";
import { type CalendarOptions, MAX_CLOSED_DAYS, type Session, sessionsOn } from "./sessions";

/** Sessions on the days around `at`, in order, walking forward (step 1) or backward (step -1). */
function* sessionsFrom(
  exchange: ExchangeName,
  at: number,
  step: 1 | -1,
  options: CalendarOptions,
): Generator<Session> {
  let day = dayKeyOf(at);
  for (let i = 0; i <= MAX_CLOSED_DAYS; i += 1) {
    const sessions = sessionsOn(exchange, day, options);
    yield* step === 1 ? sessions : sessions.reverse();
    day = addDays(day, step);
  }
}

function find(
  exchange: ExchangeName,
  at: number,
  step: 1 | -1,
  options: CalendarOptions,
  accept: (session: Session) => boolean,
): Session {
  for (const session of sessionsFrom(exchange, at, step, options)) {
    if (accept(session)) return session;
  }
  throw new RangeError(`${exchange}: no session within ${MAX_CLOSED_DAYS} days of ${at}`);
}

/** The session of `exchange` in progress at `at`, if any. */
export function sessionAt(
  exchange: ExchangeName,
  at: number,
  options: CalendarOptions = {},
): Session | undefined {
  return sessionsOn(exchange, dayKeyOf(at), options).find((s) => s.open <= at && at < s.close);
}

/** Whether `exchange` is trading at `at`. */
export function isOpen(exchange: ExchangeName, at: number, options: CalendarOptions = {}): boolean {
  return sessionAt(exchange, at, options) !== undefined;
}

/** The first session open strictly after `at` (epoch ms). */
export function nextOpen(
  exchange: ExchangeName,
  at: number,
  options: CalendarOptions = {},
): number {
  return find(exchange, at, 1, options, (s) => s.open > at).open;
}

/** The close of the session in progress at `at`, or else of the next session (epoch ms). */
export function nextClose(
  exchange: ExchangeName,
  at: number,
  options: CalendarOptions = {},
): number {
  return find(exchange, at, 1, options, (s) => s.close > at).close;
}

/** The open of the session in progress at `at`, or else of the last session before it (epoch ms). */
export function mostRecentSessionOpen(
  exchange: ExchangeName,
  at: number,
  options: CalendarOptions = {},
): number {
  return find(exchange, at, -1, options, (s) => s.open <= at).open;
}
