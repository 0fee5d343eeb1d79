/**
 * The shape of one year's exchange calendar data as shipped. Each year lives in its own file
 * (`calendar-2026.ts`) and is listed once in `calendar-years.ts`: that is the one place to update when a new
 * year's circulars come. The operator's rows (calendar-book.ts) are laid over these files at run time.
 */
import type { YearStatus } from "@kalpa/contracts/api/calendar";
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

/** A day MCX trades its morning session only (09:00-17:00: 1 January), still a business day. */
export interface McxMorningOnlyDay {
  readonly day: DayKey;
  readonly name: string;
}

/**
 * A one-off session on a day the exchanges do not otherwise trade (the Union Budget on a weekend): each
 * exchange's window, its kind "special" (the models trade it as a regular session, and it is not a business
 * day, so no expiry moves onto it).
 */
export interface SpecialDay {
  readonly day: DayKey;
  readonly name: string;
  readonly sessions: readonly {
    readonly exchange: ExchangeName;
    readonly open: string;
    readonly close: string;
  }[];
  readonly source: string;
}

export interface CalendarYear {
  readonly year: number;
  /**
   * "confirmed" once the exchanges' circulars for the year are in the file; "provisional" while it holds
   * only what is known ahead (fixed-date holidays). Shown wherever the year's days are shown.
   */
  readonly status: YearStatus;
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
  /** Days MCX trades its morning session only. */
  readonly mcxMorningOnly?: readonly McxMorningOnlyDay[];
  /** One-off special sessions (a weekend Budget day). */
  readonly specialDays?: readonly SpecialDay[];
  /** What the file knows it does not hold (a Muhurat window never recorded), for the operator. */
  readonly notes?: readonly string[];
}
