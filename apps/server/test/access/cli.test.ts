import { type ChildProcess, spawn } from "node:child_process";
import { mkdir, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { RISK_DISCLOSURE_MESSAGES } from "@kalpa/contracts/messages";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runAdminCli, USAGE } from "../../src/cli/run";
import { openDatabase } from "../../src/db/client";
import { acquireDirectoryLock } from "../../src/db/directory-lock";
import { auditLog, contributions, subscriptions, users } from "../../src/db/schema";
import { acceptRda, signedInUser } from "../helpers/access";
import { unique, useAccountsApp } from "../helpers/accounts";

const ist = (text: string) => new Date(`${text}+05:30`);
const CLI_ENTRY = path.resolve(import.meta.dirname, "../../src/cli/admin.ts");

describe("npm run admin (the command line's commands)", () => {
  const h = useAccountsApp();

  /** Runs one command against the test database; answers the exit code and what it printed. */
  async function cli(argv: string[], password = "") {
    const out: string[] = [];
    const err: string[] = [];
    const database = { ...h.t.database, close: async () => {} };
    const code = await runAdminCli({
      argv,
      openDatabase: async () => database,
      clock: h.clock.now,
      out: (line) => out.push(line),
      err: (line) => err.push(line),
      readPassword: async () => password,
    });
    return { code, out: out.join("\n"), err: err.join("\n") };
  }

  const subscriptionOf = async (userId: string) =>
    h.t.database.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.userId, Number(userId)));

  it("prints its usage with --help, and refuses unknown commands and options", async () => {
    expect(await cli(["--help"])).toEqual({ code: 0, out: USAGE, err: "" });
    const unknown = await cli(["promote", "someone"]);
    expect(unknown.code).toBe(1);
    expect(unknown.err).toContain('Unknown command "promote".');
    expect((await cli([])).err).toContain("Name a command.");
    const option = await cli(["list", "--verbose", "yes"]);
    expect(option).toMatchObject({
      code: 1,
      err: expect.stringContaining("Unknown option --verbose."),
    });
    const missing = await cli(["grant", "someone", "nifty"]);
    expect(missing.err).toContain("Expected <username> <instrument> <days>.");
  });

  it("creates a verified admin who can sign in, audited as cli", async () => {
    const username = unique("ops_");
    const password = "Ops-Console-77";
    const res = await cli(
      [
        "create-admin",
        "--username",
        username,
        "--email",
        `${username}@Example.in`,
        "--name",
        "Ops",
        "--mobile",
        "9000012345",
      ],
      password,
    );
    expect(res).toEqual({
      code: 0,
      out: `Created the admin "${username}". They can sign in at once.`,
      err: "",
    });
    const [row] = await h.t.database.db.select().from(users).where(eq(users.username, username));
    expect(row).toMatchObject({ role: "admin", email: `${username}@example.in`, name: "Ops" });
    expect(row?.verifiedAt).toBeInstanceOf(Date);
    expect(row?.passwordHash).not.toContain(password);
    const b = h.browser();
    await b.login({ username, password });
    expect((await b.get("/api/admin/stats")).statusCode).toBe(200);
    const [entry] = await h.t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, `user:${row?.id}`));
    expect(entry).toMatchObject({ actor: "cli", action: "user.admin_created" });

    const again = await cli(
      [
        "create-admin",
        "--username",
        username.toUpperCase(),
        "--email",
        "other@example.in",
        "--name",
        "Ops",
        "--mobile",
        "9000012345",
      ],
      password,
    );
    expect(again).toMatchObject({
      code: 1,
      err: `The username "${username.toUpperCase()}" is already taken.`,
    });
  });

  it("refuses a bad admin account with every problem named, and creates nothing", async () => {
    const username = unique("bad_");
    const res = await cli(
      [
        "create-admin",
        "--username",
        username,
        "--email",
        "not-an-address",
        "--name",
        "Ops",
        "--mobile",
        "12345",
      ],
      "abc",
    );
    expect(res.code).toBe(1);
    expect(res.err).toContain("email: Please enter a valid email address");
    expect(res.err).toContain("mobile: Please enter a valid 10-digit mobile number");
    expect(res.err).toContain("password: Password must be at least 6 characters long");
    const common = await cli(
      [
        "create-admin",
        "--username",
        username,
        "--email",
        `${username}@example.in`,
        "--name",
        "Ops",
        "--mobile",
        "9000012345",
      ],
      "password1",
    );
    expect(common.code).toBe(1);
    expect(common.err).toMatch(/most commonly used passwords/);
    const noEmail = await cli([
      "create-admin",
      "--username",
      username,
      "--name",
      "Ops",
      "--mobile",
      "9000012345",
    ]);
    expect(noEmail.err).toContain("--email is required.");
    expect(await h.t.database.db.select().from(users).where(eq(users.username, username))).toEqual(
      [],
    );
  });

  it("grants only after the signed copy, or with --rda-received, and records the contribution", async () => {
    h.clock.freeze(ist("2026-11-21T20:00:00"));
    const user = await signedInUser(h);
    const refused = await cli(["grant", user.username, "nifty", "30"]);
    expect(refused.code).toBe(1);
    expect(refused.err).toBe(
      `${RISK_DISCLOSURE_MESSAGES.signedCopyPending} Once it has arrived, run the grant again with --rda-received.`,
    );
    expect(await subscriptionOf(user.id)).toEqual([]);

    const granted = await cli([
      "grant",
      user.username.toUpperCase(),
      "BankNifty",
      "30",
      "--amount",
      "4999",
      "--reference",
      "UPI 123",
      "--rda-received",
      "--rda-channel",
      "post",
    ]);
    expect(granted.err).toBe("");
    expect(granted.code).toBe(0);
    expect(granted.out.split("\n")).toEqual([
      `Recorded ${user.username}'s signed risk disclosure agreement (received 21 Nov 2026).`,
      `Granted BankNifty for ${user.username} through 21 Dec 2026 (30 days left); contribution #${
        granted.out.match(/#(\d+)/)?.[1]
      } of ₹4999 (upi) recorded.`,
    ]);
    expect(await subscriptionOf(user.id)).toEqual([
      expect.objectContaining({
        instrument: "BankNifty",
        active: true,
        expiresAt: ist("2026-12-22T00:00:00"),
      }),
    ]);
    const [ledger] = await h.t.database.db
      .select()
      .from(contributions)
      .where(eq(contributions.userId, Number(user.id)));
    expect(ledger).toMatchObject({
      amountRupees: 4999,
      method: "upi",
      reference: "UPI 123",
      receivedOn: "2026-11-21",
      recordedBy: null,
    });
    const entries = await h.t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.target, `user:${user.id}`), eq(auditLog.actor, "cli")));
    expect(entries.map((row) => row.action)).toEqual([
      "rda.signed_copy_recorded",
      "access.granted",
    ]);

    // The user sees it at once (the access endpoints read the same database).
    await acceptRda(user.browser);
    const status = (await user.browser.get("/api/subscription/status")).json().data;
    expect(status.subscriptions.BankNifty).toMatchObject({ hasAccess: true, daysLeft: 30 });

    const extended = await cli(["grant", user.username, "banknifty", "5", "--rda-received"]);
    expect(extended.out.split("\n")[0]).toBe(
      `${user.username}'s signed risk disclosure agreement was already recorded (received 21 Nov 2026).`,
    );
    expect(extended.out.split("\n")[1]).toMatch(
      /^Extended BankNifty for .* through 26 Dec 2026 \(35 days left\); .* of ₹0 \(complimentary\)/,
    );
  });

  it("refuses unknown users, instruments, day counts and methods with a clear message", async () => {
    const user = await signedInUser(h);
    expect(await cli(["grant", "nobody_here", "nifty", "3"])).toMatchObject({
      code: 1,
      err: 'No user named "nobody_here".',
    });
    expect((await cli(["grant", user.username, "gold", "3"])).err).toBe(
      'Unknown instrument "gold". Use one of: Nifty, BankNifty, CrudeOil.',
    );
    for (const days of ["0", "367", "2.5", "ten"]) {
      const res = await cli(["grant", user.username, "nifty", days]);
      expect(res.code, days).toBe(1);
      expect(res.err).toBe(
        `The number of days must be a whole number from 1 to 366 (got "${days}").`,
      );
    }
    expect((await cli(["grant", user.username, "nifty", "3", "--method", "barter"])).err).toMatch(
      /^Unknown method "barter"/,
    );
    expect(
      (await cli(["grant", user.username, "nifty", "3", "--received-on", "21/11/2026"])).err,
    ).toBe('--received-on must be a day as YYYY-MM-DD (got "21/11/2026").');
    expect((await cli(["revoke", "nobody_here", "nifty"])).code).toBe(1);
    expect(await subscriptionOf(user.id)).toEqual([]);
  });

  it("revokes (switches off) and lists who has access, one line each", async () => {
    h.clock.freeze(ist("2026-11-21T12:00:00"));
    const user = await signedInUser(h);
    await cli(["grant", user.username, "crudeoil", "10", "--rda-received"]);
    await cli(["grant", user.username, "nifty", "3"]);
    const listed = await cli(["list"]);
    expect(listed.code).toBe(0);
    expect(listed.out.split("\n")).toContainEqual(
      `${user.username}: CrudeOil through 1 Dec 2026 (10 days left); Nifty through 24 Nov 2026 (3 days left)`,
    );
    const revoked = await cli(["revoke", user.username, "CrudeOil"]);
    expect(revoked).toMatchObject({
      code: 0,
      out: expect.stringMatching(/^Revoked CrudeOil for /),
    });
    expect((await cli(["revoke", user.username, "CrudeOil"])).out).toBe(
      `${user.username}'s CrudeOil access was already switched off.`,
    );
    expect((await cli(["revoke", user.username, "BankNifty"])).err).toBe(
      "BankNifty has never been granted to this user.",
    );
    expect((await cli(["list"])).out.split("\n")).toContainEqual(
      `${user.username}: Nifty through 24 Nov 2026 (3 days left)`,
    );
  });
});

