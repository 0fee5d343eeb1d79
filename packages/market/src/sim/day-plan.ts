/**
 * A simulated day's minutes: every minute of every session the exchange holds that day, in order.
 */
import type { DayKey, ExchangeName } from "@kalpa/contracts/names";
import { regularHoursOn } from "../calendar/session-hours";
import { type CalendarOptions, sessionsOn } from "../calendar/sessions";
import { MINUTE_MS, minutesIntoDay, parseTimeOfDay } from "../time/time-of-day";
import type { MinuteSlot } from "./activity-profile";

export interface DayPlan {
  readonly slots: readonly MinuteSlot[];
  /**
   * The day's minutes as a share of a regular full session: 1 on a regular day, less on an evening-only
   * or Muhurat day. It scales the day's intraday variance and volume.
   */
  readonly fraction: number;
}

function regularMinutes(exchange: ExchangeName, day: DayKey, options: CalendarOptions): number {
  const hours = regularHoursOn(exchange, day, options.nseClose);
  return parseTimeOfDay(hours.close) - parseTimeOfDay(hours.open);
}

/** The minutes `exchange` trades on `day` as a share of a regular full session (0 when closed). */
export function tradingFraction(
  exchange: ExchangeName,
  day: DayKey,
  options: CalendarOptions,
): number {
  let minutes = 0;
  for (const session of sessionsOn(exchange, day, options)) {
    minutes += Math.round((session.close - session.open) / MINUTE_MS);
  }
  return minutes / regularMinutes(exchange, day, options);
}

/** The minute slots of `exchange` on `day`; no slots when it does not trade. */
export function planDay(exchange: ExchangeName, day: DayKey, options: CalendarOptions): DayPlan {
  const slots: MinuteSlot[] = [];
  for (const session of sessionsOn(exchange, day, options)) {
    const minutes = Math.round((session.close - session.open) / MINUTE_MS);
    for (let i = 0; i < minutes; i += 1) {
      const start = session.open + i * MINUTE_MS;
      slots.push({
        start,
        sinceOpen: i,
        beforeClose: minutes - 1 - i,
        timeOfDay: minutesIntoDay(start),
      });
    }
  }
  return { slots, fraction: tradingFraction(exchange, day, options) };
}
