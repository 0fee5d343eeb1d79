/**
 * Opens the database the configuration names (embedded PGlite under DATA_DIR by default, PostgreSQL when
 * DATABASE_URL is set), applies pending migrations, and hands back one Drizzle handle for both.
 */
import { existsSync } from "node:fs";
import { mkdir, readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import type { DATABASE_KINDS } from "@kalpa/contracts/api/health";
import { sql } from "drizzle-orm";
import { drizzle as drizzleNodePg } from "drizzle-orm/node-postgres";
import { migrate as migrateNodePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import type { AppConfig } from "../config/app-config";
import type { Logger } from "../lib/logger";
import { acquireDirectoryLock } from "./directory-lock";
import { DEFAULT_PGLITE_SETTINGS, pgliteStartParams } from "./pglite-settings";
import * as schema from "./schema";

export type DatabaseKind = (typeof DATABASE_KINDS)[number];
export type AppDb = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction or the database itself: repositories accept either. */
export type DbExecutor = Pick<AppDb, "select" | "insert" | "update" | "delete" | "execute">;

export type DatabaseTarget =
  | { kind: "postgres"; url: string }
  /**
   * `dataDir` is a directory, or "memory://" for a throwaway in-memory database; `settings` PostgreSQL's
   * (PGLITE_SETTINGS), PGlite's own when absent.
   */
  | { kind: "pglite"; dataDir: string; settings?: readonly string[] };

export interface Database {
  kind: DatabaseKind;
  db: AppDb;
  /** The PostgreSQL server's URL (undefined for the embedded database), for a connection of one's own. */
  url?: string;
  /** Resolves when the database answers a trivial query. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

/** Beside the bundled server the build copies the migrations; in source they sit beside this file. */
export const MIGRATIONS_DIR = fileURLToPath(new URL("./migrations", import.meta.url));

/** Arbitrary constant: the advisory lock that serialises migrations across processes. */
const MIGRATION_LOCK_KEY = 7_245_311_001;

/**
 * A new embedded database made by the build (scripts/build.mjs): PostgreSQL's initdb already run and the
 * migrations applied, as a gzipped tarball beside the bundle. A first start loads it instead of running
 * initdb, which holds several hundred MB of WebAssembly memory that the process never gives back. From
 * source (tests, `npm run dev`) there is none, and PGlite runs initdb.
 */
export const PGLITE_TEMPLATE = fileURLToPath(new URL("./pglite-template.tar.gz", import.meta.url));

export function databaseTargetFor(
  config: Pick<AppConfig, "dataDir" | "databaseUrl"> & Partial<Pick<AppConfig, "pgliteSettings">>,
): DatabaseTarget {
  return config.databaseUrl
    ? { kind: "postgres", url: config.databaseUrl }
    : {
        kind: "pglite",
        dataDir: path.join(config.dataDir, "pglite"),
        settings: config.pgliteSettings ?? DEFAULT_PGLITE_SETTINGS,
      };
}

/** Receives errors that happen away from any query (an idle pooled connection dropping). */
type WarnLogger = Pick<Logger, "warn">;

export async function openDatabase(target: DatabaseTarget, logger?: WarnLogger): Promise<Database> {
  return target.kind === "postgres"
    ? openPostgres(target.url, logger)
    : openPglite(target.dataDir, target.settings);
}

/** The build's new database (PGLITE_TEMPLATE) when `dataDir` holds none yet and the build made one. */
async function templateFor(dataDir: string): Promise<Blob | undefined> {
  if (existsSync(path.join(dataDir, "PG_VERSION")) || !existsSync(PGLITE_TEMPLATE)) {
    return undefined;
  }
  return new Blob([await readFile(PGLITE_TEMPLATE)]);
}

async function openPglite(dataDir: string, settings?: readonly string[]): Promise<Database> {
  const inMemory = dataDir.startsWith("memory://");
  let releaseLock = async () => {};
  if (!inMemory) {
    await mkdir(dataDir, { recursive: true });
    releaseLock = await acquireDirectoryLock(path.dirname(dataDir), "pglite.lock");
  }
  let client: PGlite | undefined;
  try {
    const template = inMemory ? undefined : await templateFor(dataDir);
    client = await PGlite.create(inMemory ? undefined : dataDir, {
      ...(settings ? { startParams: pgliteStartParams(PGlite.defaultStartParams, settings) } : {}),
      ...(template ? { loadDataDir: template } : {}),
    });
    const db = drizzlePglite({ client, schema });
    await migratePglite(db, { migrationsFolder: MIGRATIONS_DIR });
    const opened = client;
    return {
      kind: "pglite",
      db: db as unknown as AppDb,
      ping: async () => {
        await opened.query("select 1");
      },
      close: async () => {
        await opened.close();
        await releaseLock();
      },
    };
  } catch (error) {
    await client?.close().catch(() => {});
    await releaseLock();
    throw error;
  }
}

async function openPostgres(url: string, logger: WarnLogger | undefined): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: 5000 });
  // An idle client's error (server restart, network drop) must not crash the process; the pool replaces it.
  pool.on("error", (error) =>
    logger?.warn({ err: error }, "database connection lost; reconnecting"),
  );
  try {
    const client = await pool.connect();
    try {
      await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
      try {
        await migrateNodePg(drizzleNodePg({ client }), { migrationsFolder: MIGRATIONS_DIR });
      } finally {
        await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]);
      }
    } finally {
      client.release();
    }
  } catch (error) {
    await pool.end().catch(() => {});
    throw error;
  }
  const db = drizzleNodePg({ client: pool, schema });
  return {
    kind: "postgres",
    db: db as unknown as AppDb,
    url,
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: () => pool.end(),
  };
}
