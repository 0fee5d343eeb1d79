/**
 * The operator's exchange calendars (decision 016). The shipped year files (packages/market
 * calendar-YYYY.ts) are overlaid with the operator's rows: a row replaces the shipped data of its day
 * entirely, and removing it restores the shipped day. Admin only (401 signed out, 403 for other roles);
 * every change is audited and reaches every process.
 *
 * - GET /api/admin/calendar?year=&from=: one year's calendar as every process applies it (each day with
 *   where it comes from), the year's status, and the next expiries from `from` (default: the market's day).
 * - PUT /api/admin/calendar/days/:day: sets the operator's row of a day (a holiday, an MCX evening-only day,
 *   a Muhurat window, a special session).
 * - DELETE /api/admin/calendar/days/:day: removes the operator's row (the shipped day comes back).
 * - PUT /api/admin/calendar/years/:year: confirms a year, or marks it provisional.
 * - GET /api/admin/calendar/reminder: the banner's question: is a day whose calendar is not confirmed less
 *   than REMINDER_DAYS away?
 */
import * as z from "zod/mini";
import { DayKeySchema, MarketSymbolSchema } from "../names";
import { CalendarStatusSchema } from "./market";

/** NSE on a day: "closed" is a trading holiday. Weekends are always closed (only special sessions trade). */
export const NSE_DAY_STATES = ["open", "closed"] as const;
export type NseDayState = (typeof NSE_DAY_STATES)[number];
/**
 * MCX on a day: its regular session, the morning session only (to 17:00, as on 1 January), the evening
 * session only (from 17:00, on an NSE holiday), or closed.
 */
export const MCX_DAY_STATES = ["regular", "morning", "evening", "closed"] as const;
export type McxDayState = (typeof MCX_DAY_STATES)[number];
/**
 * A session outside the regular ones: "muhurat" (Diwali; the models do not trade it) or "special" (a
 * special Saturday session and the like; the models trade it as a regular one). Neither makes a business
 * day, so expiries never move onto one.
 */
export const SPECIAL_SESSION_KINDS = ["muhurat", "special"] as const;
export type SpecialSessionKind = (typeof SPECIAL_SESSION_KINDS)[number];
export const CALENDAR_EXCHANGES = ["NSE", "MCX"] as const;
/** A year's status as the operator can set it. */
export const YEAR_STATUSES = ["confirmed", "provisional"] as const;
export type YearStatus = (typeof YEAR_STATUSES)[number];
/** Where a day's or a year's data comes from. */
export const CALENDAR_ORIGINS = ["shipped", "operator"] as const;
export type CalendarOrigin = (typeof CALENDAR_ORIGINS)[number];

/** The banner and the operators' weekly e-mail start this many days before an unconfirmed day. */
export const REMINDER_DAYS = 30;
/** A day further back than this cannot be changed: its bars, signals and expiries are history. */
export const MAX_PAST_DAYS = 31;
/** Years after the current one that can be set (the exchanges publish one year ahead). */
export const MAX_YEARS_AHEAD = 2;
export const MAX_SESSIONS_PER_DAY = 4;

const HH_MM = /^([01]\d|2[0-3]):[0-5]\d$/;
const TimeSchema = z.string().check(z.regex(HH_MM, "Expected a time as HH:MM (00:00 to 23:59)"));
const text = (max: number, what: string) =>
  z.string().check(z.trim(), z.minLength(1, `${what} is required`), z.maxLength(max));

export const CalendarSessionSchema = z.object({
  exchange: z.enum(CALENDAR_EXCHANGES),
  kind: z.enum(SPECIAL_SESSION_KINDS),
  open: TimeSchema,
  close: TimeSchema,
});
export type CalendarSession = z.infer<typeof CalendarSessionSchema>;

/** The body of PUT /api/admin/calendar/days/:day (the day is in the path). */
export const CalendarDayBodySchema = z.object({
  nse: z.enum(NSE_DAY_STATES),
  mcx: z.enum(MCX_DAY_STATES),
  /** The holiday's or the session's name ("Holi", "Muhurat trading"). */
  name: text(80, "The day's name"),
  sessions: z.array(CalendarSessionSchema).check(z.maxLength(MAX_SESSIONS_PER_DAY)),
  /** Where the change comes from: the circular's number or link. */
  source: text(200, "The source"),
});
export type CalendarDayBody = z.infer<typeof CalendarDayBodySchema>;

export const CalendarDayParamsSchema = z.object({ day: DayKeySchema });

