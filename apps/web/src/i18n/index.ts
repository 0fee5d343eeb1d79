/**
 * i18next set up with English and Telugu bundled (both are small). The chosen language is remembered in
 * local storage under "language" and mirrored on <html lang>.
 */
import { LOCAL_STORAGE_KEYS } from "@kalpa/contracts/storage-keys";
import i18n from "i18next";
import { initReactI18next } from "react-i18next";
import { en, type TranslationResource } from "./en";

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

function readStoredLanguage(): Language {
  try {
    const stored = window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(stored) ? stored : DEFAULT_LANGUAGE;
  } catch {
    return DEFAULT_LANGUAGE;
  }
}

function storeLanguage(language: string): void {
  try {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Storage can be unavailable (private mode, blocked); the choice then lasts for this page only.
  }
}

/**
 * Telugu loads when it is chosen (or was chosen before): a visitor reading English does not download it.
 * English is bundled, and is the fallback for any string a translation lacks.
 */
const LOADERS: Record<Exclude<Language, "en">, () => Promise<TranslationResource>> = {
  te: () => import("./te").then((module) => module.te),
};

void i18n.use(initReactI18next).init({
  resources: { en: { translation: en } },
  lng: DEFAULT_LANGUAGE,
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: LANGUAGES.map((language) => language.code),
  partialBundledLanguages: true,
  interpolation: { escapeValue: false },
  initAsync: false,
});

/** Loads a language's strings (once) and switches the app to it. */
export async function setLanguage(language: Language): Promise<void> {
  if (language !== "en" && !i18n.hasResourceBundle(language, "translation")) {
    i18n.addResourceBundle(language, "translation", await LOADERS[language]());
  }
  await i18n.changeLanguage(language);
}

document.documentElement.lang = i18n.language;

i18n.on("languageChanged", (language) => {
  document.documentElement.lang = language;
  storeLanguage(language);
});

/**
 * Resolves once the reader's remembered language is ready (at once for English); the app renders after it,
 * so a Telugu reader never sees the page flash in English. A failed load leaves the page in English.
 */
export const i18nReady: Promise<void> = setLanguage(readStoredLanguage()).catch(
  (error: unknown) => {
    console.warn("[i18n] could not load the remembered language", error);
  },
);

export { i18n };
