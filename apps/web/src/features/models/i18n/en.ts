/**
 * English strings of the model cards: what each model reads, its rules in plain words
 * (docs/models.md section 3), its known failure modes, and the labels of its figures.
 */
import { addEnglish } from "@/i18n";

export const modelsEn = {
  lead: "One card per model: what it reads, its rules in plain words, its version, how it did on real recorded market history, its live paper record since that version began, and how it fails.",
  loading: "Loading the model cards…",
  failed: "The model cards could not be loaded.",
  retry: "Retry",
  notFound: "There is no model card at this address.",
  allCards: "All model cards",
  openCard: "Open the {{model}} card",
  title: "{{name}} · {{symbol}}",
  interval: {
    "1m": "1-minute bars",
    "5m": "5-minute bars",
    "15m": "15-minute bars",
  },
  verdict: {
    none: "No edge on real history: from {{from}} to {{to}} its net result was {{net}} on {{trades}} trades, ahead of {{percentile}} % of {{runs}} random-entry runs.",
    weak: "A weak edge at best on real history: from {{from}} to {{to}} its net result was {{net}} on {{trades}} trades, ahead of {{percentile}} % of {{runs}} random-entry runs.",
    positive:
      "Ahead of random entries on real history: from {{from}} to {{to}} its net result was {{net}} on {{trades}} trades, ahead of {{percentile}} % of {{runs}} random-entry runs. Past figures do not predict future ones.",
    unpublished:
      "Not yet backtested on real market history: no figure here says whether it has an edge.",
    heldOut:
      "On the days no fit or mend of the model saw, {{from}} to {{to}}: {{net}} net on {{trades}} trades, ahead of {{percentile}} % of {{runs}} random-entry runs.",
  },
  versionUnknown: "The backtest did not record which version of the model it ran.",
  earlierVersion:
    "Backtest of an earlier version ({{backtested}}): the version running now ({{current}}) has not been backtested on real history yet.",
  version: {
    heading: "Version",
    current: "Version {{version}}, running since {{since}}.",
    explain:
      "The version is a hash of the model's parameters and of the code that decides its signals. Any change makes a new version, and its record starts again: the record is kept per version, never restated.",
    earlier: "Earlier versions",
    earlierItem: "{{version}} from {{since}}",
  },
  reads: {
    heading: "What it reads",
    bars: "{{symbol}} {{interval}}",
  },
  rules: {
    heading: "Its rules",
    parameters: "Parameters",
  },
  backtest: {
    heading: "On real market history",
    window:
      "{{from}} to {{to}}, {{days}} sessions of recorded prices. Net rupees per lot, after charges and slippage.",
    unpublished:
      "The real-history backtest has not been published yet. Its figures will come from a committed command's output.",
    source: "Figures from this command's output, run on {{day}}:",
    trades: "Trades",
    tradesValue: "{{trades}} ({{wins}} won, {{losses}} lost)",
    winRate: "Win rate",
    averageWin: "Average win",
    averageLoss: "Average loss",
    expectancy: "Expectancy per trade",
    profitFactor: "Profit factor",
    net: "Net P&L",
    maxDrawdown: "Maximum drawdown",
    longestLosingStreak: "Longest losing streak",
    streak_one: "{{count}} trade",
    streak_other: "{{count}} trades",
    stopsPastLimit: "Stops the price gapped past",
    equity: "Equity curve",
    equityLabel:
      "The model's cumulative net from {{from}} to {{to}}: it ends at {{end}}. Behind it, the band where 90% of {{runs}} random-entry runs ended each day ({{p5}} to {{p95}} at the end).",
    legendModel: "The model",
    legendBand: "Random entries, 5th to 95th percentile",
    random: "Random entries ({{runs}} runs, seed {{seed}})",
    randomValue:
      "Net {{p5}} to {{p95}} (median {{p50}}); the model ahead of {{percentile}} % of them",
    fixed: "A fixed entry at 09:20 every day",
    fixedValue:
      "{{trades}} trades, win rate {{winRate}}, expectancy {{expectancy}}, net {{net}}, profit factor {{profitFactor}}, max drawdown {{maxDrawdown}}",
    months: "Month by month",
    month: "Month",
  },
  live: {
    heading: "Live paper record of this version",
    lead: "The simulated trades of version {{version}} since it began on {{since}}, net of charges.",
    none: "No paper trade of this version has closed yet.",
    value_one:
      "{{count}} trade ({{wins}} won, {{losses}} lost), win rate {{winRate}}, net {{net}}.",
    value_other:
      "{{count}} trades ({{wins}} won, {{losses}} lost), win rate {{winRate}}, net {{net}}.",
    journal: "See the trades in the journal",
  },
  failures: {
    heading: "Known failure modes",
  },
  disclaimer:
    "Educational and simulated: paper trades, not advice. A rule-based model's past figures, real or simulated, say nothing certain about future prices.",
  content: {
    kalpaVruksha: {
      reads:
        "Closed 5-minute bars of the index: EMA {{fastEma}} and EMA {{slowEma}}, Supertrend ({{supertrendPeriod}}, {{supertrendMultiplier}}), RSI {{rsiPeriod}}, ATR {{atrPeriod}} and the session's VWAP.",
      call: "Buys a call when EMA {{fastEma}} crosses above EMA {{slowEma}}, Supertrend points up, RSI is between {{rsiCallMin}} and {{rsiCallMax}} and the close is above VWAP.",
      put: "Buys a put on the mirror image: EMA {{fastEma}} crosses below EMA {{slowEma}}, Supertrend down, RSI between {{rsiPutMin}} and {{rsiPutMax}}, the close below VWAP.",
      exits:
        "Takes profit when the index has moved {{targetAtr}} ATR its way and stops out at {{stopAtr}} ATR against; anything open is squared off at 15:15.",
      timing:
        "No signal in the first {{openingQuietMinutes}} minutes or in the {{cutoffMinutes}} before the square-off, none for {{cooldownMinutes}} minutes after a trade closes, and one open signal at a time.",
      failure1:
        "Sideways days: crossovers flip back and forth, and each false start pays its stop and its charges.",
      failure2:
        "Late entries: by the close of the 5-minute bar that confirms a cross, much of the move may be over.",
      failure3:
        "Gaps and event days (4 June 2024, the election result, is in the recorded data): the price can jump past the stop, whose limit order then rests unfilled.",
      failure4:
        "Expiry days: the weekly option it buys loses value fast and swings hard, so the premium can hit the stop while the index barely moves.",
    },
    hft: {
      reads:
        "Closed 1-minute bars of BANKNIFTY: the {{breakoutBars}}-bar high and low, EMA {{fastEma}} and EMA {{slowEma}}, RSI {{rsiPeriod}}, ATR {{atrPeriod}} and the session's VWAP.",
      call: "Buys a call when the close breaks above the highest high of the previous {{breakoutBars}} minutes, EMA {{fastEma}} is above EMA {{slowEma}}, RSI {{rsiPeriod}} is at least {{rsiCallMin}} and the close is above VWAP.",
      put: "Buys a put on the mirror image: a close below the {{breakoutBars}}-minute low, EMA {{fastEma}} below EMA {{slowEma}}, RSI {{rsiPeriod}} at most {{rsiPutMax}}, the close below VWAP.",
      exits:
        "Takes profit at {{targetAtr}} ATR of 1-minute bars in its favour and stops out at {{stopAtr}} ATR against; anything open is squared off at 15:15.",
      timing:
        "No signal in the first {{openingQuietMinutes}} minutes or in the {{cutoffMinutes}} before the square-off, none for {{cooldownMinutes}} minutes after a trade closes, and one open signal at a time.",
      failure1:
        "False breakouts: on 1-minute bars the price often pokes out of its range and falls back in, straight to the stop.",
      failure2:
        "Costs: on 1-minute bars even a target several ATR away is a small move, and every trade pays brokerage, taxes and a tick of slippage each way. Its first exits (2.5 and 2 ATR) lost to them on the recorded January–April 2024 minutes.",
      failure3:
        "Momentum that is already spent: a strong RSI can mark the end of a burst rather than its start.",
    },
    yamuna: {
      reads:
        "Closed 15-minute bars of CRUDEOIL: Bollinger bands ({{bollingerPeriod}}, {{bollingerWidth}}), EMA {{trendEma}} as a trend filter, ATR {{atrPeriod}} and RSI {{rsiPeriod}}.",
      call: "Buys a call when a bar that closed below the lower band is followed by one closing back inside it, as long as EMA {{trendEma}} has not fallen by more than {{trendToleranceAtr}} ATR over the last {{trendLookback}} bars.",
      put: "Buys a put on the mirror image: back inside from above the upper band, with EMA {{trendEma}} not risen by more than {{trendToleranceAtr}} ATR.",
      exits:
        "Aims for the middle band (at least {{minTargetAtr}} and at most {{maxTargetAtr}} ATR away) and stops out at {{stopAtr}} ATR against; anything open is squared off before MCX's close.",
      timing:
        "No signal in the first {{openingQuietMinutes}} minutes or in the {{cutoffMinutes}} minutes before the square-off, none for {{cooldownMinutes}} minutes after a trade closes, and one open signal at a time.",
      failure1:
        "A stretch that keeps stretching: a close back inside the band can be followed by a second leg that carries the price through the stop.",
      failure2:
        "News spikes in crude (the 13 June 2025 spike is in the recorded data) move further in a bar than the stop allows.",
      failure3:
        "A slow trend the filter lets through: a drift smaller than a quarter ATR per 4 bars still works against buying the dips.",
    },
  },
};

addEnglish({ models: modelsEn });

declare module "@/i18n/registry" {
  interface FeatureStrings {
    models: typeof modelsEn;
  }
}
