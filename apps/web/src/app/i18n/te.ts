/**
 * The whole of Telugu, loaded when it is chosen (i18n/index.ts, registerTranslations): the core strings and
 * every feature's, put together here because the i18n core imports no feature. The compiler checks that
 * every namespace but the English-only ones is here.
 */
import { accessGateTe } from "@/features/access/i18n/te";
import { loginTe, logoutTe, recoveryTe, signupTe } from "@/features/auth/i18n/te";
import { consentTe } from "@/features/consent/i18n/te";
import { contactPageTe } from "@/features/contact/i18n/te";
import { pricingTe } from "@/features/contribution/i18n/pricing-te";
import { contributionTe } from "@/features/contribution/i18n/te";
import { dashboardPageTe } from "@/features/dashboard/i18n/te";
import { faqTe } from "@/features/faq/i18n/te";
import { forecastsTe } from "@/features/forecasts/i18n/te";
import { helpPageTe } from "@/features/help/i18n/te";
import { journalTe } from "@/features/journal/i18n/te";
import { landingLowerTe } from "@/features/landing/i18n/lower-te";
import { landingTe } from "@/features/landing/i18n/te";
import { optionChainTe } from "@/features/live/i18n/option-chain-te";
import { payoffTe } from "@/features/live/i18n/payoff-te";
import { liveTe } from "@/features/live/i18n/te";
import { marketTe } from "@/features/market/i18n/te";
import { modelsTe } from "@/features/models/i18n/te";
import { modelVersionTe } from "@/features/models/i18n/version-te";
import { policyPageTe } from "@/features/policies/i18n/te";
import { profileTe } from "@/features/profile/i18n/te";
import { recordTe } from "@/features/record/i18n/te";
import { analystTe } from "@/features/research-analyst/i18n/te";
import { alertSettingsTe } from "@/features/settings/i18n/alerts-te";
import { settingsPageTe } from "@/features/settings/i18n/te";
import type { TranslatedResource } from "@/i18n";
import { te as coreTe } from "@/i18n/te";

export const te: TranslatedResource = {
  ...coreTe,
  accessGate: accessGateTe,
  pricing: pricingTe,
  contribution: contributionTe,
  consent: consentTe,
  faq: faqTe,
  dashboardPage: dashboardPageTe,
  settingsPage: settingsPageTe,
  alertSettings: alertSettingsTe,
  policyPage: policyPageTe,
  contactPage: contactPageTe,
  helpPage: helpPageTe,
  landing: landingTe,
  landingLower: landingLowerTe,
  market: marketTe,
  live: liveTe,
  payoff: payoffTe,
  optionChain: optionChainTe,
  models: modelsTe,
  modelVersion: modelVersionTe,
  login: loginTe,
  recovery: recoveryTe,
  signup: signupTe,
  logout: logoutTe,
  profile: profileTe,
  journal: journalTe,
  forecasts: forecastsTe,
  record: recordTe,
  analyst: analystTe,
};
