/**
 * The operator's calendar over HTTP (packages/contracts/src/api/calendar.ts), admin only. Changes are
 * refused unless the request's Origin is the site's (the security plugin's CSRF check), are rate-limited as
 * the other admin writes, audited, and installed in every process before the answer.
 */
import {
  CalendarDayBodySchema,
  CalendarDayParamsSchema,
  CalendarQuerySchema,
  CalendarYearBodySchema,
  CalendarYearParamsSchema,
  type CalendarYearView,
  calendarDayEndpoint,
  calendarDayRemoveEndpoint,
  calendarEndpoint,
  calendarReminderEndpoint,
  calendarYearEndpoint,
  REMINDER_DAYS,
} from "@kalpa/contracts/api/calendar";
import { formatDayKey } from "@kalpa/contracts/day-format";
import { successEnvelope } from "@kalpa/contracts/envelope";
import { unconfirmedDayAhead } from "@kalpa/market/calendar/calendar-book";
import { dayKeyOf } from "@kalpa/market/time/day-key";
import { addDays } from "@kalpa/market/time/day-math";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Clock } from "../../lib/clock";
import { fieldError } from "../../lib/errors";
import { ADMIN_WRITE_LIMIT, authOf } from "../auth/require-user";
import type { CalendarModule } from "./module";
import { yearView } from "./view";

export interface CalendarRoutesOptions {
  calendar: CalendarModule;
  clock: Clock;
  /** The market clock's now: the day the next expiries are counted from by default. */
  marketNow: () => number;
  /** "broker" when a broker's instrument list decides the traded expiry (MARKET_FEED=kite). */
  expiriesFrom: CalendarYearView["expiriesFrom"];
}

const tags = ["admin"];

/** A day key that names a real date (the schema checks only its shape: 2026-02-30 passes it). */
function realDay(field: string, day: string): string {
  try {
    addDays(day, 0);
    return day;
  } catch {
    throw fieldError(field, `${day} is not a day of the calendar.`);
  }
}

export const calendarRoutes: FastifyPluginAsyncZod<CalendarRoutesOptions> = async (app, opts) => {
  const { service, sync } = opts.calendar;

  app.get(
    calendarEndpoint.path,
    {
      onRequest: app.requireAdmin,
      schema: {
        tags,
        summary: "Admin: a year's calendar as applied (shipped files and the operator's rows)",
        querystring: CalendarQuerySchema,
        response: { 200: successEnvelope(calendarEndpoint.response) },
      },
    },
    async (request) => {
      // What the table holds now (a change from the command line shows at once here).
      await sync.load();
      const marketDay = dayKeyOf(opts.marketNow());
      const from = request.query.from ? realDay("from", request.query.from) : marketDay;
      const year = request.query.year ?? Number(marketDay.slice(0, 4));
      return {
        success: true as const,
        data: yearView(year, {
          from,
          expiriesFrom: opts.expiriesFrom,
          stored: sync.stored().days,
        }),
      };
    },
  );

  app.get(
    calendarReminderEndpoint.path,
    {
      onRequest: app.requireAdmin,
      schema: {
        tags,
        summary: `Admin: whether a day whose calendar is not confirmed is less than ${REMINDER_DAYS} days away`,
        response: { 200: successEnvelope(calendarReminderEndpoint.response) },
      },
    },
    async () => {
      const today = dayKeyOf(opts.clock());
      return {
        success: true as const,
        data: { today, reminder: unconfirmedDayAhead(today, REMINDER_DAYS) ?? null },
      };
    },
  );

  app.put(
    calendarDayEndpoint.path,
    {
      onRequest: app.requireAdmin,
      config: { rateLimit: ADMIN_WRITE_LIMIT },
      schema: {
        tags,
        summary: "Admin: sets the operator's row of a day (replaces the shipped data of that day)",
        params: CalendarDayParamsSchema,
        body: CalendarDayBodySchema,
        response: { 200: successEnvelope(calendarDayEndpoint.response) },
      },
    },
    async (request) => {
      const { user } = authOf(request);
      const day = realDay("day", request.params.day);
      const data = await service.setDay({ name: user.username, ip: request.ip }, day, request.body);
      return {
        success: true as const,
        data,
        message: `${formatDayKey(day)} saved: every process uses it now.`,
      };
    },
  );

  app.delete(
    calendarDayRemoveEndpoint.path,
    {
      onRequest: app.requireAdmin,
      config: { rateLimit: ADMIN_WRITE_LIMIT },
      schema: {
        tags,
        summary: "Admin: removes the operator's row of a day (the shipped day is back)",
        params: CalendarDayParamsSchema,
        response: { 200: successEnvelope(calendarDayRemoveEndpoint.response) },
      },
    },
    async (request) => {
      const { user } = authOf(request);
      const day = realDay("day", request.params.day);
      const restored = await service.removeDay({ name: user.username, ip: request.ip }, day);
      return {
        success: true as const,
        data: { day, restored },
        message: restored
          ? `The operator's row of ${formatDayKey(day)} is removed: the shipped day is back.`
          : `The operator's row of ${formatDayKey(day)} is removed: it is an ordinary day again.`,
      };
    },
  );

  app.put(
    calendarYearEndpoint.path,
    {
      onRequest: app.requireAdmin,
      config: { rateLimit: ADMIN_WRITE_LIMIT },
      schema: {
        tags,
        summary: "Admin: confirms a year's calendar, or marks it provisional",
        params: CalendarYearParamsSchema,
        body: CalendarYearBodySchema,
        response: { 200: successEnvelope(calendarYearEndpoint.response) },
      },
    },
    async (request) => {
      const { user } = authOf(request);
      const { year } = request.params;
      const data = await service.setYear(
        { name: user.username, ip: request.ip },
        year,
        request.body,
      );
      return {
        success: true as const,
        data,
        message: `The ${year} calendar is ${data.status} now.`,
      };
    },
  );
};
