/**
 * Exchange calendar for 2025. Update here when a circular corrects a date (see calendar-year.ts).
 */
import type { CalendarYear } from "./calendar-year";

export const CALENDAR_2025: CalendarYear = {
  year: 2025,
  status: "confirmed",
  sources: [
    "NSE circular on trading holidays for 2025 (December 2024), as widely reported; compiled in " +
      "shared/reference/market-facts.md. Verify against the exchange's circular before relying on it.",
    "MCX full closures: MCX holiday list for 2025 as compiled in market-facts.md (unverified).",
    "1 Jan 2025, MCX morning session only (09:00-17:00): MCX's practice every year (its holiday lists for " +
      "2015-2026 each keep 1 January's morning session open and its evening session closed).",
  ],
  nseHolidays: [
    { day: "2025-02-26", name: "Mahashivratri" },
    { day: "2025-03-14", name: "Holi" },
    { day: "2025-03-31", name: "Id-Ul-Fitr" },
    { day: "2025-04-10", name: "Mahavir Jayanti" },
    { day: "2025-04-14", name: "Dr. Baba Saheb Ambedkar Jayanti" },
    { day: "2025-04-18", name: "Good Friday" },
    { day: "2025-05-01", name: "Maharashtra Day" },
    { day: "2025-08-15", name: "Independence Day" },
    { day: "2025-08-27", name: "Ganesh Chaturthi" },
    { day: "2025-10-02", name: "Mahatma Gandhi Jayanti / Dussehra" },
    { day: "2025-10-21", name: "Diwali Laxmi Pujan (Muhurat session)" },
    { day: "2025-10-22", name: "Diwali Balipratipada" },
    { day: "2025-11-05", name: "Guru Nanak Jayanti" },
    { day: "2025-12-25", name: "Christmas" },
  ],
  mcxFullClosures: ["2025-04-18", "2025-08-15", "2025-10-02", "2025-12-25"],
  muhurat: [
    {
      day: "2025-10-21",
      exchange: "NSE",
      open: "13:45",
      close: "14:45",
      note:
        "NSE's circular for Diwali 2025 set the Muhurat session to 13:45-14:45 (pre-open from 13:30), as " +
        "reported on 22 Sep 2025 (newsbytesapp.com, 'NSE announces Muhurat trading session for Diwali').",
    },
    {
      day: "2025-10-21",
      exchange: "MCX",
      open: "13:45",
      close: "14:45",
      note: "Assumed to match NSE's window (unverified); MCX also trades its evening session that day.",
    },
  ],
  mcxMorningOnly: [{ day: "2025-01-01", name: "New Year's Day (MCX morning session only)" }],
  specialDays: [
    {
      day: "2025-02-01",
      name: "Union Budget (special Saturday session)",
      sessions: [
        { exchange: "NSE", open: "09:15", close: "15:30" },
        { exchange: "MCX", open: "09:00", close: "17:00" },
      ],
      source:
        "NSE circular of December 2024 (live trading on Saturday 1 Feb 2025 at the normal hours, pre-open " +
        "09:00-09:08); MCX circular and release of 29 Jan 2025 (special live trading session 09:00-17:00), " +
        "as reported by Mint and IANS on 29 Jan 2025.",
    },
  ],
};
