/** UI strings of the policies page (the policies' own text is in ../content, English only). */
import { addEnglish } from "@/i18n";

export const policyPageEn = {
  lastUpdated: "Last Updated: {{date}}",
  onThisPage: "On this page",
  englishOnly: "Policies are published in English; the English text is the binding text.",
  contactTitle: "Support contacts",
  contactLoading: "Loading contact details…",
  contactUnavailable: "Contact details are unavailable right now. Please try again later.",
  name: "Name",
  email: "E-mail",
  phone: "Phone",
  whatsapp: "WhatsApp",
  chat: "Chat on WhatsApp",
  opensInNewTab: "(opens in a new tab)",
  hours: "Support is available 24/7 by WhatsApp, phone and e-mail.",
};

addEnglish({ policyPage: policyPageEn });

declare module "@/i18n/registry" {
  interface FeatureStrings {
    policyPage: typeof policyPageEn;
  }
}
