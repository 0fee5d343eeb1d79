/**
 * English strings of choosing a service (/trading-services) and of the Contribution page
 * (/whatsapp-contact), spec sections 2, 4 and 9.
 */
import { addEnglish } from "@/i18n";

export const contributionEn = {
  services: {
    lead: "Choose the research service you want to contribute for. You can add more on the next step.",
    legend: "Research services",
    perMonth: "{{price}} per month",
    modules: "Modules: {{modules}}",
    exchange: "Exchange: {{exchange}}",
    nifty: "NIFTY 50 index options on NSE, studied by the KalpaVruksha model.",
    banknifty: "BANKNIFTY index options on NSE, with two models: KalpaVruksha and HFT.",
    crudeoil: "Crude oil options on MCX, followed into the evening by the Yamuna model.",
    summary: "Summary",
    nothingChosen: "No service chosen yet. Choose one to continue.",
    chosen: "Chosen service",
    price: "Contribution",
    next: "Next, you arrange the contribution with the founder on WhatsApp.",
    proceed: "Proceed",
    backToDashboard: "Back to Dashboard",
  },
  page: {
    lead: "Contributions are arranged with the founder on WhatsApp, not paid on this site. Check the services you want, then send the pre-filled message.",
    back: "Back",
    selected: "Selected services",
    none: "No service selected yet. Add one below.",
    remove: "Remove {{name}}",
    removeShort: "Remove",
    add: "Add more services",
    addOne: "Add {{name}}",
    total: "Total",
    perMonth: "per month",
    contribute: "Continue on WhatsApp",
    opensInNewTab: "(opens WhatsApp in a new tab)",
    chooseFirst: "Choose at least one service to continue.",
    contactLoading: "Loading the founder's contact details…",
    contactUnavailable:
      "The founder's contact details are unavailable right now. Please try again later.",
    preview: "Message preview",
    nonRefundable:
      "Contributions are voluntary and non-refundable; access is time-bound and opens once the founder has confirmed your contribution.",
    /** With a research-analyst profile: SEBI's refund rule instead (decision 033). */
    refundable:
      "Contributions are voluntary. If your access ends early, the unused days are refunded pro rata, as SEBI's rules for research analysts require. Access is time-bound and opens once the founder has confirmed your contribution.",
  },
  message: {
    greeting: "Hello {{operator}},",
    intro: "I am {{name}} (username: {{username}}).",
    /** Plural forms by the number of services (`count`). */
    request_one:
      "I would like to contribute for {{services}} research access: {{price}} per month.",
    request_other:
      "I would like to contribute for {{services}} research access: {{price}} each per month, {{total}} per month in total.",
    agreement: "I will send my signed risk disclosure agreement.",
    close: "Please share how to make the contribution.",
  },
  agreement: {
    heading: "Risk Disclosure Agreement",
    lead: "A physically signed copy of the agreement must reach the founder before access can be granted.",
    statusLabel: "Your agreement",
    accepted: "Accepted online on {{date}}",
    notAccepted: "Not accepted online yet",
    received: "Signed copy received on {{date}}",
    pending: "Signed copy not received yet",
    unknown: "The status of your agreement could not be loaded.",
    loading: "Loading the status of your agreement…",
    howHeading: "How to send the signed copy",
    download: "Download the agreement",
    format: "(Word)",
    sign: "Print it, fill in the declaration at the end by hand and sign it.",
    send: "Send a clear scan or photo of every page on WhatsApp to {{phone}}, or e-mail it to {{email}}.",
    sendGeneric:
      "Send a clear scan or photo of every page to the founder on WhatsApp or by e-mail.",
    post: "You can also post the signed original: ask {{name}} for the postal address.",
    postGeneric: "You can also post the signed original: ask the founder for the postal address.",
  },
};

addEnglish({ contribution: contributionEn });

declare module "@/i18n/registry" {
  interface FeatureStrings {
    contribution: typeof contributionEn;
  }
}
