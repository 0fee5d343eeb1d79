import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessions, users, verifications } from "../../src/db/schema";
import { HOUSEKEEPING, sweepAccounts } from "../../src/modules/auth/housekeeping";
import { createTestApp } from "../helpers/test-app";

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const NOW = new Date("2026-11-21T06:00:00Z");
const ago = (ms: number) => new Date(NOW.getTime() - ms);
const DAY = 24 * 60 * 60 * 1000;

async function addUser(username: string, createdAt: Date, verifiedAt: Date | null) {
  const [row] = await t.database.db
    .insert(users)
    .values({
      username,
      email: `${username}@example.in`,
      name: "Test User",
      mobile: "9876543210",
      passwordHash: "$argon2id$placeholder",
      verifiedAt,
      createdAt,
      updatedAt: createdAt,
    })
    .returning({ id: users.id });
  if (!row) throw new Error("no user");
  return row.id;
}

async function addSession(userId: number, token: string, expiresAt: Date, revokedAt: Date | null) {
  await t.database.db.insert(sessions).values({
    userId,
    tokenHash: token,
    createdAt: ago(40 * DAY),
    expiresAt,
    revokedAt,
  });
}

describe("account housekeeping", () => {
  it("clears ended sessions after a week, old codes after a day and unverified accounts after a week", async () => {
    const kept = await addUser("hk_verified", ago(400 * DAY), ago(400 * DAY));
    const recentPending = await addUser("hk_pending_new", ago(6 * DAY), null);
    const oldPending = await addUser("hk_pending_old", ago(8 * DAY), null);

    const week = HOUSEKEEPING.endedSessionsKeptMs;
    await addSession(kept, "live", new Date(NOW.getTime() + DAY), null);
    await addSession(kept, "expired-recently", ago(week - DAY), null);
    await addSession(kept, "expired-long-ago", ago(week + DAY), null);
    await addSession(kept, "revoked-recently", new Date(NOW.getTime() + DAY), ago(week - DAY));
    await addSession(kept, "revoked-long-ago", new Date(NOW.getTime() + DAY), ago(week + DAY));

    const code = { codeSalt: "s", codeHash: "h", createdAt: ago(3 * DAY) };
    await t.database.db.insert(verifications).values([
      { ...code, userId: kept, purpose: "reset", expiresAt: ago(2 * DAY) },
      { ...code, userId: recentPending, purpose: "signup", expiresAt: ago(60_000) },
    ]);

    expect(await sweepAccounts(t.database.db, NOW)).toEqual({
      sessions: 2,
      codes: 1,
      unverifiedAccounts: 1,
    });
    const tokens = (await t.database.db.select().from(sessions)).map((row) => row.tokenHash).sort();
    expect(tokens).toEqual(["expired-recently", "live", "revoked-recently"]);
    const codes = await t.database.db.select().from(verifications);
    expect(codes.map((row) => row.userId)).toEqual([recentPending]);
    expect(await t.database.db.select().from(users).where(eq(users.id, oldPending))).toEqual([]);
    const left = (await t.database.db.select().from(users)).map((row) => row.username).sort();
    expect(left).toEqual(expect.arrayContaining(["hk_pending_new", "hk_verified"]));
    expect(left).not.toContain("hk_pending_old");

    // A second sweep finds nothing more.
    expect(await sweepAccounts(t.database.db, NOW)).toEqual({
      sessions: 0,
      codes: 0,
      unverifiedAccounts: 0,
    });
  });
});
