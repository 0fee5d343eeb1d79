/**
 * The Risk Disclosure Agreement with the operator's research-analyst registration: the same text, with each
 * of the spec's "not registered" statements replaced by one naming the registration. Without a registration
 * the agreement is the spec's, unchanged. The statements are matched exactly, so a change to their wording
 * in risk-disclosure-agreement.ts must be made here too (its test fails otherwise). A registration is a
 * research-analyst profile, so SEBI's refund rule also replaces "non-refundable" (decision 033).
 */
import {
  type AgreementSection,
  agreementWithProfileRefunds,
  RISK_DISCLOSURE_AGREEMENT,
} from "./risk-disclosure-agreement";

/** The registration as the agreement names it. */
export interface AgreementRegistration {
  /** The name the registration is granted in. */
  analyst: string;
  /** SEBI's registration number, e.g. INH000012345. */
  number: string;
}

/** Each "not registered" statement of the agreement, and what it says with a registration. */
const REPLACEMENTS: ReadonlyArray<readonly [string, (r: AgreementRegistration) => string]> = [
  [
    "The operator is not registered with the Securities and Exchange Board of India (SEBI) as an investment adviser or as a research analyst, and is not a stock broker, sub-broker or portfolio manager.",
    (r) =>
      `The research is by ${r.analyst}, registered with the Securities and Exchange Board of India (SEBI) as a research analyst (Registration No. ${r.number}); registration does not guarantee performance or any return. The operator is not a stock broker, sub-broker or portfolio manager.`,
  ],
  [
    "The operator is not registered with SEBI as an investment adviser or research analyst.",
    (r) =>
      `The research is by ${r.analyst}, SEBI-registered Research Analyst (Registration No. ${r.number}); registration does not guarantee performance or any return.`,
  ],
  [
    "that the operator is not registered with SEBI as an investment adviser or research analyst,",
    (r) =>
      `that the research is by ${r.analyst}, SEBI-registered Research Analyst (Registration No. ${r.number}), whose registration does not guarantee performance or any return,`,
  ],
  [
    "2. Not investment advice; no SEBI registration",
    () => "2. Not investment advice; SEBI registration",
  ],
];

function withRegistration(text: string, registration: AgreementRegistration): string {
  let result = text;
  for (const [statement, registered] of REPLACEMENTS) {
    result = result.replaceAll(statement, registered(registration));
  }
  return result;
}

export type RiskDisclosureAgreement = {
  readonly [K in keyof typeof RISK_DISCLOSURE_AGREEMENT]: K extends "summary"
    ? readonly string[]
    : K extends "sections"
      ? readonly AgreementSection[]
      : K extends "declaration"
        ? { heading: string; text: string; fields: readonly string[] }
        : (typeof RISK_DISCLOSURE_AGREEMENT)[K];
};

/** The agreement as the site shows it: the spec's without a registration, naming it with one. */
export function riskDisclosureAgreementFor(
  registration: AgreementRegistration | null,
): RiskDisclosureAgreement {
  if (!registration) return RISK_DISCLOSURE_AGREEMENT;
  const fill = (text: string) => withRegistration(text, registration);
  const agreement = agreementWithProfileRefunds<RiskDisclosureAgreement>(RISK_DISCLOSURE_AGREEMENT);
  return {
    ...agreement,
    summary: agreement.summary.map(fill),
    sections: agreement.sections.map((part: AgreementSection) => ({
      heading: fill(part.heading),
      paragraphs: part.paragraphs.map(fill),
      ...(part.points ? { points: part.points.map(fill) } : {}),
    })),
    declaration: { ...agreement.declaration, text: fill(agreement.declaration.text) },
  };
}
