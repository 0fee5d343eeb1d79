/**
 * Exchange calendar for 2026. Update here when a circular corrects a date (see calendar-year.ts).
 */
import type { CalendarYear } from "./calendar-year";

export const CALENDAR_2026: CalendarYear = {
  year: 2026,
  status: "confirmed",
  sources: [
    "NSE circular on trading holidays for 2026, compiled in shared/reference/market-facts.md (gathered " +
      "from public sources in 2026).",
    "MCX full closures (26 Jan, 3 Apr, 2 Oct, 25 Dec): same compilation; MCX trades the evening session " +
      "on the other NSE holidays.",
    "MCX's holiday list for 2026 (as reported by CNBC Awaaz on 30 Dec 2025): 1 Jan 2026 the morning " +
      "session (09:00-17:00) only, the evening session closed.",
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
  // Muhurat trading was held on Sunday 8 Nov 2026, in the evening, at a time set by circular. No source
  // reachable from here records the window, so the day is shipped without a session rather than with a
  // guessed one (decision 016): the operator adds the window as it ran, with its circular.
  muhurat: [],
  mcxMorningOnly: [{ day: "2026-01-01", name: "New Year's Day (MCX morning session only)" }],
  specialDays: [
    {
      day: "2026-02-01",
      name: "Union Budget (special Sunday session)",
      sessions: [
        { exchange: "NSE", open: "09:15", close: "15:30" },
        { exchange: "MCX", open: "09:00", close: "17:00" },
      ],
      source:
        "NSE circular of 16 Jan 2026 (live trading on Sunday 1 Feb 2026: pre-open 09:00-09:08, normal market " +
        "09:15-15:30); the commodity segment's morning session 09:00-17:00 (Angel One's announcement of the " +
        "day's timings).",
    },
  ],
  notes: [
    "Muhurat trading, Sunday 8 Nov 2026: held in the evening, but the window is not recorded here (no " +
      "source found), so the day has no session. To record it, add the day in the console's Calendar view " +
      "(NSE closed, MCX closed, a Muhurat session per exchange) or run: npm run admin -- calendar set-day " +
      '2026-11-08 --name "Muhurat trading" --nse closed --mcx closed --sessions "NSE muhurat HH:MM-HH:MM, ' +
      'MCX muhurat HH:MM-HH:MM" --source "<circular>".',
  ],
};
