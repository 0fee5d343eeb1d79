/**
 * The console's writes on the calendar: set a day's row (PUT), remove it (DELETE), set a year's status
 * (PUT). Each hands back the server's message and fetches the Calendar view (and the banner) again.
 */
import {
  type CalendarDayBody,
  type CalendarYearBody,
  calendarDayEndpoint,
  calendarDayRemoveEndpoint,
  calendarYearEndpoint,
} from "@kalpa/contracts/api/calendar";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequestWithMessage } from "@/lib/api-client";
import { adminCalendarQueryKey } from "./query-keys";

function useCalendarChange<TInput, TResult>(change: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation<TResult, Error, TInput>({
    mutationFn: change,
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminCalendarQueryKey }),
  });
}

export function useSetCalendarDay() {
  return useCalendarChange((input: { day: string; body: CalendarDayBody }) =>
    apiRequestWithMessage(calendarDayEndpoint, { params: { day: input.day }, body: input.body }),
  );
}

export function useRemoveCalendarDay() {
  return useCalendarChange((day: string) =>
    apiRequestWithMessage(calendarDayRemoveEndpoint, { params: { day } }),
  );
}

export function useSetCalendarYear() {
  return useCalendarChange((input: { year: number; body: CalendarYearBody }) =>
    apiRequestWithMessage(calendarYearEndpoint, { params: { year: input.year }, body: input.body }),
  );
}
