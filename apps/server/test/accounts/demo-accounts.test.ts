import { DEMO_CREDENTIALS } from "@kalpa/testkit/demo";
import { eq, sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import type { Database } from "../../src/db/client";
import { users } from "../../src/db/schema";
import { DEMO_ACCOUNTS, seedDemoAccounts } from "../../src/modules/auth/demo-accounts";
import { createUserRepository } from "../../src/modules/auth/user-repository";
import { randomIp } from "../helpers/accounts";
import { capturingLogger } from "../helpers/captured-log";
import { createTestApp, TEST_ORIGIN } from "../helpers/test-app";
import { openTestDatabase } from "../helpers/test-database";

describe("demo accounts", () => {
  it("are the ones @kalpa/testkit signs the suites, journeys, drills and benches in with", () => {
    expect(
      DEMO_ACCOUNTS.map(({ username, password, role }) => ({ username, password, role })),
    ).toEqual(DEMO_CREDENTIALS);
  });

  let database: Database;
  afterAll(async () => database?.close());

  it("are created at start-up when SEED_DEMO is on, once, and announced in the log", async () => {
    database = await openTestDatabase();
    const first = capturingLogger();
    const a = await createTestApp({ database, logger: first.logger, env: { SEED_DEMO: "true" } });
    await a.close();
    const second = capturingLogger();
    const b = await createTestApp({ database, logger: second.logger, env: { SEED_DEMO: "true" } });
    try {
      const rows = await database.db.select().from(users).where(eq(users.username, "demo"));
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        name: "Demo Trader",
        email: "demo@kalpa.local",
        mobile: "9876543210",
        role: "user",
      });
      expect(rows[0]?.verifiedAt).toBeInstanceOf(Date);
      for (const [lines, created] of [
        [first.lines, true],
        [second.lines, false],
      ] as const) {
        expect(lines).toContainEqual(
          expect.objectContaining({ username: "demo", password: "Demo@1234", created }),
        );
      }
      const login = await b.app.inject({
        method: "POST",
        url: "/api/auth/login",
        headers: { origin: TEST_ORIGIN },
        remoteAddress: randomIp(),
        payload: { username: "demo", password: "Demo@1234" },
      });
      expect(login.statusCode).toBe(200);
      expect(login.json().data.user.name).toBe("Demo Trader");

      const again = await seedDemoAccounts({
        users: createUserRepository(database.db),
        clock: () => new Date(),
      });
      expect(again).toEqual([
        { username: "demo", password: "Demo@1234", role: "user", created: false },
        { username: "trader", password: "Trader@1234", role: "user", created: false },
        { username: "admin", password: "Admin@1234", role: "admin", created: false },
      ]);
    } finally {
      await b.close();
    }
    // A database and two apps, each seeding three demo accounts (argon2 hashes): slow on a busy machine.
  }, 60_000);

  it("are not created when SEED_DEMO is off", async () => {
    const t = await createTestApp({ env: { SEED_DEMO: "false" } });
    try {
      const count = await t.database.db.execute(sql`select count(*)::int as n from users`);
      expect((count as unknown as { rows: Array<{ n: number }> }).rows[0]?.n).toBe(0);
    } finally {
      await t.close();
    }
  });
});
