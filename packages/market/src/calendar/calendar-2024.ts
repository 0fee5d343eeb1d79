/**
 * Exchange calendar for 2024: history, for backtests on the recorded prices of that year (shared/market-data
 * holds NIFTY and BANKNIFTY 1-minute bars for January to June 2024). Its days are past the operator's window
 * and stay as they traded.
 */
import type { CalendarYear } from "./calendar-year";

const DR_DRILL =
  "a special live trading session with an intra-day switch-over from the primary site to the disaster " +
  "recovery site, in the equity and equity derivatives segments (SEBI's business-continuity framework)";

export const CALENDAR_2024: CalendarYear = {
  year: 2024,
  status: "confirmed",
  sources: [
    "NSE circular NSE/CMTR/59722 of 12 Dec 2023 (trading holidays for 2024, as tabulated by SAS Online), " +
      "with its later changes: 22 Jan 2024 (public holiday under the Negotiable Instruments Act, RBI " +
      "press release of 19 Jan 2024), 20 May 2024 (Parliamentary elections in Mumbai, NSE circular of " +
      "8 Apr 2024) and 20 Nov 2024 (Maharashtra assembly elections).",
    "MCX full closures (26 Jan, 29 Mar, 15 Aug, 2 Oct, 25 Dec) follow MCX's usual pattern and are " +
      "unverified; on Diwali (1 Nov) MCX traded its Muhurat window only; MCX trades the evening session on " +
      "the other NSE holidays. 1 Jan 2024: the morning " +
      "session only, as every year.",
  ],
  nseHolidays: [
    { day: "2024-01-22", name: "Public holiday (Ram Mandir consecration)" },
    { day: "2024-01-26", name: "Republic Day" },
    { day: "2024-03-08", name: "Mahashivratri" },
    { day: "2024-03-25", name: "Holi" },
    { day: "2024-03-29", name: "Good Friday" },
    { day: "2024-04-11", name: "Id-Ul-Fitr (Ramadan Eid)" },
    { day: "2024-04-17", name: "Shri Ram Navami" },
    { day: "2024-05-01", name: "Maharashtra Day" },
    { day: "2024-05-20", name: "Parliamentary elections (Mumbai)" },
    { day: "2024-06-17", name: "Bakri Id" },
    { day: "2024-07-17", name: "Moharram" },
    { day: "2024-08-15", name: "Independence Day" },
    { day: "2024-10-02", name: "Mahatma Gandhi Jayanti" },
    { day: "2024-11-01", name: "Diwali Laxmi Pujan (Muhurat session)" },
    { day: "2024-11-15", name: "Guru Nanak Jayanti" },
    { day: "2024-11-20", name: "Maharashtra assembly elections" },
    { day: "2024-12-25", name: "Christmas" },
  ],
  // 1 Nov 2024 (Diwali): MCX traded its Muhurat window, 18:00-19:00, as its evening (unverified).
  mcxFullClosures: [
    "2024-01-26",
    "2024-03-29",
    "2024-08-15",
    "2024-10-02",
    "2024-11-01",
    "2024-12-25",
  ],
  muhurat: [
    {
      day: "2024-11-01",
      exchange: "NSE",
      open: "18:00",
      close: "19:00",
      note: "NSE's notification for Diwali 2024: pre-open 17:45, trading 18:00-19:00 (NDTV Profit, 31 Oct 2024).",
    },
    {
      day: "2024-11-01",
      exchange: "MCX",
      open: "18:00",
      close: "19:00",
      note: "MCX mirrored NSE's window, 18:00-19:00, with a special pre-session from 17:45.",
    },
  ],
  mcxMorningOnly: [{ day: "2024-01-01", name: "New Year's Day (MCX morning session only)" }],
  specialDays: [
    {
      day: "2024-01-20",
      name: "Special Saturday session (before the 22 Jan holiday)",
      sessions: [{ exchange: "NSE", open: "09:15", close: "15:30" }],
      source:
        "NSE held a full trading session on Saturday 20 Jan 2024 in place of the DR drill first set for " +
        "that day (reports of 15 Feb 2024 on the March session); MCX's trading that day is not recorded.",
    },
    {
      day: "2024-03-02",
      name: "Special Saturday session (disaster-recovery drill)",
      sessions: [
        { exchange: "NSE", open: "09:15", close: "10:00" },
        { exchange: "NSE", open: "11:30", close: "12:30" },
      ],
      source: `NSE circular of 14 Feb 2024: ${DR_DRILL}, 09:15-10:00 and 11:30-12:30.`,
    },
    {
      day: "2024-05-18",
      name: "Special Saturday session (disaster-recovery drill)",
      sessions: [
        { exchange: "NSE", open: "09:15", close: "10:00" },
        { exchange: "NSE", open: "11:45", close: "12:40" },
      ],
      source: `NSE circular of 7 May 2024: ${DR_DRILL}, 09:15-10:00 and 11:45-12:40.`,
    },
  ],
};
