/**
 * What an alert says: a signal's transition or an access reminder, as a notification's title, body, the
 * screen it opens and its tag (a signal's later states replace its earlier ones on the phone). Pure.
 * Every alert is educational research on paper trades, and says so. A signal's alert carries the ledger
 * entry its transition was committed with (the push payload's `ledger`; the text channels' last line, see
 * ledgerLine), so anyone can find it in the published record, and names the model and its version with
 * the disclosure that the call is made by an algorithm; while the operator has a research-analyst profile
 * (decision 031), the sending also names the analyst and SEBI's registration number (withAnalyst,
 * disclosureLines).
 */
import type { AlertEvent, PushPayload } from "@kalpa/contracts/api/alerts";
import { MODEL_NAMES } from "@kalpa/contracts/api/models";
import { type LedgerRef, ledgerRefText } from "@kalpa/contracts/ledger-ref";
import type { AccessKey, ModelId } from "@kalpa/contracts/names";
import { BEFORE_VERSIONS, MANUAL_MODEL_VERSION, type Signal } from "@kalpa/market/signals/signal";

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

/** The operator's research analyst as an alert names it. */
export type AlertAnalyst = NonNullable<PushPayload["analyst"]>;

/** The alert as it is sent: with the analyst while the operator has a research-analyst profile. */
export function withAnalyst(content: PushPayload, analyst: AlertAnalyst | null): PushPayload {
  if (!analyst) {
    const { analyst: _stored, ...rest } = content;
    return rest;
  }
  return { ...content, analyst };
}

/** Who made the call: the model and its version, made by an algorithm (or the operator's own, by hand). */
export function modelLine(model: NonNullable<PushPayload["model"]>): string {
  if (model.version === MANUAL_MODEL_VERSION) {
    return `Entered by hand by the operator under the ${model.name} model's name, not made by its algorithm.`;
  }
  const version =
    model.version === BEFORE_VERSIONS ? "version not recorded" : `version ${model.version}`;
  return `This call is made by an algorithm, not chosen by a person: the ${model.name} model, ${version}.`;
}

/** The research analyst line: "Research analyst: Kalpa Research LLP · SEBI Reg. No. INH000012345". */
export function analystLine(analyst: AlertAnalyst): string {
  return `Research analyst: ${analyst.name} · SEBI Reg. No. ${analyst.registrationNumber}`;
}

/** A text alert's disclosure lines, before its ledger line: the model, then the analyst (with a profile). */
export function disclosureLines(content: PushPayload): string[] {
  return [
    ...(content.model ? [modelLine(content.model)] : []),
    ...(content.analyst ? [analystLine(content.analyst)] : []),
  ];
}

/** A push body's room for the analyst's name (push bodies are small; the other channels say it whole). */
const PUSH_ANALYST_NAME_MAX = 32;

/**
 * A push notification's body: the alert's body and one short line of disclosure, e.g.
 * "By an algorithm: HFT 0d00174f58f9 · RA Kalpa Research LLP, INH000012345".
 */
export function pushBody(content: PushPayload): string {
  const parts: string[] = [];
  if (content.model) {
    parts.push(
      content.model.version === MANUAL_MODEL_VERSION
        ? `By hand, not by the ${content.model.name} algorithm`
        : `By an algorithm: ${content.model.name} ${content.model.version === BEFORE_VERSIONS ? "(version not recorded)" : content.model.version}`,
    );
  }
  if (content.analyst) {
    const { name, registrationNumber } = content.analyst;
    const short =
      name.length > PUSH_ANALYST_NAME_MAX ? `${name.slice(0, PUSH_ANALYST_NAME_MAX - 1)}…` : name;
    parts.push(`RA ${short}, ${registrationNumber}`);
  }
  return parts.length > 0 ? `${content.body}\n${parts.join(" · ")}` : content.body;
}

/**
 * An alert as one text message (Telegram): the title, the body, the model (and the analyst, with a
 * profile), and a signal's ledger line last.
 */
export function alertText(content: PushPayload): string {
  const { title, body, ledger } = content;
  const tail = [...disclosureLines(content), ...(ledger ? [ledgerLine(ledger)] : [])];
  return tail.length > 0 ? `${title}\n\n${body}\n\n${tail.join("\n")}` : `${title}\n\n${body}`;
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
  return {
    ...tellSignal(signal, event, model),
    url,
    tag,
    ...(ledger ? { ledger } : {}),
    model: { name: MODEL_NAMES[signal.modelId], version: signal.modelVersion },
  };
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
