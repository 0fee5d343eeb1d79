/**
 * The server's messages in the request's language. Routes and services keep writing the contracts'
 * English (the spec's wording, which the tests and the web know); the answer's `error`, `message` and
 * field issues are put into the user's language on the way out (plugins/error-handler.ts,
 * plugins/localized-messages.ts), by looking the English up in the dictionary. A message the dictionary
 * does not hold (the operator's console) stays as it is.
 */
import type { MessageKey } from "./dictionary";
import { EN_MESSAGES } from "./en";
import { dictionaryOf, type Language } from "./language";

const KEY_OF = new Map<string, MessageKey>();
for (const [key, text] of Object.entries(EN_MESSAGES) as [MessageKey, string][]) {
  if (!KEY_OF.has(text)) KEY_OF.set(text, key);
}

/** The access keys a message may name (Nifty, BankNifty, CrudeOil) and a day as formatDayKey writes it. */
const SERVICE = "(Nifty|BankNifty|CrudeOil)";
const DAY = "(\\d{1,2} [A-Z][a-z]{2} \\d{4})";

/** Messages with a value in them: the English pattern, and how each language writes it. */
const PARAMETRIC: ReadonlyArray<{
  pattern: RegExp;
  render: (language: Language, match: RegExpExecArray) => string;
}> = [
  {
    pattern: /^Too many attempts\. Please try again in (\d+) seconds?\.$/,
    render: (language, m) => dictionaryOf(language).parametric.tryAgainInSeconds(Number(m[1])),
  },
  {
    pattern: /^Too many attempts\. Please try again in (\d+) minutes?\.$/,
    render: (language, m) => dictionaryOf(language).parametric.tryAgainInMinutes(Number(m[1])),
  },
  {
    pattern: /^Please wait (\d+) seconds? before requesting another OTP\.$/,
    render: (language, m) => dictionaryOf(language).parametric.resendCooldown(Number(m[1])),
  },
  {
    pattern: new RegExp(`^${SERVICE} access expired on ${DAY}\\. Please renew your access\\.$`),
    render: (language, m) =>
      dictionaryOf(language).parametric.accessExpired(m[1] as string, m[2] as string),
  },
  {
    pattern: new RegExp(`^${SERVICE} not found\\. Please contribute to access this content\\.$`),
    render: (language, m) => dictionaryOf(language).parametric.accessNotFound(m[1] as string),
  },
  {
    pattern: new RegExp(`^${SERVICE} access is inactive\\. Please contact support to activate\\.$`),
    render: (language, m) => dictionaryOf(language).parametric.accessInactive(m[1] as string),
  },
];

/** The key of a fixed English message, or undefined. */
export function messageKeyOf(english: string): MessageKey | undefined {
  return KEY_OF.get(english);
}

/** An English server message in `language` (itself when English, or when the dictionary lacks it). */
export function localizeMessage(english: string, language: Language): string {
  if (language === "en") return english;
  const key = KEY_OF.get(english);
  if (key) return dictionaryOf(language).messages[key];
  for (const { pattern, render } of PARAMETRIC) {
    const match = pattern.exec(english);
    if (match) return render(language, match);
  }
  return english;
}
