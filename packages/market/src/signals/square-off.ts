/**
 * End of the trading day for signals: the intraday square-off time that paper-trading platforms use
 * (market-facts.md, "Sessions"): NSE/NFO 15:15, MCX 23:30. Configurable per exchange. On a day whose last
 * session does not contain that time (a Muhurat-only evening), the session's close is used.
 */
import type { DayKey, ExchangeName } from "@kalpa/contracts/names";
import { type CalendarOptions, sessionsOn } from "../calendar/sessions";
import { instantAt, parseTimeOfDay } from "../time/time-of-day";

export type SquareOffTimes = Readonly<Record<ExchangeName, string>>;

export const DEFAULT_SQUARE_OFF: SquareOffTimes = { NSE: "15:15", MCX: "23:30" };

/** The square-off instant of `exchange` on `day`; undefined when it does not trade that day. */
export function squareOffAt(
  exchange: ExchangeName,
  day: DayKey,
  times: SquareOffTimes = DEFAULT_SQUARE_OFF,
  calendar: CalendarOptions = {},
): number | undefined {
  const last = sessionsOn(exchange, day, calendar).at(-1);
  if (!last) return undefined;
  const at = instantAt(day, parseTimeOfDay(times[exchange]));
  return at > last.open && at <= last.close ? at : last.close;
}
