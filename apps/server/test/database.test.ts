import { spawn } from "node:child_process";
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, MIGRATIONS_DIR, openDatabase } from "../src/db/client";
import { DirectoryLockedError } from "../src/db/directory-lock";
import { auditLog } from "../src/db/schema";
import { createAuditRepository } from "../src/modules/audit/repository";
import { openTestDatabase } from "./helpers/test-database";

describe("the database", () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => database?.close());

  it("applies every migration at start-up", async () => {
    const journal = JSON.parse(
      await readFile(path.join(MIGRATIONS_DIR, "meta", "_journal.json"), "utf8"),
    ) as { entries: unknown[] };
    const applied = (await database.db.execute(
      sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
    )) as unknown as { rows: { n: number }[] };
    expect(applied.rows[0]?.n).toBe(journal.entries.length);
    expect(await database.db.select().from(auditLog).limit(1)).toEqual([]);
  });

  it("keeps the audit log append-only and ordered newest first", async () => {
    const audit = createAuditRepository(database.db);
    await audit.append({ actor: "system", action: "test.first", target: "user:1" });
    const second = await audit.append({
      actor: "admin:7",
      action: "subscription.granted",
      target: "user:1",
      details: { instrument: "Nifty", days: 30 },
      ip: "127.0.0.1",
    });
    expect(second.at).toBeInstanceOf(Date);
    const rows = await audit.listForTarget("user:1");
    expect(rows.map((row) => row.action)).toEqual(["subscription.granted", "test.first"]);
    expect(rows[0]?.details).toEqual({ instrument: "Nifty", days: 30 });
  });

  it("rolls back everything a failed transaction wrote", async () => {
    const audit = createAuditRepository(database.db);
    await expect(
      database.db.transaction(async (tx) => {
        await audit.append({ actor: "system", action: "test.rolled_back", target: "user:2" }, tx);
        throw new Error("abort");
      }),
    ).rejects.toThrow("abort");
    expect(await audit.listForTarget("user:2")).toEqual([]);
  });
});

describe("the embedded database on disk", () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), "kalpa-pglite-"));
  });
  afterAll(async () => rm(dir, { recursive: true, force: true }));

  it("keeps committed data across a restart, and migrating again changes nothing", async () => {
    const dataDir = path.join(dir, "pglite");
    const first = await openDatabase({ kind: "pglite", dataDir });
    await createAuditRepository(first.db).append({
      actor: "system",
      action: "test.persisted",
      target: "restart",
    });
    await first.close();

    const second = await openDatabase({ kind: "pglite", dataDir });
    try {
      const rows = await createAuditRepository(second.db).listForTarget("restart");
      expect(rows.map((row) => row.action)).toEqual(["test.persisted"]);
    } finally {
      await second.close();
    }
  });

  it("keeps a committed row when the process is killed outright, and takes over its lock", async () => {
    const dataDir = path.join(dir, "crash");
    const child = spawn(
      process.execPath,
      ["--import", "tsx", path.join(import.meta.dirname, "fixtures/write-then-wait.ts"), dataDir],
      { stdio: ["ignore", "pipe", "inherit"] },
    );
    await new Promise<void>((resolve, reject) => {
      child.stdout.on("data", (chunk: Buffer) => {
        if (chunk.toString().includes("committed")) resolve();
      });
      child.once("exit", (code) => reject(new Error(`the writer exited early with ${code}`)));
    });
    child.kill("SIGKILL");
    await new Promise((resolve) => child.once("exit", resolve));

    const reopened = await openDatabase({ kind: "pglite", dataDir });
    try {
      const rows = await createAuditRepository(reopened.db).listForTarget("crash");
      expect(rows.map((row) => row.action)).toEqual(["test.committed_before_crash"]);
    } finally {
      await reopened.close();
    }
  });

  it("takes over a lock naming its own pid from a previous life (a container's pid 1)", async () => {
    const dataDir = path.join(dir, "own-pid");
    await mkdir(dataDir, { recursive: true });
    await writeFile(path.join(dir, "pglite.lock"), String(process.pid));
    const opened = await openDatabase({ kind: "pglite", dataDir });
    await opened.close();
  });

  it("refuses a second opener of the same folder while the first holds it", async () => {
    const dataDir = path.join(dir, "locked");
    const holder = await openDatabase({ kind: "pglite", dataDir });
    try {
      await expect(openDatabase({ kind: "pglite", dataDir })).rejects.toBeInstanceOf(
        DirectoryLockedError,
      );
    } finally {
      await holder.close();
    }
    const again = await openDatabase({ kind: "pglite", dataDir });
    await again.close();
  });
});
