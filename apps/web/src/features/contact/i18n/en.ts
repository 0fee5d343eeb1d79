import { addEnglish } from "@/i18n";

export const contactPageEn = {
  intro:
    "Questions about access, contributions or your account? Reach the founder directly by e-mail or phone. Support is available 24/7.",
  founder: "Founder",
  cardLabel: "Founder contact card",
  email: "E-mail",
  phone: "Phone",
  sendEmail: "Send an e-mail",
  call: "Call",
  emailAction: "Send an e-mail to {{name}}",
  callAction: "Call {{name}}",
  loading: "Loading contact details…",
  unavailable: "We couldn't load the contact details. Please check your connection and try again.",
  supportHours: "Support 24/7",
};

addEnglish({ contactPage: contactPageEn });

declare module "@/i18n/registry" {
  interface FeatureStrings {
    contactPage: typeof contactPageEn;
  }
}
