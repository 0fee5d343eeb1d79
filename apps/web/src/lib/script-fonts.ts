/**
 * The served fonts of the site's other scripts (index.css: Noto Sans Telugu / Devanagari, each face limited
 * to its script by unicode-range, font-display: swap), fetched on purpose where a page is about to show
 * that script. Measured in headless Chromium without Telugu or Devanagari fonts: left to the browser, some
 * words laid out before their face arrived kept the fallback's empty boxes after it did.
 */
import type { Language } from "@/i18n";

const SCRIPT_FONTS: Record<Exclude<Language, "en">, { family: string; sample: string }> = {
  te: { family: "Noto Sans Telugu Variable", sample: "తెలుగు" },
  hi: { family: "Noto Sans Devanagari Variable", sample: "हिन्दी" },
};

/** How long a language waits for its script's font before showing the page anyway (swap follows). */
const FONT_WAIT_MS = 3000;

/**
 * Fetches `language`'s script font (once: the browser keeps it) and resolves when it is ready, or after
 * FONT_WAIT_MS, or at once where the browser cannot load fonts (tests) or for English.
 */
export function loadScriptFont(language: Language): Promise<void> {
  if (language === "en" || typeof document === "undefined" || !("fonts" in document)) {
    return Promise.resolve();
  }
  const { family, sample } = SCRIPT_FONTS[language];
  const loaded = document.fonts.load(`1em "${family}"`, sample).then(
    () => undefined,
    () => undefined,
  );
  const timeout = new Promise<void>((resolve) => setTimeout(resolve, FONT_WAIT_MS));
  return Promise.race([loaded, timeout]);
}
