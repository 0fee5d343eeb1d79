/**
 * Exchange calendar for 2018: history, for backtests on the recorded BANKNIFTY 15-minute bars (2018 to
 * August 2023, shared/market-data/index-15min). Checked against those bars by
 * packages/market/recorded/calendar-history.test.ts.
 */
import type { CalendarYear } from "./calendar-year";

export const CALENDAR_2018: CalendarYear = {
  year: 2018,
  status: "confirmed",
  sources: [
    "NSE circular NSE/CMTR/36475 of 12 Dec 2017, 'Trading holidays for the calendar year 2018' (as " +
      "reproduced by taxguru.in; the circular prints Christmas as 'November 25, 2018 Tuesday', which is " +
      "25 Dec 2018, a Tuesday); the same sixteen days in BSE's list (NDTV, 2 Mar 2018).",
    "Muhurat trading on Diwali, 7 Nov 2018: 17:30-18:30 in the derivatives segment (everydayintradaytips.com, " +
      "Nov 2018); MCX's window is taken to be the same (unverified).",
    "MCX full closures (26 Jan, Good Friday 30 Mar, 15 Aug, 2 Oct, Diwali 7 Nov, 25 Dec) follow MCX's usual " +
      "pattern and are unverified for 2018; MCX trades the evening session on the other NSE holidays. " +
      "1 Jan 2018: MCX's morning session only, as every year.",
  ],
  nseHolidays: [
    { day: "2018-01-26", name: "Republic Day" },
    { day: "2018-02-13", name: "Mahashivratri" },
    { day: "2018-03-02", name: "Holi" },
    { day: "2018-03-29", name: "Mahavir Jayanti" },
    { day: "2018-03-30", name: "Good Friday" },
    { day: "2018-05-01", name: "Maharashtra Day" },
    { day: "2018-08-15", name: "Independence Day" },
    { day: "2018-08-22", name: "Bakri Id" },
    { day: "2018-09-13", name: "Ganesh Chaturthi" },
    { day: "2018-09-20", name: "Moharram" },
    { day: "2018-10-02", name: "Mahatma Gandhi Jayanti" },
    { day: "2018-10-18", name: "Dussehra" },
    { day: "2018-11-07", name: "Diwali Laxmi Pujan (Muhurat session)" },
    { day: "2018-11-08", name: "Diwali Balipratipada" },
    { day: "2018-11-23", name: "Guru Nanak Jayanti" },
    { day: "2018-12-25", name: "Christmas" },
  ],
  mcxFullClosures: [
    "2018-01-26",
    "2018-03-30",
    "2018-08-15",
    "2018-10-02",
    "2018-11-07",
    "2018-12-25",
  ],
  muhurat: [
    {
      day: "2018-11-07",
      exchange: "NSE",
      open: "17:30",
      close: "18:30",
      note: "Derivatives 17:30-18:30 (everydayintradaytips.com, 7 Nov 2018).",
    },
    {
      day: "2018-11-07",
      exchange: "MCX",
      open: "17:30",
      close: "18:30",
      note: "Assumed to match NSE's window (unverified).",
    },
  ],
  mcxMorningOnly: [{ day: "2018-01-01", name: "New Year's Day (MCX morning session only)" }],
};
