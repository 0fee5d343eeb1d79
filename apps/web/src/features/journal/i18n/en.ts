/**
 * English strings of the paper-trade journal. English only for now (Telugu falls back to these:
 * see i18n/en.ts, EnglishOnlyNamespace). The empty message is the spec's (PAPER_TRADE_MESSAGES).
 */
import { addEnglish } from "@/i18n";

export const journalEn = {
  heading: "Paper Trade Journal",
  lead: "Every signal that triggered became a simulated trade. Here they are by the day they closed, with what a broker would have charged.",
  filters: {
    model: "Model",
    days: "Period",
    daysOption: "{{days}} days",
  },
  days: "Trades by day",
  loading: "Loading the journal…",
  failed: "The journal could not be loaded, so nothing is listed.",
  retry: "Retry",
  downloadCsv: "Download CSV",
  downloadHint:
    "The trades listed here as a spreadsheet file, with each trade's fills, slippage, charges and net P&L.",
  day: {
    trades: "{{count}} trades",
    oneTrade: "1 trade",
    slippage: "Slippage",
    gross: "Gross",
    charges: "Charges",
    net: "Net",
  },
  columns: {
    contract: "Contract",
    entry: "Entry",
    exit: "Exit",
    closeReason: "Closed by",
    fills: "Filled at",
    slippage: "Slippage",
    gross: "Gross P&L",
    charges: "Charges",
    net: "Net P&L",
  },
  lots: "{{lots}} × {{lotSize}}",
  lotsLabel: "Lots × lot size",
  fill: {
    quote: "Broker bid/ask",
    model: "Model price",
    modelOneTick: "Model price ±1 tick",
    modelTicks: "Model price ±{{ticks}} ticks",
  },
  closeReason: {
    target: "Target",
    stop: "Stop loss",
    eod: "End of day",
    expiry: "Expiry",
  },
  stopFill: {
    filled: "Stop filled within its limit ({{limit}})",
    // Only a closed trade is listed: a stop still resting is on the live card.
    resting: "Stop resting below its limit ({{limit}})",
    "filled-at-limit": "Price gapped below the limit; stop filled at the limit ({{limit}}) later",
    "squared-off": "Price gapped below the limit ({{limit}}); squared off with the stop resting",
  },
  decisionToSend: {
    label: "Decision to alert, whole record",
    p50: "p50 {{value}}",
    p99: "p99 {{value}}",
    count: "(n = {{count}})",
    none: "no alert sent yet",
    hint: "From the model's decision to the first alert sent on any channel (push, Telegram or e-mail), for each of its recorded transitions that subscribers were told of: the median (p50) and the 99th percentile (p99).",
  },
  stats: {
    heading: "Track record",
    lead: "For {{model}} over the last {{days}} days. Every figure is net of charges unless it says gross.",
    loading: "Working out the statistics…",
    failed: "The statistics could not be loaded.",
    none: "No closed trades in this period, so there is nothing to measure yet.",
    trades: "Trades",
    tradesValue: "{{trades}} ({{wins}} won, {{losses}} lost)",
    winRate: "Win rate",
    averageWin: "Average win",
    averageLoss: "Average loss",
    profitFactor: "Profit factor",
    expectancy: "Expectancy per trade",
    maxDrawdown: "Maximum drawdown",
    bestDay: "Best day",
    worstDay: "Worst day",
    gross: "Gross P&L",
    slippage: "Slippage",
    charges: "Charges",
    net: "Net P&L",
    slippageNote: "Slippage is already inside the gross P&L; net is gross minus charges.",
    ratesAsOf: "Charges at rates as of {{date}}.",
    dayValue: "{{net}} on {{day}}",
    stopsPastLimit: "Stops past their limit",
    stopsPastLimitValue: "{{pastLimit}} of {{triggered}} triggered ({{squaredOff}} squared off)",
  },
  equity: {
    heading: "Equity curve",
    label:
      "Cumulative net P&L of {{model}}, {{points}} trading days from {{from}} to {{to}}: it ends at {{end}}, its high was {{high}} and its low {{low}}.",
    tooFew: "The curve needs at least two days with trades.",
  },
  ledger: {
    heading: "Ledger",
    loading: "Checking the ledger…",
    failed: "The ledger's check could not be loaded.",
    verified: "Verified",
    broken: "Broken",
    entries: "{{count}} entries checked",
    latestHead: "Latest published head",
    headDay: "for {{day}}",
    noHead: "No day's head has been published yet.",
    copy: "Copy hash",
    copied: "Copied",
    record: "Signed record: check it yourself, offline",
    brokenAt: "The ledger is broken at entry {{seq}}: {{reason}}.",
    reason: {
      edited: "the entry was changed after it was written",
      missing: "an entry is missing",
      relinked: "the entry no longer links to the one before it",
      unpublished: "the entry does not match the head published for its day",
      signature: "the head published for its day is not signed with the operator's key",
    },
  },
  explain: {
    heading: "What these words mean",
    netTitle: "Net of charges",
    net: "A real broker takes money on every trade: brokerage, the securities or commodities transaction tax, exchange charges, NSE's investor protection fee, the SEBI fee, stamp duty and GST, each at the rates in force on the trade's day. Gross P&L is the price difference times the quantity; net P&L is what would be left after those charges. Net is the honest number.",
    fillsTitle: "Filled at, and slippage",
    fills:
      "Each trade is filled as a broker would fill its orders. The entry is a buy limit order at the Initiated Zone's high: placed when the ask is already at or below it, it buys at that ask; otherwise it waits and buys at its own price once the ask comes down to it, a gap down included. The target is a limit order: it fills at the target when the bid reaches it. The stop is a stop-loss-limit order, because NSE does not accept stop-loss-market orders in options: it triggers when the last traded price reaches the Risk Marker and sells at the bid, but no lower than its limit, a few percent below the trigger. When the price gaps below the limit, the stop rests unfilled and the trade stays open until the bid comes back to the limit or the square-off sells it; the journal says which happened, and the track record counts these stops. A square-off sells at the bid. Broker bid/ask means the fills used the broker's best bid and ask; Model price ±1 tick means there was no broker quote, so the model's price stood in with a bid and an ask one tick either side of it (older trades say Model price: filled at the model price itself). Slippage is what the fills cost against their reference prices: an entry at the ask and a square-off against the middle of the bid and ask, a stop against its trigger; an entry that waited and a target fill at their own prices and cost nothing. It is already inside the gross P&L, so it is not taken off again.",
    verifiedTitle: "Verified",
    verified:
      "Each trade is written into a ledger where every entry carries a fingerprint (a SHA-256 hash) of the entry before it, and each day's last fingerprint is published. Verified means the whole chain was recomputed just now and still matches: no past trade has been changed or removed. If anything had been, the chain would break at that entry, and this page would say where.",
  },
  disclaimer:
    "Educational research only, not investment advice. These are simulated paper trades on {{prices}}: no order was placed and no real money was invested, and past results do not predict future ones.",
};

addEnglish({ journal: journalEn });

declare module "@/i18n/registry" {
  interface FeatureStrings {
    journal: typeof journalEn;
  }
  interface EnglishOnlyNamespaces {
    journal: true;
  }
}
