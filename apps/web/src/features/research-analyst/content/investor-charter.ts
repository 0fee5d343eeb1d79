/**
 * The substance of SEBI's investor charter for research analysts (as revised in 2025, with SCORES 2.0 and
 * the Online Dispute Resolution portal), in the site's own words.
 */
import type { DisclosureSection } from "./types";

export const INVESTOR_CHARTER: readonly DisclosureSection[] = [
  {
    id: "vision",
    heading: "Vision and mission",
    paragraphs: [
      "Vision: investing with knowledge and safety.",
      "Mission: every investor should be able to choose investments that suit their needs, follow and review them against their goals, get research reports easily, and keep their finances healthy.",
    ],
  },
  {
    id: "business",
    heading: "What a research analyst does",
    items: [
      "Publishes research reports and recommendations based on its own research.",
      "Gives an independent, unbiased view on securities, and discloses any financial interest it has in the securities it recommends.",
      "Bases recommendations on publicly available information and known observations.",
      "Has its research activities audited every year.",
      "Follows SEBI's advertisement code for research analysts.",
      "Keeps a record of its dealings with clients and prospective clients about its research services.",
    ],
  },
  {
    id: "services",
    heading: "Services to investors",
    items: [
      "Onboarding: shares its terms and conditions, and completes KYC for clients who pay a fee.",
      "Disclosure: tells clients about its business, any disciplinary history, the terms of its research service, its associates, the risks and any conflicts of interest.",
      "Discloses whether and how it uses artificial intelligence or algorithms in its research.",
      "Sends research to all clients of a service without discrimination, and keeps it confidential until it is public.",
      "Protects clients' data and does not use it without consent, unless the law requires it.",
      "Deals with clients honestly and fairly, tells them how long each service takes and keeps to it.",
      "Gives a clear caution before research on complex or high-risk products such as options.",
    ],
  },
  {
    id: "rights",
    heading: "Your rights",
    items: [
      "Privacy and confidentiality of what you share.",
      "Transparent practices, and fair and equal treatment.",
      "Adequate, accurate information: disclosures when you join and whenever something material changes.",
      "Advertising that is fair and true.",
      "To know what each service includes and how long it takes.",
      "To be heard, and to have a complaint resolved satisfactorily and on time.",
      "To stop using a service.",
      "Clear guidance and cautions when research concerns complex or high-risk products.",
      "Additional care if you are a vulnerable investor, and the right to give feedback.",
    ],
  },
  {
    id: "responsibilities",
    heading: "Your responsibilities",
    items: [
      "Deal only with SEBI-registered research analysts; check the registration number ({number}) on SEBI's website.",
      "Read the terms and conditions and the disclosures before you subscribe, and ask about anything unclear.",
      "Pay fees only through banking channels and keep a receipt.",
      "Never hand your money, securities or trading-account login to a research analyst: it may not trade for you.",
      "Do not act on research without weighing your own finances and appetite for risk; options can lose their whole value.",
      "Be wary of anyone promising assured or guaranteed returns, or sending tips in a registered analyst's name.",
      "Keep your contact details up to date, and raise a complaint promptly if something goes wrong.",
    ],
  },
  {
    id: "grievances",
    heading: "Complaints: how and how long",
    items: [
      "Write to the research analyst first. Grievance officer: {grievanceEmail}, {grievancePhone}. A complaint is to be resolved within 21 days of receipt.",
      "If you are not satisfied, lodge the complaint on SEBI's SCORES 2.0 portal (scores.sebi.gov.in). It is reviewed first by the research analyst administration and supervisory body (RAASB, BSE), and then, if needed, by SEBI.",
      "If it is still not resolved, you may start online conciliation and, failing that, arbitration on the securities market's Online Dispute Resolution portal (smartodr.in).",
      "The research analyst publishes the number of complaints it receives and resolves every month, by the 7th of the following month.",
    ],
  },
];
