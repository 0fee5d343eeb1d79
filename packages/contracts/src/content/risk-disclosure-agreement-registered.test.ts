import { describe, expect, it } from "vitest";
import {
  agreementWithProfileRefunds,
  RISK_DISCLOSURE_AGREEMENT,
} from "./risk-disclosure-agreement";
import { riskDisclosureAgreementFor } from "./risk-disclosure-agreement-registered";

const REGISTRATION = { analyst: "Kalpa Research LLP", number: "INH000012345" };

/** Every string of an agreement, in order. */
function texts(agreement: ReturnType<typeof riskDisclosureAgreementFor>): string[] {
  return [
    agreement.title,
    agreement.intro,
    ...agreement.summary,
    ...agreement.sections.flatMap((part) => [
      part.heading,
      ...part.paragraphs,
      ...(part.points ?? []),
    ]),
    agreement.declaration.heading,
    agreement.declaration.text,
  ];
}

describe("the risk disclosure agreement with a research-analyst registration", () => {
  it("is the spec's own text, unchanged, without one", () => {
    expect(riskDisclosureAgreementFor(null)).toBe(RISK_DISCLOSURE_AGREEMENT);
    expect(texts(riskDisclosureAgreementFor(null)).join("\n")).toContain(
      "The operator is not registered with SEBI as an investment adviser or research analyst.",
    );
  });

  it("says nowhere that there is no registration, and names it where the spec's text did", () => {
    const registered = texts(riskDisclosureAgreementFor(REGISTRATION));
    const all = registered.join("\n");
    // A "not registered" sentence reworded in risk-disclosure-agreement.ts and not here fails this.
    expect(all).not.toMatch(/not registered|no SEBI registration/i);
    expect(all).toContain(
      "The research is by Kalpa Research LLP, SEBI-registered Research Analyst (Registration No. INH000012345); registration does not guarantee performance or any return.",
    );
    expect(riskDisclosureAgreementFor(REGISTRATION).declaration.text).toContain(
      "that the research is by Kalpa Research LLP, SEBI-registered Research Analyst (Registration No. INH000012345), whose registration does not guarantee performance or any return,",
    );
    // A registration is a profile: SEBI's refund rule stands in for "non-refundable" (decision 033).
    expect(all).not.toMatch(/non-refundable/i);
    // Besides that, only the registration sentences changed: every other line is the spec's.
    const spec = texts(agreementWithProfileRefunds(RISK_DISCLOSURE_AGREEMENT));
    const changed = spec.filter((line, i) => line !== registered[i]);
    expect(changed.every((line) => /not registered|no SEBI registration/i.test(line))).toBe(true);
    expect(changed).toHaveLength(4);
  });
});
