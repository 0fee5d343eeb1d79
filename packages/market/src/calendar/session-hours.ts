/**
 * Trading hours in Asia/Kolkata (market-facts.md, "Sessions"), as "HH:MM".
 */
export const SESSION_HOURS = {
  NSE: {
    open: "09:15",
    /**
     * Default close. A SEBI circular of Jan 2026 says equity derivatives run to 15:40 from Aug 2026
     * (unverified whether NSE implemented it): pass `nseClose` in CalendarOptions to change it.
     */
    close: "15:30",
  },
  MCX: {
    open: "09:00",
    /** Close while US daylight saving time is in force. */
    closeUsSummer: "23:30",
    /** Close otherwise. */
    closeUsWinter: "23:55",
    /** On NSE holidays that are not full MCX closures, MCX trades from here to its close. */
    eveningOpen: "17:00",
  },
} as const;
