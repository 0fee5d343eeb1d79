/**
 * Every year of shipped calendar data. To add a year: write `calendar-YYYY.ts` beside this file and list it
 * here. A year not listed has no holidays and its status is "unknown" (calendar-book.ts), unless the operator
 * adds its days and sets its status.
 */
import { CALENDAR_2024 } from "./calendar-2024";
import { CALENDAR_2025 } from "./calendar-2025";
import { CALENDAR_2026 } from "./calendar-2026";
import { CALENDAR_2027 } from "./calendar-2027";
import type { CalendarYear } from "./calendar-year";

export const CALENDAR_YEARS: readonly CalendarYear[] = [
  CALENDAR_2024,
  CALENDAR_2025,
  CALENDAR_2026,
  CALENDAR_2027,
];
