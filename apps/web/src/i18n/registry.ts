/**
 * What the features add to the site's strings, declared by each feature beside its addEnglish call, so the
 * i18n core never imports a feature (the features import the core, not the other way round):
 *
 *   addEnglish({ admin: adminEn });
 *   declare module "@/i18n/registry" {
 *     interface FeatureStrings { admin: typeof adminEn }
 *     interface EnglishOnlyNamespaces { admin: true } // only for a namespace kept in English
 *   }
 *
 * TypeScript merges every such declaration into these interfaces, so `t("admin.tabs.users")` is checked
 * and each translation must provide every namespace that is not English-only.
 */

/** Each feature's English strings, by namespace. */
// biome-ignore lint/suspicious/noEmptyInterface: filled by each feature's declaration merging.
export interface FeatureStrings {}

/**
 * Namespaces kept in English in every language, which then falls back to English for them (the operator
 * console is the operator's tool, not the public site; some pages await their Telugu).
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled by each feature's declaration merging.
export interface EnglishOnlyNamespaces {}
