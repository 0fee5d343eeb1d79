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
};
