/**
 * Exchange calendar for 2022: history, for backtests on the recorded BANKNIFTY 15-minute bars (see
 * calendar-2018.ts).
 */
import type { CalendarYear } from "./calendar-year";

export const CALENDAR_2022: CalendarYear = {
  year: 2022,
  status: "confirmed",
  sources: [
    "NSE's trading holidays for 2022 (equity and F&O segments, priceactionhub.com's table; the same days " +
      "in NSE's commodity circular NSE/COM/50562 of 10 Dec 2021): thirteen weekdays, Muhurat trading on " +
      "Monday 24 Oct 2022.",
    "Commodity sessions: NSE's commodity circular NSE/COM/50562 closes 26 Jan, Good Friday (15 Apr) and " +
      "15 Aug all day, trades only the Muhurat window on 24 Oct and the evening session on the other " +
      "holidays; MCX's list (priceactionhub.com) is the same. 1 Jan 2022 was a Saturday.",
    "Muhurat trading, 24 Oct 2022: 18:15-19:15, pre-open 18:00-18:08 (the exchanges' circulars, livemint " +
      "24 Oct 2022); the commodity segment in the same window.",
  ],
  nseHolidays: [
    { day: "2022-01-26", name: "Republic Day" },
    { day: "2022-03-01", name: "Mahashivratri" },
    { day: "2022-03-18", name: "Holi" },
    { day: "2022-04-14", name: "Dr. Baba Saheb Ambedkar Jayanti / Mahavir Jayanti" },
    { day: "2022-04-15", name: "Good Friday" },
    { day: "2022-05-03", name: "Id-Ul-Fitr (Ramzan Id)" },
    { day: "2022-08-09", name: "Moharram" },
    { day: "2022-08-15", name: "Independence Day" },
    { day: "2022-08-31", name: "Ganesh Chaturthi" },
    { day: "2022-10-05", name: "Dussehra" },
    { day: "2022-10-24", name: "Diwali Laxmi Pujan (Muhurat session)" },
    { day: "2022-10-26", name: "Diwali Balipratipada" },
    { day: "2022-11-08", name: "Guru Nanak Jayanti" },
  ],
  mcxFullClosures: ["2022-01-26", "2022-04-15", "2022-08-15", "2022-10-24"],
  muhurat: [
    {
      day: "2022-10-24",
      exchange: "NSE",
      open: "18:15",
      close: "19:15",
      note: "NSE's circular: 18:15-19:15, pre-open 18:00-18:08 (livemint, 24 Oct 2022).",
    },
    {
      day: "2022-10-24",
      exchange: "MCX",
      open: "18:15",
      close: "19:15",
      note: "The commodity segment in the same window (reports of 24 Oct 2022); MCX's own circular not seen.",
    },
  ],
};
