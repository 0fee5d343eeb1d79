/**
 * A server of a journey's own, beside the shared one of global-setup.ts: the production build (development
 * configuration, demo data) on its own port and throwaway DATA_DIR, with the environment the journey needs
 * (a fast simulated clock, say). A journey may stop it, change what it stored (the ledger's tamper check)
 * and start it again on the same data. The shared server is never touched.
 */
import type { ChildProcess } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { spawnBuiltServer, stopProcess, waitForHealth } from "@kalpa/testkit/built-server";

export interface OwnServer {
  baseUrl: string;
  dataDir: string;
  /**
   * Starts the server on the data directory (again, after a stop) and waits until /api/health says it is
   * ready (or, with `until: "answering"`, until it answers at all).
   */
  start(): Promise<void>;
  /** SIGTERM, and waits for the process to end. */
  stop(): Promise<void>;
  /** Stops it and deletes the data directory. */
  dispose(): Promise<void>;
}

export async function createOwnServer(
  port: number,
  env: Record<string, string> = {},
  {
    timeoutMs = 120_000,
    until = "ready",
  }: {
    timeoutMs?: number;
    /** What start() waits for: ready (the journal and forecasts written), or only answering. */
    until?: "ready" | "answering";
  } = {},
): Promise<OwnServer> {
  const baseUrl = `http://127.0.0.1:${port}`;
  const dataDir = await mkdtemp(path.join(tmpdir(), "kalpa-e2e-own-"));
  let child: ChildProcess | null = null;

  const stop = async () => {
    const running = child;
    child = null;
    if (running) await stopProcess(running);
  };

  return {
    baseUrl,
    dataDir,
    async start() {
      const started = spawnBuiltServer({
        nodeArgs: ["--enable-source-maps"],
        env: {
          PATH: process.env.PATH ?? "",
          PORT: String(port),
          HOST: "127.0.0.1",
          PUBLIC_URL: baseUrl,
          DATA_DIR: dataDir,
          SEED_DEMO: "true",
          LOG_LEVEL: "warn",
          ...env,
        },
        stdio: ["ignore", "inherit", "inherit"],
      });
      child = started;
      try {
        await waitForHealth(baseUrl, { child: started, until, timeoutMs });
      } catch (error) {
        await stop();
        throw error;
      }
    },
    stop,
    async dispose() {
      await stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Creates and starts a server of the journey's own; `stop()` ends it and deletes its data. */
export async function startOwnServer(
  port: number,
  env: Record<string, string>,
  options: { timeoutMs?: number } = {},
): Promise<{ url: string; stop(): Promise<void> }> {
  const server = await createOwnServer(port, env, options);
  try {
    await server.start();
  } catch (error) {
    await server.dispose();
    throw error;
  }
  return { url: server.baseUrl, stop: () => server.dispose() };
}
