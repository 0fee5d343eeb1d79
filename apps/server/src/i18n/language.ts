/**
 * Which language to write to a user in (issue 38): a signed-in user's account language, otherwise the
 * browser's Accept-Language, otherwise English. And the dictionary of each language.
 */
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from "@kalpa/contracts/api/session";
import type { ServerDictionary } from "./dictionary";
import { en } from "./en";
import { hi } from "./hi";
import { te } from "./te";

export type { Language };

export const DICTIONARIES: Readonly<Record<Language, ServerDictionary>> = { en, te, hi };

export function dictionaryOf(language: Language | null | undefined): ServerDictionary {
  return DICTIONARIES[language ?? DEFAULT_LANGUAGE] ?? en;
}

export function isLanguage(value: unknown): value is Language {
  return typeof value === "string" && (LANGUAGES as readonly string[]).includes(value);
}

/** Longer headers are not read (a browser's is a few dozen characters). */
const MAX_HEADER = 512;
const MAX_RANGES = 32;

/**
 * The language an Accept-Language header (RFC 9110 section 12.5.4) asks for most among ours: `te-IN`
 * and `te` are Telugu, `hi-IN` Hindi, `en-GB` English; the highest q wins, the first of equals, and q=0
 * refuses. Anything it cannot read, or that names none of ours, is English.
 */
export function languageFromHeader(header: string | string[] | undefined): Language {
  const value = Array.isArray(header) ? header[0] : header;
  if (!value || value.length > MAX_HEADER) return DEFAULT_LANGUAGE;
  let best: Language | undefined;
  let bestQ = 0;
  for (const range of value.split(",").slice(0, MAX_RANGES)) {
    const [tag = "", ...params] = range.trim().split(";");
    const primary = tag.trim().toLowerCase().split("-")[0] ?? "";
    if (!isLanguage(primary)) continue;
    let q = 1;
    for (const param of params) {
      const match = /^\s*q\s*=\s*([01](?:\.\d{0,3})?)\s*$/i.exec(param);
      if (match) q = Math.min(1, Number(match[1]));
    }
    if (q > bestQ) {
      best = primary;
      bestQ = q;
    }
  }
  return best ?? DEFAULT_LANGUAGE;
}

/** What a request's language is read from: its signed-in user, if any, and its headers. */
export interface LanguageSource {
  auth?: { user: { language: Language } } | null;
  headers: { "accept-language"?: string | string[] | undefined };
}

/** The signed-in user's language, else the browser's. */
export function languageOfRequest(request: LanguageSource): Language {
  return request.auth?.user.language ?? languageFromHeader(request.headers["accept-language"]);
}
