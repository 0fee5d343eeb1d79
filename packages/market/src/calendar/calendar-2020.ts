/**
 * Exchange calendar for 2020: history, for backtests on the recorded BANKNIFTY 15-minute bars (see
 * calendar-2018.ts).
 */
import type { CalendarYear } from "./calendar-year";

export const CALENDAR_2020: CalendarYear = {
  year: 2020,
  status: "confirmed",
  sources: [
    "NSE's trading holidays for 2020 as tabulated by officeholidays.com (its trading column is garbled for " +
      "6 and 10 Apr; both are trading holidays in NSE's list and both have no bars in the recorded " +
      "BANKNIFTY series): twelve weekdays; Diwali Laxmi Pujan on Saturday 14 Nov with Muhurat trading.",
    "Saturday 1 Feb 2020, Union Budget: BSE and NSE held a trading session at the normal hours (BSE " +
      "circular of 21 Jan 2020; both exchanges' circulars, ANI 1 Feb 2020); the recorded BANKNIFTY bars " +
      "run 09:15-15:30 that day. MCX's trading that day is not recorded.",
    "MCX full closures (Good Friday 10 Apr, 2 Oct, 25 Dec) follow MCX's usual pattern and are unverified " +
      "for 2020; 1 Jan 2020 morning session only.",
    "Muhurat trading, Saturday 14 Nov 2020: 18:15-19:15, pre-open 18:00-18:08, MCX the same window (NSE's " +
      "timetable in NDTV, 14 Nov 2020; Hindustan Times, 14 Nov 2020, for MCX).",
  ],
  nseHolidays: [
    { day: "2020-02-21", name: "Mahashivratri" },
    { day: "2020-03-10", name: "Holi" },
    { day: "2020-04-02", name: "Ram Navami" },
    { day: "2020-04-06", name: "Mahavir Jayanti" },
    { day: "2020-04-10", name: "Good Friday" },
    { day: "2020-04-14", name: "Dr. Baba Saheb Ambedkar Jayanti" },
    { day: "2020-05-01", name: "Maharashtra Day" },
    { day: "2020-05-25", name: "Id-Ul-Fitr (Ramzan Id)" },
    { day: "2020-10-02", name: "Mahatma Gandhi Jayanti" },
    { day: "2020-11-16", name: "Diwali Balipratipada" },
    { day: "2020-11-30", name: "Guru Nanak Jayanti" },
    { day: "2020-12-25", name: "Christmas" },
  ],
  mcxFullClosures: ["2020-04-10", "2020-10-02", "2020-12-25"],
  muhurat: [
    {
      day: "2020-11-14",
      exchange: "NSE",
      open: "18:15",
      close: "19:15",
      note: "NSE's timetable: normal market 18:15-19:15 (NDTV, 14 Nov 2020).",
    },
    {
      day: "2020-11-14",
      exchange: "MCX",
      open: "18:15",
      close: "19:15",
      note: "MCX's session 18:15-19:15 (Hindustan Times, 14 Nov 2020).",
    },
  ],
  mcxMorningOnly: [{ day: "2020-01-01", name: "New Year's Day (MCX morning session only)" }],
  specialDays: [
    {
      day: "2020-02-01",
      name: "Union Budget (special Saturday session)",
      sessions: [{ exchange: "NSE", open: "09:15", close: "15:30" }],
      source:
        "BSE's circular of 21 Jan 2020 and NSE's circular: live trading on Saturday 1 Feb 2020 at the normal " +
        "hours (Indian Express, 22 Jan 2020; ANI, 1 Feb 2020).",
    },
  ],
};
