import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { accessGateEn } from "@/features/access/i18n/en";
import { adminEn } from "@/features/admin/i18n/en";
import { loginEn, logoutEn, recoveryEn, signupEn } from "@/features/auth/i18n/en";
import { consentEn } from "@/features/consent/i18n/en";
import { contactPageEn } from "@/features/contact/i18n/en";
import { contributionEn } from "@/features/contribution/i18n/en";
import { pricingEn } from "@/features/contribution/i18n/pricing-en";
import { dashboardPageEn } from "@/features/dashboard/i18n/en";
import { faqEn } from "@/features/faq/i18n/en";
import { forecastsEn } from "@/features/forecasts/i18n/en";
import { helpPageEn } from "@/features/help/i18n/en";
import { journalEn } from "@/features/journal/i18n/en";
import { landingEn } from "@/features/landing/i18n/en";
import { landingLowerEn } from "@/features/landing/i18n/lower-en";
import { liveEn } from "@/features/live/i18n/en";
import { optionChainEn } from "@/features/live/i18n/option-chain-en";
import { payoffEn } from "@/features/live/i18n/payoff-en";
import { marketEn } from "@/features/market/i18n/en";
import { modelsEn } from "@/features/models/i18n/en";
import { modelVersionEn } from "@/features/models/i18n/version-en";
import { policyPageEn } from "@/features/policies/i18n/en";
import { profileEn } from "@/features/profile/i18n/en";
import { recordEn } from "@/features/record/i18n/en";
import { analystEn } from "@/features/research-analyst/i18n/en";
import { alertSettingsEn } from "@/features/settings/i18n/alerts-en";
import { settingsPageEn } from "@/features/settings/i18n/en";
import {
  type EnglishOnlyNamespace,
  INTL_LOCALES,
  setLanguage,
  type TranslationResource,
  translate,
} from "@/i18n";
import { en } from "@/i18n/en";
import { hi } from "./hi";
import { te } from "./te";

/** Each feature's strings, and the module that adds them (which a file using them must import). */
const FEATURE_STRINGS = {
  accessGate: [accessGateEn, "@/features/access/i18n/en"],
  admin: [adminEn, "@/features/admin/i18n/en"],
  forecasts: [forecastsEn, "@/features/forecasts/i18n/en"],
  journal: [journalEn, "@/features/journal/i18n/en"],
  record: [recordEn, "@/features/record/i18n/en"],
  pricing: [pricingEn, "@/features/contribution/i18n/pricing-en"],
  contribution: [contributionEn, "@/features/contribution/i18n/en"],
  consent: [consentEn, "@/features/consent/i18n/en"],
  faq: [faqEn, "@/features/faq/i18n/en"],
  landing: [landingEn, "@/features/landing/i18n/en"],
  landingLower: [landingLowerEn, "@/features/landing/i18n/lower-en"],
  market: [marketEn, "@/features/market/i18n/en"],
  live: [liveEn, "@/features/live/i18n/en"],
  optionChain: [optionChainEn, "@/features/live/i18n/option-chain-en"],
  payoff: [payoffEn, "@/features/live/i18n/payoff-en"],
  models: [modelsEn, "@/features/models/i18n/en"],
  modelVersion: [modelVersionEn, "@/features/models/i18n/version-en"],
  dashboardPage: [dashboardPageEn, "@/features/dashboard/i18n/en"],
  settingsPage: [settingsPageEn, "@/features/settings/i18n/en"],
  alertSettings: [alertSettingsEn, "@/features/settings/i18n/alerts-en"],
  helpPage: [helpPageEn, "@/features/help/i18n/en"],
  contactPage: [contactPageEn, "@/features/contact/i18n/en"],
  policyPage: [policyPageEn, "@/features/policies/i18n/en"],
  login: [loginEn, "@/features/auth/i18n/en"],
  recovery: [recoveryEn, "@/features/auth/i18n/en"],
  signup: [signupEn, "@/features/auth/i18n/en"],
  logout: [logoutEn, "@/features/auth/i18n/en"],
  profile: [profileEn, "@/features/profile/i18n/en"],
  analyst: [analystEn, "@/features/research-analyst/i18n/en"],
} as const;

/** All of English; the compiler checks that no namespace of TranslationResource is missing. */
const allEnglish: TranslationResource = {
  ...en,
  ...(Object.fromEntries(
    Object.entries(FEATURE_STRINGS).map(([namespace, [strings]]) => [namespace, strings]),
  ) as { [K in keyof typeof FEATURE_STRINGS]: (typeof FEATURE_STRINGS)[K][0] }),
};

/** Every string of a tree of strings, by its dotted path. */
function leaves(tree: object, prefix = ""): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree) as Array<[string, string | object]>) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === "string") out.set(path, value);
    else for (const [k, v] of leaves(value, path)) out.set(k, v);
  }
  return out;
}

function placeholders(text: string): string[] {
  return [...text.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1] ?? "").sort();
}

/** English-only namespaces (the operator console): Telugu falls back to English for them. */
const ENGLISH_ONLY_NAMESPACES: Record<EnglishOnlyNamespace, true> = {
  admin: true,
};
const ENGLISH_ONLY = Object.keys(ENGLISH_ONLY_NAMESPACES);
const english = new Map(
  [...leaves(allEnglish)].filter(([key]) => !ENGLISH_ONLY.some((ns) => key.startsWith(`${ns}.`))),
);
const TRANSLATIONS = { te: leaves(te), hi: leaves(hi) } as const;
/** Letters of each language's own script. */
const SCRIPTS = { te: /[\u0C00-\u0C7F]/, hi: /[\u0900-\u097F]/ } as const;

