/**
 * Exchange calendar for 2026. Update here when a circular corrects a date (see calendar-year.ts).
 */
import type { CalendarYear } from "./calendar-year";

export const CALENDAR_2026: CalendarYear = {
  year: 2026,
  sources: [
    "NSE circular on trading holidays for 2026, compiled in shared/reference/market-facts.md (gathered " +
      "from public sources in 2026).",
    "MCX full closures (26 Jan, 3 Apr, 2 Oct, 25 Dec): same compilation; MCX trades the evening session " +
      "on the other NSE holidays.",
  ],
  nseHolidays: [
    { day: "2026-01-15", name: "Maharashtra municipal elections" },
    { day: "2026-01-26", name: "Republic Day" },
    { day: "2026-03-03", name: "Holi" },
    { day: "2026-03-26", name: "Shri Ram Navami" },
    { day: "2026-03-31", name: "Shri Mahavir Jayanti" },
    { day: "2026-04-03", name: "Good Friday" },
    { day: "2026-04-14", name: "Dr. Baba Saheb Ambedkar Jayanti" },
    { day: "2026-05-01", name: "Maharashtra Day" },
    { day: "2026-05-28", name: "Bakri Id" },
    { day: "2026-06-26", name: "Muharram" },
    { day: "2026-09-14", name: "Ganesh Chaturthi" },
    { day: "2026-10-02", name: "Mahatma Gandhi Jayanti" },
    { day: "2026-10-20", name: "Dussehra" },
    { day: "2026-11-10", name: "Diwali Balipratipada" },
    { day: "2026-11-24", name: "Guru Nanak Jayanti" },
    { day: "2026-12-25", name: "Christmas" },
  ],
  mcxFullClosures: ["2026-01-26", "2026-04-03", "2026-10-02", "2026-12-25"],
  muhurat: [
    {
      day: "2026-11-08",
      exchange: "NSE",
      open: "18:00",
      close: "19:00",
      note:
        "Sunday 8 Nov 2026, evening; the exact window comes by circular. 18:00-19:00 is a placeholder " +
        "(unverified): override it with the calendar option muhuratWindows.",
    },
    {
      day: "2026-11-08",
      exchange: "MCX",
      open: "18:00",
      close: "19:00",
      note: "Placeholder matching NSE's (unverified); override with muhuratWindows.",
    },
  ],
};
