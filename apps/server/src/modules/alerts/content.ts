/**
 * What an alert says: a signal's transition or an access reminder, as a notification's title, body, the
 * screen it opens and its tag (a signal's later states replace its earlier ones on the phone). Pure.
 * Every alert is educational research on paper trades, and says so. A signal's alert carries the ledger
 * entry its transition was committed with (the push payload's `ledger`; the text channels' last line, see
 * ledgerLine), so anyone can find it in the published record.
 */
import type { AlertEvent, PushPayload } from "@kalpa/contracts/api/alerts";
import { type LedgerRef, ledgerRefText } from "@kalpa/contracts/ledger-ref";
import type { AccessKey, ModelId } from "@kalpa/contracts/names";
import type { Signal } from "@kalpa/market/signals/signal";

/** The live screen of each model (packages/contracts/src/routes.ts). */
const LIVE_PATH: Record<ModelId, string> = {
  "BankNifty:KalpaVruksha": "/live-trade/banknifty/kalpavruksha",
  "BankNifty:HFT": "/live-trade/banknifty/hft",
  "Nifty:KalpaVruksha": "/live-trade/nifty",
  "CrudeOil:Yamuna": "/live-trade/crudeoil",
};

const INSTRUMENT_NAME: Record<AccessKey, string> = {
  Nifty: "NIFTY 50",
  BankNifty: "BANKNIFTY",
  CrudeOil: "Crude Oil",
};

const PAPER = "Paper trade, educational research only.";

const price = (value: number | null | undefined) =>
  value === null || value === undefined ? "–" : value.toFixed(2);

function contractOf(signal: Signal): string {
  return `${signal.symbol} ${signal.expiry} ${signal.strike} ${signal.optionType}`;
}

/** The event a transition is told as, or undefined (a cancelled signal is not). */
export function alertEventOf(kind: string): Exclude<AlertEvent, "access-expiring"> | undefined {
  if (kind === "generated") return "new-signal";
  if (kind === "triggered" || kind === "closed") return kind;
  return undefined;
}

/** A text alert's last line: "Ledger #1234 · 3fa9c01b2d4e" (the entry's seq and the hash's first 12). */
export function ledgerLine(ledger: LedgerRef): string {
  return `Ledger ${ledgerRefText(ledger)}`;
}

/** An alert as one text message (Telegram): the title, the body, and a signal's ledger line last. */
export function alertText({ title, body, ledger }: PushPayload): string {
  return ledger ? `${title}\n\n${body}\n\n${ledgerLine(ledger)}` : `${title}\n\n${body}`;
}

export function signalAlertContent(
  signal: Signal,
  event: Exclude<AlertEvent, "access-expiring">,
  instrument: AccessKey,
  ledger?: LedgerRef,
): PushPayload {
  const model = `${INSTRUMENT_NAME[instrument]} · ${signal.modelId.split(":")[1]}`;
  const tag = `signal:${signal.id}`;
  const url = LIVE_PATH[signal.modelId];
  return { ...tellSignal(signal, event, model), url, tag, ...(ledger ? { ledger } : {}) };
}

function tellSignal(
  signal: Signal,
  event: Exclude<AlertEvent, "access-expiring">,
  model: string,
): { title: string; body: string } {
  if (event === "new-signal") {
    return {
      title: `${model}: new signal`,
      body: `Buy ${contractOf(signal)} between ${price(signal.entryLow)} and ${price(signal.entryHigh)}; target ${price(signal.target)}, stop ${price(signal.stopLoss)}. ${PAPER}`,
    };
  }
  if (event === "triggered") {
    return {
      title: `${model}: entry triggered`,
      body: `${contractOf(signal)} entered at ${price(signal.entryPrice)}; target ${price(signal.target)}, stop ${price(signal.stopLoss)}. ${PAPER}`,
    };
  }
  const pnl = signal.pnl ?? 0;
  const result = `${pnl >= 0 ? "+" : "−"}₹${Math.abs(pnl).toFixed(0)}`;
  return {
    title: `${model}: closed ${result}`,
    body: `${contractOf(signal)} exited at ${price(signal.exitPrice)} (${signal.closeReason ?? "closed"}); ${result} on paper before charges. ${PAPER}`,
  };
}

/** A reminder that access to an instrument ends in `days` days (0: today). */
export function expiryAlertContent(
  instrument: AccessKey,
  days: number,
  lastDay: string,
): PushPayload {
  const when = days === 0 ? "ends today" : `ends in ${days} days, on ${lastDay}`;
  return {
    title: `${INSTRUMENT_NAME[instrument]}: access ${when}`,
    body: `Your access to ${INSTRUMENT_NAME[instrument]}'s live model output ${when}. Contribute to keep it.`,
    url: "/trading-services",
    tag: `expiring:${instrument}`,
  };
}
