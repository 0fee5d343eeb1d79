/**
 * Starts the production build (apps/server/dist/server.js) in its own process on a throwaway embedded
 * database, so a benchmark measures what users get, and reads the process's memory from /proc.
 */
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { spawnBuiltServer, stopProcess, waitForHealth } from "@kalpa/testkit/built-server";
import { TRADER } from "@kalpa/testkit/demo";
import { signIn } from "@kalpa/testkit/http";

export async function startServer(port: number, env: Record<string, string> = {}) {
  const dataDir = await mkdtemp(path.join(tmpdir(), "kalpa-bench-"));
  const startedAt = performance.now();
  const child = spawnBuiltServer({
    env: {
      PATH: process.env.PATH ?? "",
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      ...env,
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const url = `http://127.0.0.1:${port}`;
  // It answers "starting" while a first start writes the journal and forecasts (decision 019): a
  // benchmark measures the site once it is ready, not while that is being written.
  const { answeredAt, readyAt } = await waitForHealth(url, {
    child,
    timeoutMs: Number.POSITIVE_INFINITY,
    intervalMs: 50,
  });
  return {
    url,
    /** The server's process id (for its CPU time in /proc). */
    pid: child.pid as number,
    /** From the spawn to the first answer of /api/health. */
    answeringMs: answeredAt - startedAt,
    /** From the spawn to /api/health saying it is ready ("ok" or "degraded"). */
    readyMs: readyAt - startedAt,
    /** Resident memory of the server process, in MiB. */
    async rssMiB(): Promise<number> {
      const status = await readFile(`/proc/${child.pid}/status`, "utf8");
      const kib = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN);
      return kib / 1024;
    },
    async stop(): Promise<number> {
      const stoppingAt = performance.now();
      await stopProcess(child);
      await rm(dataDir, { recursive: true, force: true });
      return performance.now() - stoppingAt;
    },
  };
}

/** Signs the demo trader in (every instrument, the risk disclosure accepted); answers the Cookie header. */
export function signInTrader(url: string): Promise<string> {
  return signIn(url, TRADER);
}