describe("the command line as a process", () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), "kalpa-cli-"));
  });
  afterAll(async () => rm(dir, { recursive: true, force: true }));

  function run(args: string[], env: Record<string, string>, input?: string) {
    const child: ChildProcess = spawn(process.execPath, ["--import", "tsx", CLI_ENTRY, ...args], {
      // From the server's folder, where tsx resolves; DATA_DIR is absolute.
      cwd: path.dirname(CLI_ENTRY),
      env: { PATH: process.env.PATH ?? "", ...env },
      stdio: ["pipe", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout?.on("data", (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    child.stderr?.on("data", (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.stdin?.end(input ?? "");
    return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) =>
      child.once("exit", (code) => resolve({ code, stdout, stderr })),
    );
  }

  it("says plainly when a running server holds the embedded database", async () => {
    const dataDir = path.join(dir, "held");
    await mkdir(dataDir, { recursive: true });
    // This test process plays the running server: it holds the lock the server takes.
    const release = await acquireDirectoryLock(dataDir, "pglite.lock");
    try {
      const res = await run(["list"], { DATA_DIR: dataDir });
      expect(res.code).toBe(1);
      expect(res.stderr).toContain(`Another Kalpa process (pid ${process.pid})`);
      expect(res.stderr).toContain("stop the server and run the command again");
      expect(res.stderr).toContain("DATABASE_URL");
    } finally {
      await release();
    }
  });

  it("creates an admin in the embedded database with the password from standard input", async () => {
    const dataDir = path.join(dir, "data");
    const res = await run(
      [
        "create-admin",
        "--username",
        "operator",
        "--email",
        "ops@example.in",
        "--name",
        "Ops",
        "--mobile",
        "9000000009",
        "--password-stdin",
      ],
      { DATA_DIR: dataDir },
      "Piped-Secret-42\n",
    );
    expect(res.stderr).toBe("");
    expect(res).toMatchObject({
      code: 0,
      stdout: 'Created the admin "operator". They can sign in at once.\n',
    });
    expect(res.stdout).not.toContain("Piped-Secret-42");
    const database = await openDatabase({ kind: "pglite", dataDir: path.join(dataDir, "pglite") });
    try {
      const [row] = await database.db.select().from(users).where(eq(users.username, "operator"));
      expect(row).toMatchObject({ role: "admin", email: "ops@example.in" });
    } finally {
      await database.close();
    }
    // A fresh embedded database is initialised twice here (by the command, then to check it): slow on a
    // busy machine.
  }, 120_000);
});
