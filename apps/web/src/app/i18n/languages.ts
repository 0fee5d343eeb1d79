import type { TranslationLoaders } from "@/i18n";
import { loadScriptFont } from "@/lib/script-fonts";

/**
 * How each language but English loads (registered with the i18n core by main.tsx): a chunk of its own, so
 * English readers never download it, and a Telugu reader never downloads Hindi (nor the reverse); with the
 * font of its script, so the first paint in it has the glyphs.
 */
export const TRANSLATIONS: TranslationLoaders = {
  te: () => Promise.all([import("./te"), loadScriptFont("te")]).then(([module]) => module.te),
  hi: () => Promise.all([import("./hi"), loadScriptFont("hi")]).then(([module]) => module.hi),
};
