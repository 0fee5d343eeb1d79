/**
 * Exchange calendar for 2023: history, for backtests on the recorded BANKNIFTY 15-minute bars (see
 * calendar-2018.ts).
 */
import type { CalendarYear } from "./calendar-year";

export const CALENDAR_2023: CalendarYear = {
  year: 2023,
  status: "confirmed",
  sources: [
    "NSE circular NSE/CMTR/54757 of 8 Dec 2022 (trading holidays for 2023), with its change of 27 Jun 2023: " +
      "the Bakri Id holiday moved from Wednesday 28 Jun to Thursday 29 Jun after Maharashtra moved its " +
      "public holiday, and the June F&O expiry moved to 28 Jun (BQ Prime, Business Standard, CNBC-TV18, " +
      "27 Jun 2023). The later holidays as Business Standard lists them that day. Muhurat trading on " +
      "Sunday 12 Nov 2023 (Diwali Laxmi Pujan).",
    "MCX full closures (26 Jan, Good Friday 7 Apr, 15 Aug, 2 Oct, 25 Dec) follow MCX's usual pattern and " +
      "are unverified for 2023; MCX's morning session was closed and its evening open on 29 Jun (CNBC-TV18). " +
      "1 Jan 2023 was a Sunday.",
    "Muhurat trading, Sunday 12 Nov 2023: 18:15-19:15 for equity, F&O and MCX (Angel One's notice and " +
      "Zerodha's TradingQnA of the exchanges' circulars).",
  ],
  nseHolidays: [
    { day: "2023-01-26", name: "Republic Day" },
    { day: "2023-03-07", name: "Holi" },
    { day: "2023-03-30", name: "Ram Navami" },
    { day: "2023-04-04", name: "Mahavir Jayanti" },
    { day: "2023-04-07", name: "Good Friday" },
    { day: "2023-04-14", name: "Dr. Baba Saheb Ambedkar Jayanti" },
    { day: "2023-05-01", name: "Maharashtra Day" },
    { day: "2023-06-29", name: "Bakri Id" },
    { day: "2023-08-15", name: "Independence Day" },
    { day: "2023-09-19", name: "Ganesh Chaturthi" },
    { day: "2023-10-02", name: "Mahatma Gandhi Jayanti" },
    { day: "2023-10-24", name: "Dussehra" },
    { day: "2023-11-14", name: "Diwali Balipratipada" },
    { day: "2023-11-27", name: "Guru Nanak Jayanti" },
    { day: "2023-12-25", name: "Christmas" },
  ],
  mcxFullClosures: ["2023-01-26", "2023-04-07", "2023-08-15", "2023-10-02", "2023-12-25"],
  muhurat: [
    {
      day: "2023-11-12",
      exchange: "NSE",
      open: "18:15",
      close: "19:15",
      note: "Normal market 18:15-19:15, pre-open 18:00-18:08 (Angel One, TradingQnA).",
    },
    {
      day: "2023-11-12",
      exchange: "MCX",
      open: "18:15",
      close: "19:15",
      note: "MCX 18:15-19:15 (TradingQnA: 'Equity F&O, Currency, and MCX 6:15 PM 7:15 PM').",
    },
  ],
};
