import { contact, list, type PolicyDocument, p } from "./types";

/**
 * The terms' refund sentence: the spec's, and SEBI's rule for research analysts that replaces it while the
 * operator has a research-analyst profile (docs/decisions/033-research-analyst-fees.md).
 */
export const TERMS_REFUNDS = {
  none: "Contributions are non-refundable, except where Indian law gives you a right to a refund.",
  withProfile:
    "If your access ends early, the unused days are refunded pro rata, rounded to the rupee, as SEBI's rules for research analysts require.",
} as const;

export const termsOfService: PolicyDocument = {
  intro: [
    "These terms govern your use of the {brand} website and its services. By creating an account or using the service you agree to them; if you do not agree, please do not use {brand}.",
  ],
  sections: [
    {
      id: "the-service",
      heading: "What the service is",
      blocks: [
        p(
          "{brand} publishes educational market research for NIFTY 50, BANKNIFTY and Crude Oil: model-generated option signals, a paper-trade journal of simulated trades, daily forecasts (including gold, silver and the dollar index) and explainers.",
        ),
        list(
          "Everything shown is educational and simulated. It is not investment advice, a recommendation or an offer to buy or sell any security or derivative.",
          "{brand} is not a broker. We do not take orders, hold funds or securities, or trade on your behalf.",
          "Before you use signals or dashboards you must accept the risk disclosure agreement; the Disclaimer forms part of these terms.",
        ),
      ],
    },
    {
      id: "accounts",
      heading: "Eligibility and your account",
      blocks: [
        list(
          "You must be at least 18 years old and able to enter a binding contract under Indian law.",
          "Give accurate details and keep them current. You verify your e-mail address with a one-time code.",
          "Keep your password secret. Your account is for you alone: do not share it. Signing in on a new device may end the session on another.",
          "Tell us at once if you think someone else has used your account.",
        ),
      ],
    },
    {
      id: "contributions-and-access",
      heading: "Contributions and access",
      blocks: [
        p(
          "Access to an instrument's model output is granted per instrument and for a fixed period after a contribution arranged with the founder through the messaging app. Contributions are not collected in the website.",
        ),
        list(
          "Access is time-bound: it ends on the expiry date shown in your dashboard unless it is renewed.",
          TERMS_REFUNDS.none,
          "We may suspend access if these terms are broken, and will tell you why.",
        ),
      ],
    },
    {
      id: "acceptable-use",
      heading: "Acceptable use and content",
      blocks: [
        list(
          "Do not copy, resell, publish or redistribute signals, forecasts or other content of the service, in whole or in part, without our written permission.",
          "Do not scrape, overload, probe or attack the service, or get around its limits or access checks.",
          "Do not use the service to break any law or to mislead anyone.",
        ),
        p(
          "The content, models, design and brand of {brand} belong to its operator. We give you a personal, non-transferable right to use them for your own education while your account is in good standing.",
        ),
      ],
    },
    {
      id: "liability",
      heading: "Liability and changes",
      blocks: [
        p(
          "The service is provided as it is and as available. Market data may be delayed or wrong, and the service may be interrupted. To the extent Indian law allows, we are not liable for any trading loss or for indirect or consequential loss arising from your use of the service; any decision to trade is yours alone.",
        ),
        p(
          "We may change these terms or the service. The date at the top shows the latest change; continuing to use the service after a change means you accept it. You may close your account at any time.",
        ),
      ],
    },
    {
      id: "law-and-contact",
      heading: "Governing law and contact",
      blocks: [
        p(
          "These terms are governed by the laws of India, and the courts of India have jurisdiction over any dispute. Before going to court, please write to us so that we can try to resolve the matter.",
        ),
        contact,
      ],
    },
  ],
};

/** The terms with SEBI's refund rule in place of the spec's "non-refundable" sentence. */
export function termsWithProfileRefunds(terms: PolicyDocument): PolicyDocument {
  return {
    ...terms,
    sections: terms.sections.map((section) => ({
      ...section,
      blocks: section.blocks.map((block) =>
        block.kind === "list"
          ? {
              ...block,
              items: block.items.map((item) =>
                item === TERMS_REFUNDS.none ? TERMS_REFUNDS.withProfile : item,
              ),
            }
          : block,
      ),
    })),
  };
}
