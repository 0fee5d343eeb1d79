/**
 * Exchange calendar for 2019: history, for backtests on the recorded BANKNIFTY 15-minute bars (see
 * calendar-2018.ts).
 */
import type { CalendarYear } from "./calendar-year";

export const CALENDAR_2019: CalendarYear = {
  year: 2019,
  status: "confirmed",
  sources: [
    "NSE's trading holidays for 2019 (equity and F&O segments), as tabulated by jaanoaurseekho.com and " +
      "niftyoutlook.com: fifteen weekdays; Diwali Laxmi Pujan fell on Sunday 27 Oct, with Muhurat trading.",
    "Two election days added later: 29 Apr 2019, Parliamentary elections in Mumbai (NSE circular of " +
      "26 Mar 2019; Moneycontrol, 27 Mar 2019), and 21 Oct 2019, Maharashtra assembly elections (NSE " +
      "circular; PTI in Moneycontrol, 9 Oct 2019: the commodity segment traded the evening session only).",
    "MCX: its 2019 list (jaanoaurseekho.com, goldsilverreports.com) closes Good Friday (19 Apr), " +
      "Independence Day and Gandhi Jayanti all day and trades the evening session on the other NSE " +
      "holidays; 1 Jan 2019 morning session only. Christmas (25 Dec) as a full closure is unverified.",
    "Muhurat trading, Sunday 27 Oct 2019: 18:15-19:15 on NSE (unverified; the usual evening hour of " +
      "2019-2023), MCX assumed the same.",
  ],
  nseHolidays: [
    { day: "2019-03-04", name: "Mahashivratri" },
    { day: "2019-03-21", name: "Holi" },
    { day: "2019-04-17", name: "Mahavir Jayanti" },
    { day: "2019-04-19", name: "Good Friday" },
    { day: "2019-04-29", name: "Parliamentary elections (Mumbai)" },
    { day: "2019-05-01", name: "Maharashtra Day" },
    { day: "2019-06-05", name: "Id-Ul-Fitr (Ramzan Id)" },
    { day: "2019-08-12", name: "Bakri Id" },
    { day: "2019-08-15", name: "Independence Day" },
    { day: "2019-09-02", name: "Ganesh Chaturthi" },
    { day: "2019-09-10", name: "Moharram" },
    { day: "2019-10-02", name: "Mahatma Gandhi Jayanti" },
    { day: "2019-10-08", name: "Dussehra" },
    { day: "2019-10-21", name: "Maharashtra assembly elections" },
    { day: "2019-10-28", name: "Diwali Balipratipada" },
    { day: "2019-11-12", name: "Guru Nanak Jayanti" },
    { day: "2019-12-25", name: "Christmas" },
  ],
  mcxFullClosures: ["2019-04-19", "2019-08-15", "2019-10-02", "2019-12-25"],
  muhurat: [
    {
      day: "2019-10-27",
      exchange: "NSE",
      open: "18:15",
      close: "19:15",
      note: "Sunday 27 Oct 2019 (BSE and NSE held an hour of Muhurat trading, Indian Express 22 Jan 2020); the 18:15-19:15 window is unverified.",
    },
    {
      day: "2019-10-27",
      exchange: "MCX",
      open: "18:15",
      close: "19:15",
      note: "Assumed to match NSE's window (unverified).",
    },
  ],
  mcxMorningOnly: [{ day: "2019-01-01", name: "New Year's Day (MCX morning session only)" }],
};
