/**
 * GET /api/admin/calls/export: the operator's export of every call for a verification agency
 * (docs/record-format.md section 9), as CSV and JSON, admin only, rate-limited, safe in a spreadsheet.
 */
import {
  CALLS_CSV_COLUMNS,
  CALLS_EXPORT_MESSAGES,
  CallsExportSchema,
  type ExportedCall,
} from "@kalpa/contracts/api/calls-export";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { ledgerEntries } from "../../src/db/schema";
import { callsCsv } from "../../src/modules/journal/calls-export";
import { createSignalRepository } from "../../src/modules/signals/repository";
import { firstAdmin, signedInUser } from "../helpers/access";
import { useAccountsApp } from "../helpers/accounts";
import { recordTrade } from "./fixtures";

const india = (text: string) => Date.parse(`${text}+05:30`);
const URL = "/api/admin/calls/export";

describe("the calls export", () => {
  const h = useAccountsApp();
  let admin: Awaited<ReturnType<typeof firstAdmin>>;
  let closedId: string;
  let openId: string;
  beforeAll(async () => {
    admin = await firstAdmin(h);
    const repository = createSignalRepository(h.t.database.db);
    closedId = await recordTrade(repository, {
      model: "BankNifty:KalpaVruksha",
      entryTime: india("2026-11-16T10:00:00"),
      entryPrice: 200,
      exitTime: india("2026-11-16T11:30:00"),
      exitPrice: 250,
    });
    openId = await recordTrade(repository, {
      model: "Nifty:KalpaVruksha",
      entryTime: india("2026-11-17T13:05:00"),
      entryPrice: 100,
    });
    // Outside the span asked for below.
    await recordTrade(repository, {
      model: "Nifty:KalpaVruksha",
      entryTime: india("2026-11-20T10:00:00"),
      entryPrice: 90,
      exitTime: india("2026-11-20T10:40:00"),
      exitPrice: 60,
    });
  });

  it("answers JSON in the documented shape, oldest first, with the ledger entries", async () => {
    const res = await admin.browser.get(`${URL}?format=json&from=2026-11-16&to=2026-11-17`);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("application/json");
    expect(res.headers["content-disposition"]).toBe(
      'attachment; filename="kalpa-calls-2026-11-16-to-2026-11-17.json"',
    );
    const body = CallsExportSchema.parse(res.json());
    expect(body).toMatchObject({ format: "kalpa-calls", version: 1, from: "2026-11-16" });
    expect(body.calls.map((call) => call.id)).toEqual([closedId, openId]);
    const [closed, open] = body.calls as [ExportedCall, ExportedCall];
    expect(closed).toMatchObject({
      callTime: "2026-11-16T09:59:00+05:30",
      day: "2026-11-16",
      model: "BankNifty:KalpaVruksha",
      instrument: "BankNifty",
      contract: "BANKNIFTY 2026-12-29 25000 CE",
      side: "BUY",
      entryLow: 199,
      entryHigh: 201,
      target: 250,
      stopLoss: 170,
      status: "closed",
      entryTime: "2026-11-16T10:00:00+05:30",
      entryPrice: 200,
      exitTime: "2026-11-16T11:30:00+05:30",
      exitPrice: 250,
      exitReason: "target",
    });
    expect(closed.modelVersion).toMatch(/\S/);
    expect(closed.ledgerSeq).toEqual(expect.any(Number));
    expect(closed.ledgerHash).toMatch(/^[0-9a-f]{64}$/);
    expect(closed.lastLedgerSeq).toBeGreaterThan(closed.ledgerSeq as number);
    expect(open).toMatchObject({
      status: "triggered",
      exitTime: null,
      exitPrice: null,
      exitReason: null,
    });
    const [entry] = await h.t.database.db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.seq, closed.ledgerSeq as number));
    expect(entry?.hash).toBe(closed.ledgerHash);
  });

  it("answers the same calls as CSV with the documented columns", async () => {
    const res = await admin.browser.get(`${URL}?format=csv&from=2026-11-16&to=2026-11-17`);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("text/csv");
    const lines = res.body.split("\r\n").filter(Boolean);
    expect(lines[0]).toBe(CALLS_CSV_COLUMNS.join(","));
    expect(lines).toHaveLength(3);
    expect(lines[1]?.startsWith(`${closedId},2026-11-16T09:59:00+05:30,2026-11-16,`)).toBe(true);
    expect(lines[1]).toContain(",BANKNIFTY 2026-12-29 25000 CE,BUY,1,65,199,201,250,170,closed,");
    // An open call has empty exit cells.
    expect(lines[2]).toContain(",triggered,2026-11-17T13:05:00+05:30,100,,,,");
  });

  it("writes text that a spreadsheet would run as a formula with an apostrophe first", () => {
    const call: ExportedCall = {
      id: '=HYPERLINK("http://x")',
      callTime: "2026-11-16T09:59:00+05:30",
      day: "2026-11-16",
      model: "+cmd",
      modelVersion: "@v1",
      instrument: "-1+1",
      contract: "NIFTY, weekly",
      side: "BUY",
      lots: 1,
      lotSize: 65,
      entryLow: -1,
      entryHigh: 2,
      target: 3,
      stopLoss: 0.5,
      status: "closed",
      entryTime: null,
      entryPrice: null,
      exitTime: null,
      exitPrice: null,
      exitReason: null,
      ledgerSeq: null,
      ledgerHash: null,
      lastLedgerSeq: null,
      lastLedgerHash: null,
    };
    const [, row] = callsCsv([call]).split("\r\n");
    expect(row).toBe(
      `"'=HYPERLINK(""http://x"")",2026-11-16T09:59:00+05:30,2026-11-16,'+cmd,'@v1,'-1+1,"NIFTY, weekly",BUY,1,65,-1,2,3,0.5,closed,,,,,,,,,`,
    );
  });

  it("defaults to CSV and refuses a bad span with a clear message", async () => {
    const csv = await admin.browser.get(`${URL}?from=2026-11-16&to=2026-11-16`);
    expect(csv.headers["content-type"]).toContain("text/csv");
    const backwards = await admin.browser.get(`${URL}?from=2026-11-17&to=2026-11-16`);
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().error).toBe(CALLS_EXPORT_MESSAGES.fromAfterTo);
    const long = await admin.browser.get(`${URL}?from=2025-01-01&to=2026-11-16`);
    expect(long.statusCode).toBe(400);
    expect(long.json().error).toBe(CALLS_EXPORT_MESSAGES.tooLong);
    expect(
      (await admin.browser.get(`${URL}?format=xml&from=2026-11-16&to=2026-11-16`)).statusCode,
    ).toBe(400);
  });

  it("is for the operator only", async () => {
    expect((await h.browser().get(`${URL}?from=2026-11-16&to=2026-11-17`)).statusCode).toBe(401);
    const user = await signedInUser(h);
    expect((await user.browser.get(`${URL}?from=2026-11-16&to=2026-11-17`)).statusCode).toBe(403);
  });

  it("is rate-limited per admin", async () => {
    const codes: number[] = [];
    for (let i = 0; i < 12; i++) {
      codes.push((await admin.browser.get(`${URL}?from=2026-11-16&to=2026-11-16`)).statusCode);
    }
    expect(codes).toContain(429);
  });
});
