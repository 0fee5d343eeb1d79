/**
 * A fresh database per test file: in-memory PGlite by default, or, when DATABASE_URL is set (as CI does),
 * a new throwaway database on that PostgreSQL server, dropped afterwards.
 *
 * User and session ids start at a random point in each, so that ids differ between files too (each file's
 * apps also key Redis under a prefix of their own: test-app.ts).
 */
import { randomBytes, randomInt } from "node:crypto";
import { sql } from "drizzle-orm";
import pg from "pg";
import { type Database, openDatabase } from "../../src/db/client";

async function startIdsAtRandom(database: Database): Promise<Database> {
  const start = randomInt(10_000_000, 2 ** 40);
  for (const sequence of ["users_id_seq", "sessions_id_seq"]) {
    await database.db.execute(sql`select setval(${sequence}, ${start})`);
  }
  return database;
}

export async function openTestDatabase(): Promise<Database> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    return startIdsAtRandom(await openDatabase({ kind: "pglite", dataDir: "memory://" }));
  }

  const name = `kalpa_test_${randomBytes(6).toString("hex")}`;
  await adminQuery(serverUrl, `create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await startIdsAtRandom(
    await openDatabase({ kind: "postgres", url: url.toString() }),
  );
  return {
    ...database,
    close: async () => {
      await database.close();
      await adminQuery(serverUrl, `drop database if exists ${name} with (force)`);
    },
  };
}

async function adminQuery(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
