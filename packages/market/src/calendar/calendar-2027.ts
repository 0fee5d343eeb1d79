/**
 * Exchange calendar for 2027: PROVISIONAL. NSE and MCX publish the year's holidays in December; until their
 * circulars are in this file (or the operator enters them and confirms the year), only the holidays on fixed
 * dates are known, and everything that shows a 2027 day says the calendar is provisional.
 */
import type { CalendarYear } from "./calendar-year";

export const CALENDAR_2027: CalendarYear = {
  year: 2027,
  status: "provisional",
  sources: [
    "Provisional: the fixed-date holidays that fall on weekdays in 2027, from shared/reference/market-facts.md " +
      "(Republic Day, Good Friday with Easter on 28 Mar 2027, Ambedkar Jayanti). 1 May, 15 Aug, 2 Oct and " +
      "25 Dec 2027 fall on weekends. Holidays of the lunar calendar (Holi, Id, Diwali and others) and the " +
      "Muhurat session come only with the exchanges' circulars.",
    "MCX full closures assumed from the 2026 pattern (Republic Day and Good Friday closed all day; evening " +
      "session on the other NSE holidays): provisional.",
    "1 Jan 2027, MCX morning session only (09:00-17:00): MCX's practice every year (its holiday lists for " +
      "2015-2026 each keep 1 January's morning session open and its evening session closed); provisional " +
      "until MCX's list for 2027.",
  ],
  nseHolidays: [
    { day: "2027-01-26", name: "Republic Day" },
    { day: "2027-03-26", name: "Good Friday" },
    { day: "2027-04-14", name: "Dr. Baba Saheb Ambedkar Jayanti" },
  ],
  mcxFullClosures: ["2027-01-26", "2027-03-26"],
  muhurat: [],
  mcxMorningOnly: [{ day: "2027-01-01", name: "New Year's Day (MCX morning session only)" }],
  notes: [
    "Provisional year: lunar-calendar holidays and the Muhurat session are not known until the exchanges' " +
      "circulars for 2027 (December 2026). Enter them in the Calendar view or with npm run admin -- calendar " +
      "set-day, then confirm the year.",
  ],
};
