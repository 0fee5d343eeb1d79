/**
 * The site's two languages: English (bundled, and the fallback for any missing string) and Telugu (loaded
 * when chosen). A string is named by its dotted path in `en` and may hold `{{name}}` placeholders. The
 * choice is remembered in local storage under "language" and mirrored on <html lang>.
 *
 * Our own ~100 lines rather than i18next: the site needs lookup, placeholders and a language switch, and
 * i18next with its React binding was 19 KB of a first visit's 150 KB budget (decision 006).
 */
import { LOCAL_STORAGE_KEYS } from "@kalpa/contracts/storage-keys";
import { useCallback, useMemo, useSyncExternalStore } from "react";
import { en, type TranslatedResource, type TranslationResource } from "./en";

export const LANGUAGES = [
  { code: "en", label: "English" },
  { code: "te", label: "తెలుగు" },
] as const;
export type Language = (typeof LANGUAGES)[number]["code"];
export const DEFAULT_LANGUAGE: Language = "en";

/** Local-storage key holding the chosen language. */
export const LANGUAGE_STORAGE_KEY = LOCAL_STORAGE_KEYS.language;

export function isLanguage(value: unknown): value is Language {
  return LANGUAGES.some((language) => language.code === value);
}

/** Every string's dotted path, e.g. "nav.home". */
type Paths<T, Prefix extends string = ""> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${K}` : Paths<T[K], `${Prefix}${K}.`>;
}[keyof T & string];
export type TranslationKey = Paths<TranslationResource>;
export type TranslationValues = Record<string, string | number>;
export type Translate = (key: TranslationKey, values?: TranslationValues) => string;

type Tree = { readonly [key: string]: string | Tree };

/** Telugu's strings load when it is chosen (or was chosen before): English readers never download them. */
const LOADERS: Record<Exclude<Language, "en">, () => Promise<TranslatedResource>> = {
  te: () => import("./te").then((module) => module.te),
};

/**
 * English: the strings every page needs, plus what each feature adds when its code loads (addEnglish in its
 * i18n/en.ts), so a page downloads only its own. Telugu loads whole, with its language.
 */
const english: Tree = { ...en };
const resources: Partial<Record<Language, Tree>> = { en: english };

/** Adds a feature's English strings; its i18n/en.ts calls this when the feature's code loads. */
export function addEnglish(strings: Partial<TranslationResource>): void {
  Object.assign(english, strings);
}
let current: Language = DEFAULT_LANGUAGE;
const listeners = new Set<() => void>();

function lookup(tree: Tree | undefined, key: string): string | undefined {
  let node: string | Tree | undefined = tree;
  for (const part of key.split(".")) {
    if (node === undefined || typeof node === "string") return undefined;
    node = node[part];
  }
  return typeof node === "string" ? node : undefined;
}

/** The string in `language` (English when it has none; the key itself when neither has it). */
export function translate(language: Language, key: TranslationKey, values?: TranslationValues) {
  const text = lookup(resources[language], key) ?? lookup(english, key) ?? key;
  if (!values) return text;
  return text.replace(/\{\{(\w+)\}\}/g, (placeholder, name: string) =>
    name in values ? String(values[name]) : placeholder,
  );
}

export function currentLanguage(): Language {
  return current;
}

/** True once a language's strings are in memory (English always is). */
export function isLanguageLoaded(language: Language): boolean {
  return resources[language] !== undefined;
}

function storeLanguage(language: Language): void {
  try {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Storage can be unavailable (private mode, blocked); the choice then lasts for this page only.
  }
}

function readStoredLanguage(): Language {
  try {
    const stored = window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(stored) ? stored : DEFAULT_LANGUAGE;
  } catch {
    return DEFAULT_LANGUAGE;
  }
}

/** Loads a language's strings (once), switches the site to it and remembers the choice. */
export async function setLanguage(language: Language): Promise<void> {
  if (language !== "en" && !resources[language]) resources[language] = await LOADERS[language]();
  document.documentElement.lang = language;
  storeLanguage(language);
  if (language === current) return;
  current = language;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The current language and its `t`; components re-render when the language changes. */
export function useTranslation(): { t: Translate; language: Language } {
  const language = useSyncExternalStore(subscribe, currentLanguage);
  const t = useCallback<Translate>((key, values) => translate(language, key, values), [language]);
  return useMemo(() => ({ t, language }), [t, language]);
}

document.documentElement.lang = current;

/**
 * Resolves once the reader's remembered language is ready (at once for English); the app renders after it,
 * so a Telugu reader never sees the page flash in English. A failed load leaves the page in English.
 */
export const i18nReady: Promise<void> = setLanguage(readStoredLanguage()).catch(
  (error: unknown) => {
    console.warn("[i18n] could not load the remembered language", error);
  },
);
