/**
 * The whole of Hindi, loaded when it is chosen (i18n/index.ts, registerTranslations): the core strings and
 * every feature's, put together here because the i18n core imports no feature. The compiler checks that
 * every namespace but the English-only ones is here.
 */
import { accessGateHi } from "@/features/access/i18n/hi";
import { loginHi, logoutHi, recoveryHi, signupHi } from "@/features/auth/i18n/hi";
import { consentHi } from "@/features/consent/i18n/hi";
import { contactPageHi } from "@/features/contact/i18n/hi";
import { contributionHi } from "@/features/contribution/i18n/hi";
import { pricingHi } from "@/features/contribution/i18n/pricing-hi";
import { dashboardPageHi } from "@/features/dashboard/i18n/hi";
import { faqHi } from "@/features/faq/i18n/hi";
import { forecastsHi } from "@/features/forecasts/i18n/hi";
import { helpPageHi } from "@/features/help/i18n/hi";
import { journalHi } from "@/features/journal/i18n/hi";
import { landingHi } from "@/features/landing/i18n/hi";
import { landingLowerHi } from "@/features/landing/i18n/lower-hi";
import { liveHi } from "@/features/live/i18n/hi";
import { optionChainHi } from "@/features/live/i18n/option-chain-hi";
import { payoffHi } from "@/features/live/i18n/payoff-hi";
import { marketHi } from "@/features/market/i18n/hi";
import { modelsHi } from "@/features/models/i18n/hi";
import { modelVersionHi } from "@/features/models/i18n/version-hi";
import { policyPageHi } from "@/features/policies/i18n/hi";
import { profileHi } from "@/features/profile/i18n/hi";
import { recordHi } from "@/features/record/i18n/hi";
import { analystHi } from "@/features/research-analyst/i18n/hi";
import { alertSettingsHi } from "@/features/settings/i18n/alerts-hi";
import { settingsPageHi } from "@/features/settings/i18n/hi";
import type { TranslatedResource } from "@/i18n";
import { hi as coreHi } from "@/i18n/hi";

export const hi: TranslatedResource = {
  ...coreHi,
  accessGate: accessGateHi,
  pricing: pricingHi,
  contribution: contributionHi,
  consent: consentHi,
  faq: faqHi,
  dashboardPage: dashboardPageHi,
  settingsPage: settingsPageHi,
  alertSettings: alertSettingsHi,
  policyPage: policyPageHi,
  contactPage: contactPageHi,
  helpPage: helpPageHi,
  landing: landingHi,
  landingLower: landingLowerHi,
  market: marketHi,
  live: liveHi,
  models: modelsHi,
  modelVersion: modelVersionHi,
  login: loginHi,
  recovery: recoveryHi,
  signup: signupHi,
  logout: logoutHi,
  profile: profileHi,
  payoff: payoffHi,
  optionChain: optionChainHi,
  journal: journalHi,
  forecasts: forecastsHi,
  record: recordHi,
  analyst: analystHi,
};
