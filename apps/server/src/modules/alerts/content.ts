/**
 * What an alert says: a signal's transition or an access reminder, as a notification's title, body, the
 * screen it opens and its tag (a signal's later states replace its earlier ones on the phone). Pure.
 * Every alert is educational research on paper trades, and says so. A signal's alert carries the ledger
 * entry its transition was committed with (the push payload's `ledger`; the text channels' last line, see
 * ledgerLine), so anyone can find it in the published record, and names the model and its version with
 * the disclosure that the call is made by an algorithm; while the operator has a research-analyst profile
 * (decision 031), the sending also names the analyst and SEBI's registration number (withAnalyst,
 * disclosureLines). Every text is in the subscriber's language (decision 040): an event is stored with its
 * title and body in each language (storedSignalAlertContent), and the disclosures are written when it is
 * sent, in the recipient's (contentIn, and the channels' `language`).
 */
import type { AlertEvent, PushPayload } from "@kalpa/contracts/api/alerts";
import { MODEL_NAMES } from "@kalpa/contracts/api/models";
import { LANGUAGES } from "@kalpa/contracts/api/session";
import { type LedgerRef, ledgerRefText } from "@kalpa/contracts/ledger-ref";
import type { AccessKey, ModelId } from "@kalpa/contracts/names";
import { BEFORE_VERSIONS, MANUAL_MODEL_VERSION, type Signal } from "@kalpa/market/signals/signal";
import { dictionaryOf, type Language } from "../../i18n/language";

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
export function ledgerLine(ledger: LedgerRef, language: Language = "en"): string {
  return dictionaryOf(language).alerts.ledger(ledgerRefText(ledger));
}

/** The operator's research analyst as an alert names it. */
export type AlertAnalyst = NonNullable<PushPayload["analyst"]>;

/** The alert as it is sent: with the analyst while the operator has a research-analyst profile. */
export function withAnalyst<T extends PushPayload>(content: T, analyst: AlertAnalyst | null): T {
  if (!analyst) {
    const { analyst: _stored, ...rest } = content;
    return rest as T;
  }
  return { ...content, analyst };
}

/**
 * An alert event as it is stored (alert_events.content): the English alert, and its title and body in
 * the other languages, so the queue sends each subscriber theirs (contentIn) without the signal at hand.
 */
export type StoredAlertContent = PushPayload & {
  localized?: Partial<Record<Language, { title: string; body: string }>>;
};

/** The stored alert in `language` (English when it was stored before it had one), without the others. */
export function contentIn(stored: StoredAlertContent, language: Language = "en"): PushPayload {
  const { localized, ...content } = stored;
  const words = localized?.[language];
  return words ? { ...content, title: words.title, body: words.body } : content;
}

/** The alert in every language, to store: English, and the others' title and body. */
function inEveryLanguage(write: (language: Language) => PushPayload): StoredAlertContent {
  const localized: NonNullable<StoredAlertContent["localized"]> = {};
  for (const language of LANGUAGES) {
    if (language === "en") continue;
    const { title, body } = write(language);
    localized[language] = { title, body };
  }
  return { ...write("en"), localized };
}

/** Who made the call: the model and its version, made by an algorithm (or the operator's own, by hand). */
export function modelLine(
  model: NonNullable<PushPayload["model"]>,
  language: Language = "en",
): string {
  const words = dictionaryOf(language).alerts;
  if (model.version === MANUAL_MODEL_VERSION) return words.byHand(model.name);
  const version =
    model.version === BEFORE_VERSIONS ? words.versionNotRecorded : words.version(model.version);
  return words.byAlgorithm(model.name, version);
}

/** The research analyst line: "Research analyst: Kalpa Research LLP · SEBI Reg. No. INH000012345". */
export function analystLine(analyst: AlertAnalyst, language: Language = "en"): string {
  return dictionaryOf(language).alerts.analyst(analyst.name, analyst.registrationNumber);
}

/** A text alert's disclosure lines, before its ledger line: the model, then the analyst (with a profile). */
export function disclosureLines(content: PushPayload, language: Language = "en"): string[] {
  return [
    ...(content.model ? [modelLine(content.model, language)] : []),
    ...(content.analyst ? [analystLine(content.analyst, language)] : []),
  ];
}

/** A push body's room for the analyst's name (push bodies are small; the other channels say it whole). */
const PUSH_ANALYST_NAME_MAX = 32;

/**
 * A push notification's body: the alert's body and one short line of disclosure, e.g.
 * "By an algorithm: HFT 0d00174f58f9 · RA Kalpa Research LLP, INH000012345".
 */
