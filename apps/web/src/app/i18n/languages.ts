import type { TranslationLoaders } from "@/i18n";

/**
 * How each language but English loads (registered with the i18n core by main.tsx): a chunk of its own, so
 * English readers never download it, and a Telugu reader never downloads Hindi (nor the reverse).
 */
export const TRANSLATIONS: TranslationLoaders = {
  te: () => import("./te").then((module) => module.te),
  hi: () => import("./hi").then((module) => module.hi),
};
