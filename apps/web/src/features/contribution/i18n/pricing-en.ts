/** English strings of the pricing page, Research Access Plans (spec sections 2 and 9). */
import { addEnglish } from "@/i18n";

export const pricingEn = {
  eyebrow: "Contribution",
  lead: "Choose the instruments you want to study. Each plan opens one instrument's model-generated research for a month: {{price}} per month per instrument.",
  popular: "MOST POPULAR",
  perMonth: "per month",
  exchange: "Exchange",
  statsLabel: "{{name}} in numbers",
  models: "Models",
  setups: "Setups",
  latency: "Latency",
  includes: "What {{name}} includes",
  getStarted: "Get Started",
  plans: {
    nifty: {
      tagline: "India's benchmark index of 50 large companies.",
      model: "KalpaVruksha model on NIFTY 50 index options",
      session: "Setups through the NSE session",
    },
    banknifty: {
      tagline: "The fast-moving index of 12 large banking stocks.",
      model: "Two models: KalpaVruksha for swing setups and HFT for quick ones",
      session: "Setups through the NSE session",
    },
    crudeoil: {
      tagline: "MCX crude oil options, followed into the evening.",
      model: "Yamuna model on MCX crude oil options",
      session: "Setups through the MCX session, into the evening",
    },
  },
  features: {
    signals: "Live setups with entry zone, target and risk marker",
    forecast: "Daily {{name}} forecast with call and put views",
    journal: "Every simulated trade in the paper-trade journal",
    support: "Support 24/7 by WhatsApp, phone and e-mail",
  },
  how: {
    heading: "How access works",
    choose: "Choose one or more instruments.",
    message: "Send the founder the pre-filled WhatsApp message to arrange your contribution.",
    agreement:
      "Accept the risk disclosure agreement online and send a signed copy: download it, sign it and share a scan or photo.",
    access:
      "Access opens for the month you contributed for, on every device you sign in on, without signing in again.",
  },
  notes: {
    heading: "Good to know",
    nonRefundable:
      "Contributions are voluntary and non-refundable; access is time-bound and ends on its last day unless renewed.",
    /** With a research-analyst profile: SEBI's refund rule instead (decision 033). */
    refundable:
      "Contributions are voluntary. If access ends early, the unused days are refunded pro rata, as SEBI's rules for research analysts require. Access is time-bound and ends on its last day unless renewed.",
    free: "Gold, silver and dollar-index forecasts are free for everyone.",
    educational:
      "Everything here is educational and simulated research, not investment advice. We are not registered with SEBI.",
    /** With the operator's research-analyst registration, in place of the line that says there is none. */
    educationalRegistered:
      "Everything here is educational and simulated research, not investment advice. The research is by {{analyst}}, SEBI-registered Research Analyst (Registration No. {{number}}).",
  },
};

addEnglish({ pricing: pricingEn });

declare module "@/i18n/registry" {
  interface FeatureStrings {
    pricing: typeof pricingEn;
  }
}
