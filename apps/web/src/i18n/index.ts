/**
 * The site's three languages: English (bundled, and the fallback for any missing string), Telugu and Hindi
 * (each loaded when chosen). A string is named by its dotted path in `en` and may hold `{{name}}`
 * placeholders; a string that depends on a number has plural forms (`key_one`, `key_other`, i18next's
 * convention) picked with Intl.PluralRules for the language from the `count` value. The choice is
 * remembered in local storage under "language" and mirrored on <html lang>.
 *
 * One way only: the features import this core (addEnglish, useTranslation) and declare their strings' type
 * in registry.ts; the core imports no feature (i18n/one-way.test.ts), and the app registers the translations
 * (registerTranslations) before its first render.
 *
 * Our own ~100 lines rather than i18next: the site needs lookup, placeholders and a language switch, and
 * i18next with its React binding was 19 KB of a first visit's 150 KB budget (decision 006).
 */
import { LOCAL_STORAGE_KEYS } from "@kalpa/contracts/storage-keys";
import { useCallback, useMemo, useSyncExternalStore } from "react";
import { en, type TranslatedResource, type TranslationResource } from "./en";

export type {
  CoreStrings,
  EnglishOnlyNamespace,
  RouteKey,
  TranslatedResource,
  TranslationResource,
} from "./en";
export type { EnglishOnlyNamespaces, FeatureStrings } from "./registry";

export const LANGUAGES = [
  { code: "en", label: "English" },
  { code: "te", label: "తెలుగు" },
  { code: "hi", label: "हिन्दी" },
] as const;
export type Language = (typeof LANGUAGES)[number]["code"];
export const DEFAULT_LANGUAGE: Language = "en";

/** Local-storage key holding the chosen language. */
export const LANGUAGE_STORAGE_KEY = LOCAL_STORAGE_KEYS.language;

export function isLanguage(value: unknown): value is Language {
  return LANGUAGES.some((language) => language.code === value);
}

/** The locale Intl formats numbers and dates with in each language: Indian grouping (12,34,567) in all. */
export const INTL_LOCALES: Record<Language, string> = { en: "en-IN", te: "te-IN", hi: "hi-IN" };

/**
 * Every string's dotted path, e.g. "nav.home"; a string with plural forms ("x_one", "x_other") is also
 * named by its base ("x"), which picks the form from `count`.
 */
type Paths<T, Prefix extends string = ""> = {
  [K in keyof T & string]: T[K] extends string
    ? K extends `${infer Base}_other`
      ? `${Prefix}${K}` | `${Prefix}${Base}`
      : `${Prefix}${K}`
    : Paths<T[K], `${Prefix}${K}.`>;
}[keyof T & string];
export type TranslationKey = Paths<TranslationResource>;
export type TranslationValues = Record<string, string | number>;
export type Translate = (key: TranslationKey, values?: TranslationValues) => string;

type Tree = { readonly [key: string]: string | Tree };

/** A language other than English, whose strings load when it is chosen. */
export type TranslatedLanguage = Exclude<Language, "en">;
export type TranslationLoaders = Record<TranslatedLanguage, () => Promise<TranslatedResource>>;

/**
 * How each other language's strings load, registered by the app (app/i18n/languages.ts), which puts the
 * core's and every feature's together: the i18n core imports no feature. Telugu and Hindi each load when
 * chosen (or chosen before): English readers never download them.
 */
let loaders: Partial<TranslationLoaders> = {};

/** Registers how each other language's strings load; the app does this before its first render. */
export function registerTranslations(table: TranslationLoaders): void {
  loaders = { ...loaders, ...table };
}

/**
 * English: the strings every page needs, plus what each feature adds when its code loads (addEnglish in its
 * i18n/en.ts), so a page downloads only its own. Telugu and Hindi load whole, with their language.
 */
const english: Tree = { ...en };
const resources: Partial<Record<Language, Tree>> = { en: english };

/**
 * Adds a feature's English strings; its i18n/en.ts calls this when the feature's code loads, and declares
 * their type in FeatureStrings (registry.ts).
 */
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

const pluralRules = new Map<Language, Intl.PluralRules>();

/** The plural category of `count` in `language` ("one", "other", …), by the language's own rules. */
export function pluralCategory(language: Language, count: number): Intl.LDMLPluralRule {
  let rules = pluralRules.get(language);
  if (!rules) {
    rules = new Intl.PluralRules(INTL_LOCALES[language]);
    pluralRules.set(language, rules);
  }
  return rules.select(count);
}

/**
 * A key's string in one tree: with a numeric `count`, its plural form first (`key_one`, `key_few`, …, then
 * `key_other`), then the key itself.
 */
function find(tree: Tree | undefined, language: Language, key: string, count: unknown) {
  if (typeof count === "number") {
    const form =
      lookup(tree, `${key}_${pluralCategory(language, count)}`) ?? lookup(tree, `${key}_other`);
    if (form !== undefined) return form;
  }
  return lookup(tree, key);
}

/** The string in `language` (English when it has none; the key itself when neither has it). */
export function translate(language: Language, key: TranslationKey, values?: TranslationValues) {
  const count = values?.count;
  const text =
    find(resources[language], language, key, count) ?? find(english, "en", key, count) ?? key;
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

const choiceListeners = new Set<(language: Language) => void>();

/**
 * Calls `listener` each time the reader picks a language (chooseLanguage), not when one is adopted from
 * storage or an account; the app saves the choice on a signed-in account this way.
 */
export function onLanguageChosen(listener: (language: Language) => void): () => void {
  choiceListeners.add(listener);
  return () => choiceListeners.delete(listener);
}

/** The reader picks a language (a switcher): switches to it, then tells onLanguageChosen's listeners. */
export async function chooseLanguage(language: Language): Promise<void> {
  await setLanguage(language);
  for (const listener of choiceListeners) listener(language);
}

/** Loads a language's strings (once), switches the site to it and remembers the choice. */
export async function setLanguage(language: Language): Promise<void> {
  if (language !== "en" && !resources[language]) {
    const load = loaders[language];
    if (!load) throw new Error(`No strings are registered for the language "${language}".`);
    resources[language] = await load();
  }
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
 * Loads the reader's remembered language (after registerTranslations) and resolves once it is ready (at once
 * for English); the app renders after it, so a Telugu or Hindi reader never sees the page flash in
 * English. A failed load leaves the page in English.
 */
export function loadRememberedLanguage(): Promise<void> {
  return setLanguage(readStoredLanguage()).catch((error: unknown) => {
    console.warn("[i18n] could not load the remembered language", error);
  });
}
