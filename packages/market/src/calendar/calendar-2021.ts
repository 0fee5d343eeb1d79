/**
 * Exchange calendar for 2021: history, for backtests on the recorded BANKNIFTY 15-minute bars (see
 * calendar-2018.ts).
 */
import type { CalendarYear } from "./calendar-year";

export const CALENDAR_2021: CalendarYear = {
  year: 2021,
  status: "confirmed",
  sources: [
    "NSE's trading holidays for 2021, F&O segment (its circular as reproduced by bestdemataccounts.com): " +
      "fourteen weekdays, Muhurat trading on Thursday 4 Nov 2021 (Diwali Laxmi Pujan).",
    "Not a holiday: 24 Feb 2021, when a technical fault halted NSE's trading from late morning (it " +
      "reopened at 15:45 and traded until 17:00); the recorded 15-minute series has no bars that day.",
    "MCX full closures (26 Jan, Good Friday 2 Apr, Diwali 4 Nov) follow MCX's usual pattern and are " +
      "unverified for 2021; 1 Jan 2021 morning session only.",
    "Muhurat trading, 4 Nov 2021: 18:15-19:15 (unverified), MCX assumed the same.",
  ],
  nseHolidays: [
    { day: "2021-01-26", name: "Republic Day" },
    { day: "2021-03-11", name: "Mahashivratri" },
    { day: "2021-03-29", name: "Holi" },
    { day: "2021-04-02", name: "Good Friday" },
    { day: "2021-04-14", name: "Dr. Baba Saheb Ambedkar Jayanti" },
    { day: "2021-04-21", name: "Ram Navami" },
    { day: "2021-05-13", name: "Id-Ul-Fitr (Ramzan Id)" },
    { day: "2021-07-21", name: "Bakri Id" },
    { day: "2021-08-19", name: "Moharram" },
    { day: "2021-09-10", name: "Ganesh Chaturthi" },
    { day: "2021-10-15", name: "Dussehra" },
    { day: "2021-11-04", name: "Diwali Laxmi Pujan (Muhurat session)" },
    { day: "2021-11-05", name: "Diwali Balipratipada" },
    { day: "2021-11-19", name: "Guru Nanak Jayanti" },
  ],
  mcxFullClosures: ["2021-01-26", "2021-04-02", "2021-11-04"],
  muhurat: [
    {
      day: "2021-11-04",
      exchange: "NSE",
      open: "18:15",
      close: "19:15",
      note: "Diwali 2021; the 18:15-19:15 window is unverified.",
    },
    {
      day: "2021-11-04",
      exchange: "MCX",
      open: "18:15",
      close: "19:15",
      note: "Assumed to match NSE's window (unverified).",
    },
  ],
  mcxMorningOnly: [{ day: "2021-01-01", name: "New Year's Day (MCX morning session only)" }],
};