/** The body of PUT /api/admin/calendar/years/:year. */
export const CalendarYearBodySchema = z.object({
  status: z.enum(YEAR_STATUSES),
  source: text(200, "The source"),
});
export type CalendarYearBody = z.infer<typeof CalendarYearBodySchema>;

export const CalendarYearParamsSchema = z.object({
  year: z.coerce.number().check(z.int(), z.minimum(2000), z.maximum(2200)),
});

export const CalendarQuerySchema = z.object({
  year: z.optional(z.coerce.number().check(z.int(), z.minimum(2000), z.maximum(2200))),
  /** The day the next expiries are counted from (default: the market's day). */
  from: z.optional(DayKeySchema),
});

/** One day of the merged calendar. */
export const CalendarDaySchema = z.object({
  day: DayKeySchema,
  nse: z.enum(NSE_DAY_STATES),
  mcx: z.enum(MCX_DAY_STATES),
  name: z.string(),
  sessions: z.array(CalendarSessionSchema),
  origin: z.enum(CALENDAR_ORIGINS),
  /** The circular or file the data comes from. */
  source: z.string(),
  /** The operator's row: who set it and when (ISO 8601). */
  updatedBy: z.nullable(z.string()),
  updatedAt: z.nullable(z.string()),
  /** Under an operator's row: what the shipped files say of the day (null: an ordinary day). */
  shipped: z.nullable(
    z.object({
      nse: z.enum(NSE_DAY_STATES),
      mcx: z.enum(MCX_DAY_STATES),
      name: z.string(),
      sessions: z.array(CalendarSessionSchema),
    }),
  ),
});
export type CalendarDay = z.infer<typeof CalendarDaySchema>;

export const CalendarReminderSchema = z.object({
  /** The first day whose calendar is not confirmed. */
  day: DayKeySchema,
  status: z.enum(["provisional", "unknown"]),
  daysAway: z.number(),
});
export type CalendarReminder = z.infer<typeof CalendarReminderSchema>;

export const CalendarNextExpirySchema = z.object({
  symbol: MarketSymbolSchema,
  kind: z.enum(["weekly", "monthly"]),
  day: DayKeySchema,
});
export type CalendarNextExpiry = z.infer<typeof CalendarNextExpirySchema>;

export const CalendarYearViewSchema = z.object({
  year: z.number(),
  status: CalendarStatusSchema,
  /** Whether the status is the shipped file's or the operator's (null: no data for the year). */
  statusOrigin: z.nullable(z.enum(CALENDAR_ORIGINS)),
  /** The operator's source for the status, or the shipped file's sources. */
  sources: z.array(z.string()),
  /** What the shipped file says it does not know (an unrecorded Muhurat window). */
  notes: z.array(z.string()),
  /** Every day that differs from an ordinary week, in order. */
  days: z.array(CalendarDaySchema),
  /** The day the expiries are counted from. */
  from: DayKeySchema,
  expiries: z.array(CalendarNextExpirySchema),
  /**
   * "broker" when a broker's instrument list decides the traded expiry (MARKET_FEED=kite): the calendar's
   * expiries are then the fallback, and the Broker view lists where the two disagree.
   */
  expiriesFrom: z.enum(["calendar", "broker"]),
  /** The first years with any data, for the year picker. */
  years: z.array(z.number()),
});
export type CalendarYearView = z.infer<typeof CalendarYearViewSchema>;

export const calendarEndpoint = {
  method: "GET",
  path: "/api/admin/calendar",
  response: CalendarYearViewSchema,
} as const;

export const calendarDayEndpoint = {
  method: "PUT",
  path: "/api/admin/calendar/days/:day",
  body: CalendarDayBodySchema,
  response: CalendarDaySchema,
} as const;

export const calendarDayRemoveEndpoint = {
  method: "DELETE",
  path: "/api/admin/calendar/days/:day",
  response: z.object({ day: DayKeySchema, restored: z.nullable(CalendarDaySchema) }),
} as const;

export const calendarYearEndpoint = {
  method: "PUT",
  path: "/api/admin/calendar/years/:year",
  body: CalendarYearBodySchema,
  response: z.object({ year: z.number(), status: CalendarStatusSchema }),
} as const;

export const CalendarReminderViewSchema = z.object({
  today: DayKeySchema,
  reminder: z.nullable(CalendarReminderSchema),
});
export type CalendarReminderView = z.infer<typeof CalendarReminderViewSchema>;

export const calendarReminderEndpoint = {
  method: "GET",
  path: "/api/admin/calendar/reminder",
  response: CalendarReminderViewSchema,
} as const;
