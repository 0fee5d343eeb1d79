/**
 * The shape of one year's exchange calendar data. Each year lives in its own file (`calendar-2026.ts`) and
 * is listed once in `calendar-years.ts`: that is the one place to update when a new year's circulars come.
 */
import type { DayKey, ExchangeName } from "@kalpa/contracts/names";

export interface Holiday {
  readonly day: DayKey;
  readonly name: string;
}

/** A special session (Muhurat trading on Diwali), with its window in Asia/Kolkata as "HH:MM". */
export interface SpecialSession {
  readonly day: DayKey;
  readonly exchange: ExchangeName;
  readonly open: string;
  readonly close: string;
  /** Where the window comes from, and whether it is confirmed. */
  readonly note: string;
}

export interface CalendarYear {
  readonly year: number;
  /** Where the dates come from. */
  readonly sources: readonly string[];
  /** NSE trading holidays falling on weekdays. */
  readonly nseHolidays: readonly Holiday[];
  /**
   * The NSE holidays on which MCX is fully closed. On every other NSE holiday MCX trades the evening session
   * only (from 17:00).
   */
  readonly mcxFullClosures: readonly DayKey[];
  readonly muhurat: readonly SpecialSession[];
}
