/**
 * i18next set up with English and Telugu bundled (both are small). The chosen language is remembered in
 * local storage under "language" and mirrored on <html lang>.
 */
import { LOCAL_STORAGE_KEYS } from "@kalpa/contracts/storage-keys";
import i18n from "i18next";
import { initReactI18next } from "react-i18next";
import { en } from "./en";
import { te } from "./te";

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

void i18n.use(initReactI18next).init({
  resources: { en: { translation: en }, te: { translation: te } },
  lng: readStoredLanguage(),
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: LANGUAGES.map((language) => language.code),
  interpolation: { escapeValue: false },
  initAsync: false,
});

document.documentElement.lang = i18n.language;

i18n.on("languageChanged", (language) => {
  document.documentElement.lang = language;
  storeLanguage(language);
});

export { i18n };
