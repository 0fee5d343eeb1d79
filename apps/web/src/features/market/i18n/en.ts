/** English strings of the market data shared by the landing ticker, the dashboard and the live screens (as `market`). */
import { addEnglish } from "@/i18n";

export const marketEn = {
  simulated: "Simulated data",
  /** A replay of recorded prices: the replayed session's date, e.g. "4 Jun 2024". */
  recorded: "Recorded market data of {{date}}",
  clockLabel: "Simulated market time",
  replayClockLabel: "Replayed market time",
  timeZone: "IST",
  stale: "Stale data",
  lastPriceAt: "Last price at {{time}}",
  staleHint: "The broker's feed has stopped: these prices are not live.",
  /** Plural forms, picked by `count` (the minutes). */
  delayed_one: "Prices delayed by {{count}} minute",
  delayed_other: "Prices delayed by {{count}} minutes",
  /** Some instruments delayed, others live (a subscriber's own): the delayed ones named. */
  delayedOf_one: "{{symbols}}: prices delayed by {{count}} minute",
  delayedOf_other: "{{symbols}}: prices delayed by {{count}} minutes",
  delayedHint:
    "The exchanges license live prices: subscribers of an instrument see them live, everyone else later.",
  provisionalCalendar: "Provisional calendar",
  provisionalCalendarHint:
    "The exchanges have not confirmed this year's holidays yet: market days and expiries may change.",
};

addEnglish({ market: marketEn });

declare module "@/i18n/registry" {
  interface FeatureStrings {
    market: typeof marketEn;
  }
}