/**
 * Words every language writes as English does, in Latin script (glossary.md): brand, product, model and
 * instrument names, channels, and the market terms Indian traders say in English. A translation may equal
 * its English string only when nothing else is left of it: these, placeholders, digits and punctuation.
 */
const SAME_IN_EVERY_LANGUAGE = [
  "BankNifty KalpaVruksha",
  "KalpaVruksha",
  "BANKNIFTY",
  "BankNifty",
  "Bank Nifty",
  "NIFTY",
  "Nifty",
  "CrudeOil",
  "Crude Oil",
  "HFT",
  "Yamuna",
  "Kalpa",
  "Telegram",
  "WhatsApp",
  "Word",
  "SEBI",
  "NSE",
  "MCX",
  "IST",
  "RDA",
  "LTP",
  "P&L",
  "CE",
  "PE",
  "lot",
  // The option chain's and the journal's column heads and figures, read in English (glossary.md).
  "IV",
  "MAE",
  "MFE",
  "ATM",
  "OI",
  "Delta",
  "Gamma",
  "BE",
  "R",
  "p50",
  "p99",
  "n",
  // "v 3f2a…", a model version's short form.
  "v",
];
const TERM = new RegExp(SAME_IN_EVERY_LANGUAGE.map((term) => `\\b${term}\\b`).join("|"), "g");

/** What of an English string would need translating: its words but the shared terms and placeholders. */
function wordsToTranslate(english: string): string {
  return english
    .replace(/\{\{\w+\}\}/g, "")
    .replace(TERM, "")
    .replace(/[^\p{L}]+/gu, " ")
    .trim();
}

/** The plural categories a language's integers fall in (Intl.PluralRules), e.g. ["one", "other"]. */
function pluralCategoriesOf(language: "en" | "te" | "hi"): string[] {
  const rules = new Intl.PluralRules(INTL_LOCALES[language]);
  return [...new Set(Array.from({ length: 200 }, (_, n) => rules.select(n)))].sort();
}

describe.each(Object.entries(TRANSLATIONS))("%s", (language, translated) => {
  const code = language as keyof typeof TRANSLATIONS;

  it("has every key English has, and no other", () => {
    expect([...translated.keys()].sort()).toEqual([...english.keys()].sort());
  });

  it.each([...english.keys()])("%s keeps the placeholders and is translated", (key) => {
    const en = english.get(key) ?? "";
    const text = translated.get(key) ?? "";
    expect(placeholders(text)).toEqual(placeholders(en));
    if (wordsToTranslate(en) !== "") {
      expect(text, "the English string used as a translation").not.toBe(en);
    }
    // Anything but the shared terms is written in the language's own script.
    if (wordsToTranslate(text) !== "") expect(text).toMatch(SCRIPTS[code]);
  });

  it("has every plural form the language's own rules pick", () => {
    const bases = [...english.keys()].filter((key) => key.endsWith("_other"));
    expect(bases.length).toBeGreaterThan(0);
    for (const base of bases.map((key) => key.slice(0, -"_other".length))) {
      for (const category of pluralCategoriesOf(code)) {
        expect(translated.has(`${base}_${category}`), `${base}_${category}`).toBe(true);
      }
    }
  });
});

describe("English", () => {
  it("has every plural form English's rules pick", () => {
    const bases = [...english.keys()].filter((key) => key.endsWith("_other"));
    for (const base of bases.map((key) => key.slice(0, -"_other".length))) {
      for (const category of pluralCategoriesOf("en")) {
        expect(english.has(`${base}_${category}`), `${base}_${category}`).toBe(true);
      }
    }
  });

  it("picks the plural form by count, in each language", async () => {
    expect(translate("en", "settingsPage.access.left", { count: 1 })).toBe("1 day left");
    expect(translate("en", "settingsPage.access.left", { count: 5 })).toBe("5 days left");
    await setLanguage("te");
    expect(translate("te", "settingsPage.access.left", { count: 1 })).toBe("1 రోజు మిగిలి ఉంది");
    expect(translate("te", "settingsPage.access.left", { count: 3 })).toBe("3 రోజులు మిగిలి ఉన్నాయి");
    await setLanguage("hi");
    expect(translate("hi", "settingsPage.access.left", { count: 0 })).toBe("0 दिन बाकी");
  });
});

describe("English-only strings", () => {
  it("fall back to English in Telugu and Hindi (the operator console)", async () => {
    await setLanguage("te");
    expect(translate("te", "admin.tabs.users")).toBe(adminEn.tabs.users);
    expect(translate("te", "nav.home")).toBe(te.nav.home);
    await setLanguage("hi");
    expect(translate("hi", "admin.tabs.users")).toBe(adminEn.tabs.users);
    expect(translate("hi", "nav.home")).toBe(hi.nav.home);
  });
});

describe("feature strings", () => {
  const SOURCE_ROOT = path.resolve(import.meta.dirname, "../..");
  const sources = readdirSync(SOURCE_ROOT, { recursive: true, encoding: "utf8" }).filter(
    (file) =>
      /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file) && !file.includes(`i18n${path.sep}`),
  );

  it.each(Object.entries(FEATURE_STRINGS))(
    "every file that uses %s.* strings loads the module that adds them",
    (namespace, [, module]) => {
      const uses = new RegExp(`["'\`]${namespace}\\.`);
      const users = sources.filter((file) =>
        uses.test(readFileSync(path.join(SOURCE_ROOT, file), "utf8")),
      );
      expect(users.length).toBeGreaterThan(0);
      for (const file of users) {
        expect(readFileSync(path.join(SOURCE_ROOT, file), "utf8"), file).toContain(
          `import "${module}";`,
        );
      }
    },
  );
});
