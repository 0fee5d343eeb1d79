import { randomBytes } from "node:crypto";
/**
 * Builds the real app for a test: configuration from a test environment, a fresh database, and optionally
 * a fake built web app so the SPA fallback can be exercised without running Vite.
 */
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliCompressSync } from "node:zlib";
import { buildApp } from "../../src/app";
import type { AppConfig } from "../../src/config/app-config";
import { loadConfig } from "../../src/config/env";
import type { Database } from "../../src/db/client";
import type { Clock } from "../../src/lib/clock";
import type { Logger } from "../../src/lib/logger";
import { openTestDatabase } from "./test-database";

export const TEST_ORIGIN = "http://kalpa.test";
export const SHELL_MARKER = "<!-- kalpa test shell -->";
/** Markers of the route shells the test build holds (for /pricing, and for paths that match no route). */
export const PRICING_SHELL_MARKER = "<!-- pricing shell -->";
/** An inline script in the pricing shell, as the build writes the consent preview's check. */
export const PRICING_INLINE_SCRIPT = 'document.documentElement.classList.add("consent-pending")';
export const NOT_FOUND_SHELL_MARKER = "<!-- not-found shell -->";

export interface TestAppOptions {
  env?: Record<string, string>;
  /** Write a minimal built web app and serve it. */
  withWebDist?: boolean;
  /** Change the database the app sees (for example, one whose ping fails). */
  wrapDatabase?: (database: Database) => Database;
  clock?: Clock;
  logger?: Logger;
  /** Share another test app's database (two processes on one database). */
  database?: Database;
  /** The model cards' real-history file (default: none, whatever is published). */
  realHistoryFile?: string;
}

/**
 * With REDIS_URL, this test file's apps share rooms and counters with each other (two processes of one
 * deployment) and with no other file's, so files can run side by side on one Redis. Vitest loads this
 * module once per file.
 */
const REDIS_KEY_PREFIX = `kalpa-test-${randomBytes(4).toString("hex")}:`;

export async function createTestApp(options: TestAppOptions = {}) {
  const tempDir = await mkdtemp(path.join(tmpdir(), "kalpa-test-"));
  const config: AppConfig = loadConfig({
    NODE_ENV: "test",
    DATA_DIR: path.join(tempDir, "data"),
    PUBLIC_URL: TEST_ORIGIN,
    REDIS_URL: process.env.REDIS_URL,
    REDIS_KEY_PREFIX: REDIS_KEY_PREFIX,
    LOG_LEVEL: "fatal",
    // The market engine runs only in the tests about it (it replays two days of ticks as it starts).
    MARKET_ENGINE: "false",
    ...options.env,
  });
  let webDistDir: string | undefined;
  if (options.withWebDist) {
    webDistDir = path.join(tempDir, "web-dist");
    await mkdir(path.join(webDistDir, "assets"), { recursive: true });
    await writeFile(
      path.join(webDistDir, "index.html"),
      `<!doctype html><html><head><title>Kalpa</title></head><body>${SHELL_MARKER}<div id="root"></div></body></html>`,
    );
    // Route shells as the build writes them (apps/web/vite-plugins/page-shells.ts), for two routes.
    await mkdir(path.join(webDistDir, "shells"));
    await writeFile(
      path.join(webDistDir, "shells.json"),
      JSON.stringify({ "/pricing": "shells/pricing.html", "*": "shells/not-found.html" }),
    );
    const pricingShell = `<!doctype html><html><head>${PRICING_SHELL_MARKER}<script>${PRICING_INLINE_SCRIPT}</script></head><body>${SHELL_MARKER}</body></html>`;
    await writeFile(path.join(webDistDir, "shells", "pricing.html"), pricingShell);
    await writeFile(
      path.join(webDistDir, "shells", "pricing.html.br"),
      brotliCompressSync(pricingShell),
    );
    await writeFile(
      path.join(webDistDir, "shells", "not-found.html"),
      `<!doctype html><html><head>${NOT_FOUND_SHELL_MARKER}</head><body>${SHELL_MARKER}</body></html>`,
    );
    await writeFile(path.join(webDistDir, "assets", "index-abc123.js"), "console.log('app');");
    // The build's precompressed copy (apps/web/vite.config.ts writes one beside each file).
    await writeFile(
      path.join(webDistDir, "assets", "index-abc123.js.br"),
      brotliCompressSync("console.log('app');"),
    );
    await writeFile(
      path.join(webDistDir, "assets", "index-abc123.js.map"),
      '{"sources":["secret.ts"]}',
    );
    await writeFile(
      path.join(webDistDir, "favicon.svg"),
      "<svg xmlns='http://www.w3.org/2000/svg'/>",
    );
  }
  const ownDatabase = options.database === undefined;
  const database: Database = options.database ?? (await openTestDatabase());
  const built = await buildApp({
    config,
    database: options.wrapDatabase ? options.wrapDatabase(database) : database,
    webDistDir,
    ...(options.clock ? { clock: options.clock } : {}),
    ...(options.logger ? { logger: options.logger } : {}),
    realHistoryFile: options.realHistoryFile ?? null,
  });
  return {
    ...built,
    config,
    database,
    async close() {
      await built.app.close();
      if (ownDatabase) await database.close();
      await rm(tempDir, { recursive: true, force: true });
    },
  };
}
