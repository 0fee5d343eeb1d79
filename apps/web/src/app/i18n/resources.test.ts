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
  setLanguage,
  type TranslationResource,
  translate,
} from "@/i18n";
import { en } from "@/i18n/en";
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
const telugu = leaves(te);
const TELUGU_SCRIPT = /[\u0C00-\u0C7F]/;
/** Strings that are the same in both languages (numbers, names). */
const SAME_IN_BOTH = new Set([
  "footer.supportHours",
  "footer.copyright",
  "market.timeZone",
  "routes.liveTradeBankNiftyKalpaVruksha.title",
  "routes.liveTradeBankNiftyHft.title",
  "alertSettings.instruments.Nifty",
  "alertSettings.instruments.BankNifty",
  "alertSettings.channels.telegram",
  // A signal's timing: the channel's name beside its time, and Telegram's name.
  "live.card.timing.send",
  "live.card.timing.channel.telegram",
  // A model card's title and what it reads: names and a bar interval already translated.
  "models.title",
  "models.reads.bars",
  // Figures, symbols and the option chain's column heads that traders read in English (glossary).
  "forecasts.scores.verdictWindow",
  "journal.lots",
  "journal.decisionToSend.p50",
  "journal.decisionToSend.p99",
  "journal.decisionToSend.count",
  "journal.analysis.bin",
  "journal.analysis.r",
  "payoff.markerBreakEven",
  "payoff.columnUnderlying",
  "optionChain.ltp",
  "optionChain.iv",
  "optionChain.delta",
  "optionChain.gamma",
  "optionChain.oi",
  "optionChain.atm",
  "optionChain.iv30",
  "analyst.complaints.noneResolved",
]);

describe("translations", () => {
  it("has the same keys in English and Telugu", () => {
    expect([...telugu.keys()].sort()).toEqual([...english.keys()].sort());
  });

  it.each([...english.keys()])("%s: Telugu keeps the placeholders and is really Telugu", (key) => {
    const en = english.get(key) ?? "";
    const te = telugu.get(key) ?? "";
    expect(placeholders(te)).toEqual(placeholders(en));
    if (!SAME_IN_BOTH.has(key)) expect(te).toMatch(TELUGU_SCRIPT);
  });
});

describe("English-only strings", () => {
  it("fall back to English in Telugu (the operator console)", async () => {
    await setLanguage("te");
    expect(translate("te", "admin.tabs.users")).toBe(adminEn.tabs.users);
    expect(translate("te", "nav.home")).toBe(te.nav.home);
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
