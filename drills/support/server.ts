/**
 * Starts the built server (apps/server/dist/server.js) as a child process for a drill, on a port and a
 * database of the drill's choosing, and waits until GET /api/health says it is ready. Its output is kept
 * (the last lines) so a drill can show why it failed or crashed.
 */
import type { ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { assertBuilt, spawnBuiltServer, waitForHealth } from "@kalpa/testkit/built-server";

const KEPT_LINES = 200;

export interface ServerOptions {
  port: number;
  databaseUrl: string;
  /** Extra environment (overrides the defaults below). */
  env?: Record<string, string>;
  /** How long to wait for "ok" or "degraded" (a first start seeds the demo data). */
  readyTimeoutMs?: number;
}

export interface RunningServer {
  origin: string;
  child: ChildProcess;
  /** The process's exit, once it exited (undefined while it runs). */
  exit(): { code: number | null; signal: NodeJS.Signals | null } | undefined;
  /** The last lines it printed (stdout and stderr). */
  output(): string[];
  /** SIGTERM, then SIGKILL after 6 s; removes its data folder. Safe to call twice. */
  stop(): Promise<void>;
}

/** Starts the server and waits for its health check; throws (after stopping it) when it never gets ready. */
export async function startServer(options: ServerOptions): Promise<RunningServer> {
  assertBuilt();
  const origin = `http://127.0.0.1:${options.port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), "kalpa-drill-data-"));
  const child = spawnBuiltServer({
    env: {
      ...process.env,
      NODE_ENV: "development",
      PORT: String(options.port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      DATABASE_URL: options.databaseUrl,
      PUBLIC_URL: origin,
      LOG_LEVEL: "warn",
      SEED_DEMO: "true",
      MARKET_ENGINE: "true",
      ...options.env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const lines: string[] = [];
  const keep = (chunk: Buffer) => {
    for (const line of chunk.toString("utf8").split("\n")) {
      if (line.trim() === "") continue;
      lines.push(line);
      if (lines.length > KEPT_LINES) lines.shift();
    }
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  let exited: { code: number | null; signal: NodeJS.Signals | null } | undefined;
  const exitPromise = new Promise<void>((resolve) => {
    child.once("exit", (code, signal) => {
      exited = { code, signal };
      resolve();
    });
  });

  let stopped = false;
  const server: RunningServer = {
    origin,
    child,
    exit: () => exited,
    output: () => [...lines],
    async stop() {
      if (stopped) return;
      stopped = true;
      if (!exited) {
        child.kill("SIGTERM");
        const killer = setTimeout(() => child.kill("SIGKILL"), 6000);
        await exitPromise;
        clearTimeout(killer);
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };

  try {
    await waitForHealth(origin, { child, timeoutMs: options.readyTimeoutMs ?? 120_000 });
  } catch {
    const why = exited
      ? `exited (${exited.code ?? exited.signal})`
      : "was not ready in time (health never said ok or degraded)";
    await server.stop();
    throw new Error(`the server on ${options.port} ${why}:\n${lines.slice(-20).join("\n")}`);
  }
  return server;
}
