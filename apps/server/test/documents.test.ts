import {
  DOCX_CONTENT_TYPE,
  RISK_DISCLOSURE_AGREEMENT,
  RISK_DISCLOSURE_AGREEMENT_PATH,
} from "@kalpa/contracts/content/risk-disclosure-agreement";
import JSZip from "jszip";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { buildAgreementDocx } from "../src/modules/documents/agreement-docx";
import { TEST_RA_ENV } from "./helpers/research-analyst";
import { createTestApp } from "./helpers/test-app";

vi.mock("../src/modules/documents/agreement-docx", async (importOriginal) => {
  const original = await importOriginal<typeof import("../src/modules/documents/agreement-docx")>();
  return { buildAgreementDocx: vi.fn(original.buildAgreementDocx) };
});

describe("GET the Risk Disclosure Agreement (.docx)", () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp({
      env: {
        BRAND_NAME: "Kalpa Test",
        OPERATOR_NAME: "Ravi Kumar",
        OPERATOR_EMAIL: "ravi@kalpa.test",
      },
    });
  });
  afterAll(async () => {
    await t.close();
  });

  it("answers a Word file to download, named sensibly", async () => {
    const res = await t.app.inject({ method: "GET", url: RISK_DISCLOSURE_AGREEMENT_PATH });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe(DOCX_CONTENT_TYPE);
    expect(res.headers["content-disposition"]).toBe(
      'attachment; filename="Risk-Disclosure-Agreement.docx"',
    );
    expect(Number(res.headers["content-length"])).toBe(res.rawPayload.length);
  });

  it("is a valid .docx holding the agreement's text, the operator and the lines to sign", async () => {
    const res = await t.app.inject({ method: "GET", url: RISK_DISCLOSURE_AGREEMENT_PATH });
    const bytes = res.rawPayload;
    expect(bytes.subarray(0, 2).toString("latin1")).toBe("PK");
    const zip = await JSZip.loadAsync(bytes);
    expect(zip.file("[Content_Types].xml")).not.toBeNull();
    const xml = await zip.file("word/document.xml")?.async("string");
    expect(xml).toBeDefined();
    const text = (xml ?? "").replace(/<[^>]+>/g, "");
    expect(text).toContain(RISK_DISCLOSURE_AGREEMENT.title);
    expect(text).toContain("not registered with the Securities and Exchange Board of India (SEBI)");
    expect(text).toContain("Contributions are non-refundable");
    expect(text).toContain("Ravi Kumar");
    expect(text).toContain("ravi@kalpa.test");
    for (const field of ["Full name", "Signature", "Date"]) expect(text).toContain(`${field}: `);
  });

  it("is generated once and served from memory afterwards", async () => {
    const [first, second] = await Promise.all([
      t.app.inject({ method: "GET", url: RISK_DISCLOSURE_AGREEMENT_PATH }),
      t.app.inject({ method: "GET", url: RISK_DISCLOSURE_AGREEMENT_PATH }),
    ]);
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(vi.mocked(buildAgreementDocx)).toHaveBeenCalledTimes(1);
  });
});

describe("the agreement with the operator's research-analyst profile", () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp({ env: { ...TEST_RA_ENV } });
  });
  afterAll(async () => {
    await t.close();
  });

  it("names the registration where the spec's wording says there is none", async () => {
    const res = await t.app.inject({ method: "GET", url: RISK_DISCLOSURE_AGREEMENT_PATH });
    expect(res.statusCode).toBe(200);
    const zip = await JSZip.loadAsync(res.rawPayload);
    const text = ((await zip.file("word/document.xml")?.async("string")) ?? "").replace(
      /<[^>]+>/g,
      "",
    );
    expect(text).toContain(
      "The research is by Kalpa Research LLP, registered with the Securities and Exchange Board of India (SEBI) as a research analyst (Registration No. INH000012345)",
    );
    expect(text).toContain("2. Not investment advice; SEBI registration");
    expect(text).not.toContain("not registered");
    // The rest of the agreement is unchanged.
    expect(text).toContain("Trade only with money you can afford to lose entirely.");
  });
});
