/**
 * End of the trading day for signals: when open paper trades are squared off and waiting signals
 * cancelled. Each exchange's rule is either a fixed India time ("15:15") or a lead before the day's close
 * ("close-25": 25 minutes before it), so MCX's square-off follows its close as US daylight saving time
 * moves it (23:05 before a 23:30 close, 23:30 before 23:55). Defaults (market-facts.md, "Sessions"): NSE
 * 15:15, MCX 25 minutes before the close. The rule applies to the day's last regular (or MCX evening)
 * session; on a day with only special or Muhurat sessions, to the last of them, and when that session does
 * not contain the time, its close is used.
 */
import type { DayKey, ExchangeName } from "@kalpa/contracts/names";
import { type CalendarOptions, sessionsOn } from "../calendar/sessions";
import { instantAt, parseTimeOfDay } from "../time/time-of-day";

/** A square-off rule: "HH:MM" India time, or "close-N" for N minutes before the close. */
export type SquareOffRule = string;
export type SquareOffTimes = Readonly<Record<ExchangeName, SquareOffRule>>;

export const DEFAULT_SQUARE_OFF: SquareOffTimes = { NSE: "15:15", MCX: "close-25" };

const BEFORE_CLOSE = /^close-(\d{1,3})$/;
const TIME_OF_DAY = /^(0\d|1\d|2[0-3]):[0-5]\d$/;

/** Whether `rule` is a square-off rule this module reads. */
export function isSquareOffRule(rule: string): boolean {
  const lead = BEFORE_CLOSE.exec(rule);
  if (lead) return Number(lead[1]) > 0 && Number(lead[1]) <= 240;
  return TIME_OF_DAY.test(rule);
}

/** The square-off instant of `exchange` on `day`; undefined when it does not trade that day. */
export function squareOffAt(
  exchange: ExchangeName,
  day: DayKey,
  times: SquareOffTimes = DEFAULT_SQUARE_OFF,
  calendar: CalendarOptions = {},
): number | undefined {
  const sessions = sessionsOn(exchange, day, calendar);
  // The day's trading ends with its last regular (or MCX evening) session: a special or Muhurat session
  // later that evening is a session of its own, not where the day's positions are squared off.
  const last =
    sessions.filter((s) => s.kind === "regular" || s.kind === "evening").at(-1) ?? sessions.at(-1);
  if (!last) return undefined;
  const rule = times[exchange];
  const lead = BEFORE_CLOSE.exec(rule);
  const at = lead ? last.close - Number(lead[1]) * 60_000 : instantAt(day, parseTimeOfDay(rule));
  return at > last.open && at <= last.close ? at : last.close;
}
