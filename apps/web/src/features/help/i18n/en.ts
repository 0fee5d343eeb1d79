import { addEnglish } from "@/i18n";

export const helpPageEn = {
  intro:
    "Stuck on something? Send us your question on WhatsApp and the founder's team will answer. Support is available 24/7.",
  queryTitle: "Ask a question",
  queryBody:
    "The button opens WhatsApp with a message ready to send. Add your question, and your username if you have an account.",
  queryButton: "Send a query on WhatsApp",
  queryMessage: "Hello, I need help with {{brand}}. My question: ",
  opensInNewTab: "(opens in a new tab)",
  loading: "Loading support details…",
  unavailable: "We couldn't load the support details. Please check your connection and try again.",
  channelsTitle: "Support channels",
  whatsappTitle: "WhatsApp",
  whatsappBody: "24/7 — the quickest way to reach us.",
  phoneTitle: "Phone",
  phoneBody: "Call us any time, day or night.",
  emailTitle: "E-mail",
  emailBody: "For detailed questions and documents.",
  selfHelpTitle: "Help yourself",
  recoveryTitle: "Forgot your username or password?",
  recoveryBody: "Recover your account from the sign-in page with a code sent to your e-mail.",
  recoveryLink: "Go to Sign In",
  faqTitle: "Frequently asked questions",
  faqBody: "Short answers about access, contributions, signals and the paper-trade journal.",
  faqLink: "Read the FAQ",
  policiesTitle: "Policies",
  policiesBody: "How we handle your data, our terms, and the risk disclaimer.",
  privacyLink: "Privacy Policy",
  disclaimerLink: "Disclaimer",
};

addEnglish({ helpPage: helpPageEn });

declare module "@/i18n/registry" {
  interface FeatureStrings {
    helpPage: typeof helpPageEn;
  }
}
