/**
 * Every year of shipped calendar data. To add a year: write `calendar-YYYY.ts` beside this file and list it
 * here. A year not listed has no holidays and its status is "unknown" (calendar-book.ts), unless the operator
 * adds its days and sets its status.
 */
import { CALENDAR_2018 } from "./calendar-2018";
import { CALENDAR_2019 } from "./calendar-2019";
import { CALENDAR_2020 } from "./calendar-2020";
import { CALENDAR_2021 } from "./calendar-2021";
import { CALENDAR_2022 } from "./calendar-2022";
import { CALENDAR_2023 } from "./calendar-2023";
import { CALENDAR_2024 } from "./calendar-2024";
import { CALENDAR_2025 } from "./calendar-2025";
import { CALENDAR_2026 } from "./calendar-2026";
import { CALENDAR_2027 } from "./calendar-2027";
import type { CalendarYear } from "./calendar-year";

export const CALENDAR_YEARS: readonly CalendarYear[] = [
  CALENDAR_2018,
  CALENDAR_2019,
  CALENDAR_2020,
  CALENDAR_2021,
  CALENDAR_2022,
  CALENDAR_2023,
  CALENDAR_2024,
  CALENDAR_2025,
  CALENDAR_2026,
  CALENDAR_2027,
];
