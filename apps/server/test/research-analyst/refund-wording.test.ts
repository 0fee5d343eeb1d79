/**
 * The agreement's Word file follows the operator's research-analyst profile: SEBI's refund rule in place of
 * "non-refundable" while one is set, the spec's wording otherwise (decision 033).
 */
import { RISK_DISCLOSURE_AGREEMENT_PATH } from "@kalpa/contracts/content/risk-disclosure-agreement";
import JSZip from "jszip";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { researchAnalystProfile } from "../../src/db/schema";
import { createTestApp } from "../helpers/test-app";

describe("the agreement's refund wording", () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const text = async () => {
    const res = await t.app.inject({ method: "GET", url: RISK_DISCLOSURE_AGREEMENT_PATH });
    expect(res.statusCode).toBe(200);
    const zip = await JSZip.loadAsync(res.rawPayload);
    return ((await zip.file("word/document.xml")?.async("string")) ?? "")
      .replace(/<[^>]+>/g, "")
      .replaceAll("&apos;", "'");
  };

  it("says non-refundable without a profile", async () => {
    const words = await text();
    expect(words).toContain("Contributions are non-refundable, including for partial periods");
    expect(words).not.toContain("refunded pro rata");
  });

  it("gives SEBI's pro rata refund with one", async () => {
    await t.database.db.insert(researchAnalystProfile).values({
      id: 1,
      registeredName: "Kalpa Research LLP",
      registrationNumber: "INH000012345",
      validFrom: "2025-01-01",
      validTo: null,
      raasbEnlistment: "BSE-RA-5678",
      principalOfficer: { name: "A", email: "a@kalpa.example", phone: "+91 90000 11111" },
      complianceOfficer: { name: "B", email: "b@kalpa.example", phone: "+91 90000 22222" },
      grievanceOfficer: { name: "C", email: "c@kalpa.example", phone: "+91 90000 33333" },
      correspondenceAddress: "12 MG Road, Bengaluru",
      parrvaVerified: false,
      updatedAt: new Date(),
    });
    // The profile is read through a short cache: wait it out.
    await new Promise((resolve) => setTimeout(resolve, 700));
    const words = await text();
    expect(words).not.toContain("non-refundable");
    expect(words).toContain(
      "If access ends early, the unused days are refunded pro rata, rounded to the rupee, as SEBI's rules for research analysts require.",
    );
    expect(words).toContain("that the unused days are refunded pro rata if it ends early");
  });
});
