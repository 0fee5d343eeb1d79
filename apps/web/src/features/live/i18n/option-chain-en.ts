/**
 * The option chain card's strings (issue 37); Telugu in option-chain-te.ts, Hindi in option-chain-hi.ts.
 */
import { addEnglish } from "@/i18n";

export const optionChainEn = {
  title: "Option chain",
  expiry: "Expiry {{expiry}}",
  modelLabel: "Model prices",
  modelNote:
    "Prices and Greeks are the model's, not an exchange's quotes. The simulator has no open interest, so its OI columns are empty.",
  brokerLabel: "Broker quotes",
  brokerNote:
    "Quoted prices and open interest come from the broker's feed, for the contracts the engine follows (the signal's and those next to the money); OI change is since the first reading today. The rest, and every Greek, are the model's.",
  caption:
    "{{symbol}} options expiring {{expiry}}: calls on the left, strike in the centre, puts on the right, ten strikes either side of {{centre}}.",
  centreSignal: "the signal's strike",
  centreAtm: "the at-the-money strike",
  calls: "Calls",
  puts: "Puts",
  strike: "Strike",
  ltp: "LTP",
  bid: "Bid",
  ask: "Ask",
  iv: "IV",
  delta: "Delta",
  gamma: "Gamma",
  theta: "Theta/day",
  vega: "Vega/pt",
  oi: "OI",
  oiChange: "OI change",
  atm: "ATM",
  signal: "Signal {{type}}",
  signalContract: "The signal's contract",
  forward: "Forward {{value}}",
  underlying: "Underlying {{value}}",
  iv30: "{{label}} {{value}}",
  percentile: "IV percentile (1 year): {{value}}",
  notEnoughHistory: "Not enough history ({{days}} days)",
  notEnoughHistoryHint:
    "A percentile needs at least 20 daily values, recorded at each session's close.",
  ivWhatModel:
    "India VIX is not on our feed: this is {{symbol}}'s own at-the-money implied volatility, from the model's surface.",
  ivWhatBroker:
    "India VIX is not on our feed: this is {{symbol}}'s own at-the-money implied volatility, from the broker's quotes of the at-the-money call and put.",
  loading: "Loading the option chain...",
  unavailable: "The option chain is unavailable right now.",
  scrollHint: "Option chain table, scrolls sideways",
};

addEnglish({ optionChain: optionChainEn });

declare module "@/i18n/registry" {
  interface FeatureStrings {
    optionChain: typeof optionChainEn;
  }
}
