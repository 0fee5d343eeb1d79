/** English strings of the signal's payoff card (issue 37); Telugu in payoff-te.ts, Hindi in payoff-hi.ts. */
import { addEnglish } from "@/i18n";

export const payoffEn = {
  title: "Payoff",
  /** The P&L is net of the round trip's charges. */
  subtitle: "{{contract}} · {{quantity}} units · P&L after charges",
  loading: "Working out the payoff…",
  failed: "The payoff could not be loaded.",
  retry: "Try again",
  atExpiry: "At expiry",
  today: "Today ({{left}})",
  daysLeft: "{{count}} days left",
  dayLeft: "1 day left",
  underADayLeft: "under a day left",
  expired: "at expiry",
  breakEven:
    "Break-even at expiry: {{symbol}} at {{level}} (strike {{strike}} {{sign}} premium {{premium}}); {{withCharges}} with charges.",
  maxLoss:
    "Maximum loss: {{loss}} (the premium paid, {{premium}} × {{quantity}} units, plus {{charges}} of charges).",
  premiumEntry: "Premium paid: {{premium}}, the entry price.",
  premiumZone: "Premium paid: {{premium}}, the top of the Initiated Zone (not entered yet).",
  levelsHeading: "Where the premium would be hit today",
  now: "{{symbol}} now",
  breakEvenMark: "Break-even",
  entryLow: "Initiated Zone low",
  entryHigh: "Initiated Zone high",
  target: "Projected Zone",
  stop: "Risk Marker",
  levelNotReached: "{{label}} ({{premium}}): no {{symbol}} level in the range reaches it today",
  levelLine: "{{label}} ({{premium}}): {{symbol}} at {{level}}",
  nowLine: "{{symbol}} now: {{level}}",
  markerNow: "Now",
  markerBreakEven: "BE",
  markerEntry: "Entry",
  markerTarget: "Target",
  markerStop: "Stop",
  maxLossLine: "Max loss",
  chartLabel:
    "Payoff chart of {{contract}}: P&L from {{lowPnl}} to {{highPnl}} as {{symbol}} runs from {{from}} to {{to}}, at expiry and today. The table below holds the same values.",
  tableSummary: "Payoff table",
  tableCaption: "P&L of {{contract}} by the {{symbol}} level, after charges",
  columnUnderlying: "{{symbol}}",
  columnExpiry: "P&L at expiry",
  columnToday: "P&L today",
  columnNote: "Level",
  download: "Download CSV",
  modelNote:
    "Today's curve is the model's price on the fitted volatility ({{volatility}} at the money), not a quote.",
};

addEnglish({ payoff: payoffEn });

declare module "@/i18n/registry" {
  interface FeatureStrings {
    payoff: typeof payoffEn;
  }
}