export function pushBody(content: PushPayload, language: Language = "en"): string {
  const words = dictionaryOf(language).alerts;
  const parts: string[] = [];
  if (content.model) {
    parts.push(
      content.model.version === MANUAL_MODEL_VERSION
        ? words.pushByHand(content.model.name)
        : words.pushByAlgorithm(
            content.model.name,
            content.model.version === BEFORE_VERSIONS
              ? words.pushVersionNotRecorded
              : content.model.version,
          ),
    );
  }
  if (content.analyst) {
    const { name, registrationNumber } = content.analyst;
    const short =
      name.length > PUSH_ANALYST_NAME_MAX ? `${name.slice(0, PUSH_ANALYST_NAME_MAX - 1)}…` : name;
    parts.push(words.pushAnalyst(short, registrationNumber));
  }
  return parts.length > 0 ? `${content.body}\n${parts.join(" · ")}` : content.body;
}

/**
 * An alert as one text message (Telegram): the title, the body, the model (and the analyst, with a
 * profile), and a signal's ledger line last.
 */
export function alertText(content: PushPayload, language: Language = "en"): string {
  const { title, body, ledger } = content;
  const tail = [
    ...disclosureLines(content, language),
    ...(ledger ? [ledgerLine(ledger, language)] : []),
  ];
  return tail.length > 0 ? `${title}\n\n${body}\n\n${tail.join("\n")}` : `${title}\n\n${body}`;
}

export function signalAlertContent(
  signal: Signal,
  event: Exclude<AlertEvent, "access-expiring">,
  instrument: AccessKey,
  ledger?: LedgerRef,
  language: Language = "en",
): PushPayload {
  const model = `${INSTRUMENT_NAME[instrument]} · ${signal.modelId.split(":")[1]}`;
  const tag = `signal:${signal.id}`;
  const url = LIVE_PATH[signal.modelId];
  return {
    ...tellSignal(signal, event, model, language),
    url,
    tag,
    ...(ledger ? { ledger } : {}),
    model: { name: MODEL_NAMES[signal.modelId], version: signal.modelVersion },
  };
}

/** A signal's alert as it is stored: in every language (the queue sends each subscriber theirs). */
export function storedSignalAlertContent(
  signal: Signal,
  event: Exclude<AlertEvent, "access-expiring">,
  instrument: AccessKey,
  ledger?: LedgerRef,
): StoredAlertContent {
  return inEveryLanguage((language) =>
    signalAlertContent(signal, event, instrument, ledger, language),
  );
}

function tellSignal(
  signal: Signal,
  event: Exclude<AlertEvent, "access-expiring">,
  model: string,
  language: Language,
): { title: string; body: string } {
  const words = dictionaryOf(language).alerts;
  const contract = contractOf(signal);
  if (event === "new-signal") {
    return {
      title: words.newSignalTitle(model),
      body: `${words.newSignalBody(contract, price(signal.entryLow), price(signal.entryHigh), price(signal.target), price(signal.stopLoss))} ${words.paper}`,
    };
  }
  if (event === "triggered") {
    return {
      title: words.triggeredTitle(model),
      body: `${words.triggeredBody(contract, price(signal.entryPrice), price(signal.target), price(signal.stopLoss))} ${words.paper}`,
    };
  }
  const pnl = signal.pnl ?? 0;
  const result = `${pnl >= 0 ? "+" : "−"}₹${Math.abs(pnl).toFixed(0)}`;
  const reason = words.closeReason[signal.closeReason ?? "closed"];
  return {
    title: words.closedTitle(model, result),
    body: `${words.closedBody(contract, price(signal.exitPrice), reason, result)} ${words.paper}`,
  };
}

/** A reminder that access to an instrument ends in `days` days (0: today). */
export function expiryAlertContent(
  instrument: AccessKey,
  days: number,
  lastDay: string,
  language: Language = "en",
): PushPayload {
  const words = dictionaryOf(language).alerts;
  return {
    title: words.expiringTitle(INSTRUMENT_NAME[instrument], days, lastDay),
    body: words.expiringBody(INSTRUMENT_NAME[instrument], days, lastDay),
    url: "/trading-services",
    tag: `expiring:${instrument}`,
  };
}

/** A reminder as it is stored: in every language. */
export function storedExpiryAlertContent(
  instrument: AccessKey,
  days: number,
  lastDay: string,
): StoredAlertContent {
  return inEveryLanguage((language) => expiryAlertContent(instrument, days, lastDay, language));
}
