import { ADMIN, TRADER } from "@kalpa/testkit/demo";
import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import type { Database } from "../../src/db/client";
import { auditLog, contributions, users } from "../../src/db/schema";
import { randomIp } from "../helpers/accounts";
import { capturingLogger } from "../helpers/captured-log";
import { createTestApp, TEST_ORIGIN } from "../helpers/test-app";
import { openTestDatabase } from "../helpers/test-database";

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

async function signIn(t: TestApp, username: string, password: string) {
  const login = await t.app.inject({
    method: "POST",
    url: "/api/auth/login",
    headers: { origin: TEST_ORIGIN },
    remoteAddress: randomIp(),
    payload: { username, password },
  });
  expect(login.statusCode, login.body).toBe(200);
  const cookie = login.cookies.map((c) => `${c.name}=${c.value}`).join("; ");
  return (url: string) => t.app.inject({ method: "GET", url, headers: { cookie } });
}

describe("the demo subscriber and operator (SEED_DEMO)", () => {
  let database: Database;
  afterAll(async () => database?.close());

  it("seeds trader with 30 days of every instrument and admin with the console, once", async () => {
    database = await openTestDatabase();
    const first = capturingLogger();
    const a = await createTestApp({ database, logger: first.logger, env: { SEED_DEMO: "true" } });
    try {
      for (const [username, password, role] of [
        [TRADER.username, TRADER.password, "user"],
        [ADMIN.username, ADMIN.password, "admin"],
      ]) {
        expect(first.lines).toContainEqual(
          expect.objectContaining({ username, password, role, created: true }),
        );
      }
      const trader = await signIn(a, TRADER.username, TRADER.password);
      const status = (await trader("/api/subscription/status")).json().data;
      for (const key of ["Nifty", "BankNifty", "CrudeOil"]) {
        expect(status.subscriptions[key]).toMatchObject({
          hasAccess: true,
          isActive: true,
          daysLeft: 30,
        });
      }
      expect(status.riskDisclosure).toMatchObject({ accepted: true, signedCopyReceived: true });
      expect((await trader("/api/admin/stats")).statusCode).toBe(403);
      const admin = await signIn(a, ADMIN.username, ADMIN.password);
      expect((await admin("/api/admin/stats")).statusCode).toBe(200);
      expect(
        (await admin("/api/subscription/status")).json().data.subscriptions.Nifty.hasAccess,
      ).toBe(false);
    } finally {
      await a.close();
    }

    const [traderRow] = await database.db.select().from(users).where(eq(users.username, "trader"));
    const traderId = traderRow?.id as number;
    const ledgerBefore = await database.db
      .select()
      .from(contributions)
      .where(eq(contributions.userId, traderId));
    expect(ledgerBefore).toEqual([
      expect.objectContaining({
        instruments: ["Nifty", "BankNifty", "CrudeOil"],
        amountRupees: 0,
        method: "complimentary",
      }),
    ]);
    const audits = await database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, `user:${traderId}`));
    expect(audits.map((row) => row.action).sort()).toEqual([
      "access.granted",
      "access.granted",
      "access.granted",
      "rda.accepted",
      "rda.signed_copy_recorded",
    ]);

    // A second start adds nothing.
    const second = capturingLogger();
    const b = await createTestApp({ database, logger: second.logger, env: { SEED_DEMO: "true" } });
    await b.close();
    expect(second.lines).toContainEqual(
      expect.objectContaining({ username: "trader", created: false }),
    );
    const ledgerAfter = await database.db
      .select()
      .from(contributions)
      .where(eq(contributions.userId, traderId));
    expect(ledgerAfter).toHaveLength(1);
    // A database and two apps with their demo accounts (argon2 hashes): slow on a busy machine.
  }, 60_000);
});
