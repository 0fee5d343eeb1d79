/**
 * The Risk Disclosure Agreement: the one text the server turns into the downloadable Word file
 * (GET /api/documents/risk-disclosure-agreement.docx) and the landing page's RDA modal summarises.
 * Spec section 1: it must be accepted before signals or dashboards are used, and a physically signed copy is
 * required before contributions or access. Edit the wording here; both places follow.
 */

export const RISK_DISCLOSURE_AGREEMENT_PATH = "/api/documents/risk-disclosure-agreement.docx";
export const RISK_DISCLOSURE_AGREEMENT_FILENAME = "Risk-Disclosure-Agreement.docx";
export const DOCX_CONTENT_TYPE =
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document";

export interface AgreementSection {
  heading: string;
  paragraphs: readonly string[];
  /** Bulleted points after the paragraphs. */
  points?: readonly string[];
}

export const RISK_DISCLOSURE_AGREEMENT = {
  title: "Risk Disclosure Agreement",
  version: "1",
  effective: "August 2025",
  intro:
    "Please read this agreement in full before you use any model-generated output, forecast, paper-trade journal or dashboard of this website. By signing it you confirm that you have understood the risks described below and that you accept them. Print this document, complete the declaration at the end by hand, sign it and send the signed copy to the operator. Access is granted only after the signed copy has been received.",
  /** The short form the landing page's RDA modal shows. */
  summary: [
    "Everything on this website is educational and simulated. Nothing here is investment advice or a recommendation to buy or sell.",
    "The operator is not registered with SEBI as an investment adviser or research analyst.",
    "Options can lose their entire value quickly; leverage and volatility can cause losses larger than you expect.",
    "Past or simulated performance does not guarantee future results.",
    "Contributions are voluntary and non-refundable; access is time-bound.",
    "A physically signed copy of this agreement is required before contributions or access.",
  ],
  sections: [
    {
      heading: "1. Educational and simulated purpose only",
      paragraphs: [
        "The website publishes market research, technical analysis, model-generated option setups, forecasts and a paper-trade journal for NIFTY 50, BANKNIFTY and Crude Oil (and forecasts for gold, silver and the dollar index). All of it is provided for education and study.",
        "Every trade shown in the paper-trade journal and on the live model pages is simulated. No order is placed with any broker or exchange on your behalf, and no real money is managed by the operator.",
      ],
    },
    {
      heading: "2. Not investment advice; no SEBI registration",
      paragraphs: [
        "Nothing on the website, in its messages or in any conversation with the operator is investment advice, a research report, a solicitation or a recommendation to buy, sell or hold any security, derivative or commodity.",
        "The operator is not registered with the Securities and Exchange Board of India (SEBI) as an investment adviser or as a research analyst, and is not a stock broker, sub-broker or portfolio manager. You should consult a SEBI-registered professional before making any investment decision.",
      ],
    },
    {
      heading: "3. Risks of trading in derivatives and options",
      paragraphs: [
        "Trading in futures and options on NSE and MCX carries a high degree of risk and is not suitable for everyone. SEBI's own studies have found that the large majority of individual traders in equity derivatives lose money.",
      ],
      points: [
        "An option can lose its entire premium, often within a single session, and time decay reduces its value every day.",
        "Leverage magnifies losses as well as gains; writing (selling) options can cause losses far larger than the premium received.",
        "Prices can gap, move sharply on news or become illiquid, so stop-loss levels may not be filled at the expected price.",
        "Brokerage, exchange charges, taxes and slippage reduce results; simulated figures may not include all of them.",
        "Technology can fail: delays in data, connectivity or the website may show information that is late or wrong.",
      ],
    },
    {
      heading: "4. Past and simulated performance",
      paragraphs: [
        "Past performance, whether real or simulated, does not guarantee or indicate future results. Model outputs are based on historical patterns that may not repeat. Simulated results have inherent limitations: they are prepared with hindsight, do not involve financial risk, and cannot account for every market condition or for your own execution.",
      ],
    },
    {
      heading: "5. Your responsibility",
      paragraphs: [
        "Any decision you make to trade, and its result, is yours alone. You agree that the operator is not liable for any loss, direct or indirect, that you suffer from acting on anything seen on the website. Trade only with money you can afford to lose entirely.",
      ],
    },
    {
      heading: "6. Contributions and access",
      paragraphs: [
        "Access to an instrument's live model output is granted after a voluntary monthly contribution arranged with the operator. Contributions are non-refundable, including for partial periods, and do not buy any promise of profit.",
        "Access is time-bound: it lasts for the period agreed with the operator and ends on its expiry date unless renewed. Access is personal and may not be shared or resold.",
      ],
    },
    {
      heading: "7. Signed copy required",
      paragraphs: [
        "Accepting this agreement on the website is required before you use signals or dashboards. In addition, a physically signed copy of this agreement must reach the operator before any contribution is accepted or access is granted.",
      ],
    },
  ] satisfies readonly AgreementSection[],
  declaration: {
    heading: "Declaration by the user",
    text: "I have read and understood this Risk Disclosure Agreement. I understand that the website is educational and simulated only, that it does not give investment advice, that the operator is not registered with SEBI as an investment adviser or research analyst, that trading in options involves substantial risk including the loss of my entire capital, that past performance does not guarantee future results, and that contributions are non-refundable and access is time-bound. I accept these terms of my own free will.",
    fields: ["Full name", "Registered username", "Registered e-mail", "Place", "Signature", "Date"],
  },
} as const;

export type RiskDisclosureAgreement = typeof RISK_DISCLOSURE_AGREEMENT;

/**
 * While the operator has a research-analyst profile, SEBI's refund rule replaces the agreement's
 * "non-refundable" sentences (docs/decisions/033-research-analyst-fees.md): each pair is the spec's text
 * and what stands in its place, wherever it occurs (summary, section 6, declaration).
 */
export const RDA_REFUND_WORDING: ReadonlyArray<readonly [string, string]> = [
  [
    "Contributions are voluntary and non-refundable; access is time-bound.",
    "Contributions are voluntary; access is time-bound, and if it ends early the unused days are refunded pro rata.",
  ],
  [
    "Contributions are non-refundable, including for partial periods, and do not buy any promise of profit.",
    "If access ends early, the unused days are refunded pro rata, rounded to the rupee, as SEBI's rules for research analysts require. Contributions do not buy any promise of profit.",
  ],
  [
    "that contributions are non-refundable and access is time-bound",
    "that access is time-bound and that the unused days are refunded pro rata if it ends early",
  ],
];

function refundWording(text: string): string {
  let out = text;
  for (const [from, to] of RDA_REFUND_WORDING) out = out.replaceAll(from, to);
  return out;
}

/** The agreement with SEBI's refund rule in place of "non-refundable" (with a research-analyst profile). */
export function agreementWithProfileRefunds<
  A extends {
    summary: readonly string[];
    sections: readonly AgreementSection[];
    declaration: { text: string };
  } = RiskDisclosureAgreement,
>(agreement: A = RISK_DISCLOSURE_AGREEMENT as unknown as A): A {
  return {
    ...agreement,
    summary: agreement.summary.map(refundWording),
    sections: agreement.sections.map((section) => ({
      ...section,
      paragraphs: section.paragraphs.map(refundWording),
      ...("points" in section && section.points
        ? { points: section.points.map(refundWording) }
        : {}),
    })),
    declaration: { ...agreement.declaration, text: refundWording(agreement.declaration.text) },
  } as unknown as A;
}
