import { calendarEndpoint, calendarReminderEndpoint } from "@kalpa/contracts/api/calendar";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { adminCalendarReminderQueryKey, adminCalendarYearQueryKey } from "./query-keys";

/** How often every view asks whether the calendar banner is due (it changes once a day at most). */
export const CALENDAR_REMINDER_REFRESH_MS = 10 * 60_000;

/** GET /api/admin/calendar?year=: a year as every process applies it (the market's year when not given). */
export function calendarYearQueryOptions(year: number | undefined) {
  return queryOptions({
    queryKey: adminCalendarYearQueryKey(year),
    queryFn: ({ signal }) => apiRequest(calendarEndpoint, { signal, query: { year } }),
    meta: { private: true },
  });
}

export function useCalendarYear(year: number | undefined) {
  return useQuery(calendarYearQueryOptions(year));
}

/** GET /api/admin/calendar/reminder: whether a day whose calendar is not confirmed is near. */
export function useCalendarReminder() {
  return useQuery({
    queryKey: adminCalendarReminderQueryKey,
    queryFn: ({ signal }) => apiRequest(calendarReminderEndpoint, { signal }),
    refetchInterval: CALENDAR_REMINDER_REFRESH_MS,
    meta: { private: true },
  });
}
