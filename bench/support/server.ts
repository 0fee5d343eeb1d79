/**
 * Starts the production build (apps/server/dist/server.js) in its own process on a throwaway embedded
 * database, so a benchmark measures what users get, and reads the process's memory from /proc.
 */
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";

const ROOT = path.resolve(import.meta.dirname, "../..");

export async function startServer(port: number, env: Record<string, string> = {}) {
  const entry = path.join(ROOT, "apps/server/dist/server.js");
  if (!existsSync(entry)) throw new Error("Build first: npm run build");
  const dataDir = await mkdtemp(path.join(tmpdir(), "kalpa-bench-"));
  const startedAt = performance.now();
  const child = spawn(process.execPath, [entry], {
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
  let answeringMs: number | undefined;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    // It answers "starting" while a first start writes the journal and forecasts (decision 019): a
    // benchmark measures the site once it is ready, not while that is being written.
    const status = await fetch(`${url}/api/health`).then(
      async (res) =>
        res.ok ? ((await res.json()) as { data: { status: string } }).data.status : "",
      () => "",
    );
    if (status !== "" && answeringMs === undefined) answeringMs = performance.now() - startedAt;
    if (status !== "" && status !== "starting") break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const readyMs = performance.now() - startedAt;
  return {
    url,
    /** The server's process id (for its CPU time in /proc). */
    pid: child.pid as number,
    /** From the spawn to the first answer of /api/health. */
    answeringMs: answeringMs ?? readyMs,
    /** From the spawn to /api/health saying it is ready ("ok" or "degraded"). */
    readyMs,
    /** Resident memory of the server process, in MiB. */
    async rssMiB(): Promise<number> {
      const status = await readFile(`/proc/${child.pid}/status`, "utf8");
      const kib = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN);
      return kib / 1024;
    },
    async stop(): Promise<number> {
      const stoppingAt = performance.now();
      child.kill("SIGTERM");
      await new Promise((resolve) => child.once("exit", resolve));
      await rm(dataDir, { recursive: true, force: true });
      return performance.now() - stoppingAt;
    },
  };
}

/** Signs the demo trader in (every instrument, the risk disclosure accepted); answers the Cookie header. */
export async function signInTrader(url: string): Promise<string> {
  const login = await fetch(`${url}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: url },
    body: JSON.stringify({ username: "trader", password: "Trader@1234" }),
  });
  if (!login.ok) throw new Error(`the trader's sign-in failed with ${login.status}`);
  return login.headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .join("; ");
}
