/**
 * The Most Important Terms and Conditions for the operator's live research, in the site's own words. Its
 * version is TERMS_SUMMARY_VERSION in the contracts: change the text, bump the version, and subscribers
 * accept again.
 */
import type { DisclosureSection } from "./types";

export const TERMS_SUMMARY: readonly DisclosureSection[] = [
  {
    id: "service",
    heading: "The service",
    items: [
      "{name} (SEBI Reg. No. {number}) publishes research on NIFTY, BANKNIFTY and Crude Oil options: model-generated signals, forecasts and a journal of paper trades.",
      "Every signal is made by an algorithm from market prices; no person picks the individual call. Each signal names its model and the model's version.",
      "The research is the same for every subscriber of an instrument; it is not advice tailored to you.",
    ],
  },
  {
    id: "no-trading",
    heading: "No trading for you",
    items: [
      "{name} does not place orders, manage money or hold securities for anyone. Paper trades on this site are simulated; no order is sent to an exchange.",
      "Never share your trading-account login, money or securities with {name} or anyone using its name.",
    ],
  },
  {
    id: "risk",
    heading: "Risk",
    items: [
      "Options are complex, high-risk products: a position can lose its whole value within a day.",
      "Nothing here assures or guarantees any return, and past performance does not guarantee future results.",
      "Registration granted by SEBI, membership of RAASB (Research Analyst Administration and Supervisory Body) and certification from NISM in no way guarantee performance of the intermediary or provide any assurance of returns to investors.",
      "Any position you take on the research is your own decision, at your own risk.",
    ],
  },
  {
    id: "fees",
    heading: "Fees and access",
    items: [
      "Access is per instrument and time-bound. The fee, the period it covers and its refund terms are shown on the Contribution page before you pay; pay only through banking channels and keep a receipt.",
    ],
  },
  {
    id: "conduct",
    heading: "Confidentiality and conduct",
    items: [
      "Your personal data is kept confidential and used only to provide the service, unless the law requires otherwise.",
      "Research is for your own use; do not redistribute it.",
    ],
  },
  {
    id: "complaints",
    heading: "Complaints",
    items: [
      "Write to the grievance officer at {grievanceEmail} or {grievancePhone}; a complaint is to be resolved within 21 days.",
      "If you are not satisfied, use SEBI's SCORES portal (scores.sebi.gov.in), and then the Online Dispute Resolution portal (smartodr.in).",
    ],
  },
];
