/**
 * English strings of the forecast page and of the public /forecasts page (Telugu in te.ts, Hindi in
 * hi.ts, same shape). The locked notice is the spec's wording (ACCESS_MESSAGES).
 */
import { addEnglish } from "@/i18n";

export const forecastsEn = {
  heading: "Forecasting",
  lead: "A call view and a put view for each instrument, made before the session opens from the daily bars, the trend, RSI, ATR and the floor pivots.",
  instruments: "Instrument",
  loading: "Loading forecast…",
  failed: "The forecast could not be loaded.",
  retry: "Retry",
  lockedLogin: "Log in",
  lockedPlans: "See contribution plans",
  today: "Forecast for {{day}}",
  none: "No forecast yet: the next one is made before the next session opens.",
  call: "Call",
  put: "Put",
  bullish: "Bullish view",
  bearish: "Bearish view",
  favoured: "Favoured",
  favouredTitle: "The favoured side: the part with the higher probability bias",
  noFavoured: "50/50: no favoured side today",
  premiums: "Option premiums (₹) · expiry {{expiry}}",
  levels: "Levels in {{unit}}",
  fields: {
    signalDate: "Signal date",
    strikePrice: "Strike price",
    roundLevel: "Round level",
    entryPrice: "Entry price",
    target: "Target",
    stopLoss: "Stop loss",
    riskReward: "Risk : reward",
    probabilityBias: "Probability bias",
  },
  commentary: "How it was worked out",
  outcome: {
    target: "Target reached",
    stop: "Stop reached",
    neither: "Neither",
    undecided: "Undecided",
    "not-entered": "Not entered",
    pending: "Pending",
  },
  history: "Recent forecasts",
  historyEmpty: "No finished forecasts yet.",
  historyColumns: {
    day: "Day",
    call: "Call (entry → target / stop)",
    put: "Put (entry → target / stop)",
    close: "Day's close",
  },
  close: {
    up: "Up",
    down: "Down",
    unchanged: "Unchanged",
    title: "{{close}} against the previous close {{reference}}",
  },
  scores: {
    heading: "How the forecasts have scored",
    lead: "Every finished day is scored. The favoured side is the part with the higher probability bias; it is the forecast's real call for the day.",
    window: {
      last30: "Last 30 days",
      last90: "Last 90 days",
      all: "All days",
    },
    hitRates: "Hit rates",
    hitRatesNote: "higher is better",
    favoured: "Favoured side",
    call: "Call",
    put: "Put",
    hitValue: "{{targets}} of {{decided}}",
    brier: "Brier scores",
    brierNote: "lower is better",
    forecast: "This forecast",
    baseline: "Yesterday's direction",
    coinFlip: "Always 50%",
    climatology: "Share of up-days (hindsight)",
    upShare: "{{percent}} up",
    brierDays: "{{days}} days",
    skill: "Skill scores",
    skillNote: "above 0 beats it",
    skillCoinFlip: "Against always 50%",
    skillClimatology: "Against the share of up-days",
    skillUndefined: "undefined",
    verdictHeading: "In plain words",
    verdictWindow: "{{window}}:",
    verdictNone: "no day scored yet.",
    verdictCoin: {
      better: "better than a coin (skill {{skill}} against always saying 50%).",
      worse: "worse than a coin (skill {{skill}} against always saying 50%).",
      same: "no better than a coin (skill 0 against always saying 50%).",
    },
    verdictClimatology: {
      better:
        "It knew more than these days' share of up-days, {{share}}, a rate known only in hindsight (skill {{skill}}).",
      worse:
        "It knew less than these days' share of up-days, {{share}}, a rate known only in hindsight: saying that share every day would have scored better (skill {{skill}}).",
      same: "It did no better than these days' share of up-days, {{share}}, a rate known only in hindsight (skill 0).",
      allUp:
        "Every one of these days closed up, so their share of up-days (100%, known only in hindsight) scores a perfect 0: no skill can be measured against it.",
      noneUp:
        "None of these days closed up, so their share of up-days (0%, known only in hindsight) scores a perfect 0: no skill can be measured against it.",
    },
    days: "{{days}} scored",
    explainHitRate:
      "Hit rate: of the parts that were entered and decided (target reached, stop reached, or neither by the close), the share that reached the target. Two outcomes are left out: “Not entered”, when the day opened at or past the target, so the move happened before anyone could enter; and “Undecided”, when only the day's bar is known and it touched both the target and the stop, so we cannot tell which came first. Opening past the stop counts as the stop, and so does one minute touching both. A 50/50 day has no favoured side.",
    explainBrier:
      "Brier score: the call's probability bias is read as the chance that the day closes above the previous close. Each day scores (chance − result)², where the result is 1 if the day closed above and 0 if not (an unchanged close is 0), and the scores are averaged. Lower is better: 0 is perfect, always saying 50% scores 0.25, and being sure and wrong every day scores 1. “Yesterday's direction” is the naive rule to beat: 100% up after a day that closed up, 0% after one that did not.",
    explainSkill:
      "Skill score: 1 − the forecast's Brier score ÷ the reference's. Above 0 the forecast did better than the reference, 0 the same, below 0 worse; 100% would be perfect. The share of up-days (the climatology) is the fraction of the scored days that closed above the previous close, said as the chance every day. It is the usual reference in forecast verification, but it is known only once the days are over, so no one could have used it in advance: a skill above 0 against it means the forecast knew more about each day than how often those days went up. When every day went the same way that share scores a perfect 0, and the skill against it is undefined.",
  },
  open: {
    lead: "Gold, silver and the dollar index are open to every visitor, with no sign-in.",
    others:
      "Forecasts for NIFTY 50, BANKNIFTY and Crude Oil are in the dashboard, for the instruments you have access to.",
    dashboard: "Open Forecasting in the dashboard",
  },
  disclaimer:
    "Educational research only, not investment advice. Forecasts are generated by a rule-based model on {{prices}}; {{brand}} is not a registered adviser. Any position is at your own risk.",
  /** With the operator's research-analyst registration, in place of the line that says there is none. */
  disclaimerRegistered:
    "Educational research only, not investment advice. Forecasts are generated by a rule-based model on {{prices}}; the research is by {{analyst}}, SEBI-registered Research Analyst (Registration No. {{number}}). Any position is at your own risk.",
};

addEnglish({ forecasts: forecastsEn });

declare module "@/i18n/registry" {
  interface FeatureStrings {
    forecasts: typeof forecastsEn;
  }
}
