/**
 * The production build of the server (apps/server/dist/server.js, after `npm run build`) started as a
 * child process, and the wait for its health check, for the suites that run against what users get: the
 * browser journeys (e2e/), the reliability drills (drills/) and the benchmarks (bench/). Each chooses the
 * environment, the port and the data folder; this module starts the process and tells when it is ready.
 */
import { type ChildProcess, type StdioOptions, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** The repository's root folder. */
export const REPO_ROOT = fileURLToPath(new URL("../../..", import.meta.url));
/** The built server's entry point. */
export const SERVER_ENTRY = path.join(REPO_ROOT, "apps/server/dist/server.js");
/** The built web app's page (the server serves it). */
export const WEB_INDEX = path.join(REPO_ROOT, "apps/web/dist/index.html");

/** Throws, saying to run the build, when the server's build (and with `web`, the web app's) is missing. */
export function assertBuilt({ web = false }: { web?: boolean } = {}): void {
  if (!existsSync(SERVER_ENTRY) || (web && !existsSync(WEB_INDEX))) {
    throw new Error("The production build is missing: run `npm run build` first.");
  }
}

export interface SpawnBuiltServerOptions {
  /** The whole environment of the process (nothing is inherited that is not in it). */
  env: NodeJS.ProcessEnv;
  /** Default: output ignored, errors shown. */
  stdio?: StdioOptions;
  /** Node's own options before the entry point (`--enable-source-maps`). */
  nodeArgs?: string[];
  /** Default: the repository's root. */
  cwd?: string;
}

/** Starts `node apps/server/dist/server.js`; throws when the build is missing. */
export function spawnBuiltServer(options: SpawnBuiltServerOptions): ChildProcess {
  assertBuilt();
  return spawn(process.execPath, [...(options.nodeArgs ?? []), SERVER_ENTRY], {
    cwd: options.cwd ?? REPO_ROOT,
    env: options.env,
    stdio: options.stdio ?? ["ignore", "ignore", "inherit"],
  });
}

/**
 * What GET /api/health says the server is: "ok" or "degraded" (ready), "starting" (a first start still
 * writing the demo journal and the forecasts after it listens: decision 019), or undefined when it does
 * not answer with a status (not listening yet, or the database down: a 503 without one).
 */
export async function healthStatus(
  baseUrl: string,
  { timeoutMs = 2000 }: { timeoutMs?: number } = {},
): Promise<string | undefined> {
  try {
    const res = await fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(timeoutMs) });
    if (!res.ok) return undefined;
    const body = (await res.json()) as { data?: { status?: unknown } };
    return typeof body.data?.status === "string" ? body.data.status : undefined;
  } catch {
    return undefined;
  }
}

/** Whether the server at `baseUrl` is ready: its health check says "ok" or "degraded". */
export async function serverIsReady(baseUrl: string): Promise<boolean> {
  const status = await healthStatus(baseUrl);
  return status === "ok" || status === "degraded";
}

export interface WaitForHealthOptions {
  /** The server's process: the wait ends (with an error) when it exits. */
  child?: ChildProcess;
  /** "ready" (default): "ok" or "degraded"; "answering": any status at all. */
  until?: "ready" | "answering";
  /** Default 120 s; Infinity waits as long as it takes. */
  timeoutMs?: number;
  /** Between two checks; default 250 ms. */
  intervalMs?: number;
}

/** When the wait saw the server answer and be ready, on performance.now()'s clock. */
export interface HealthTimes {
  answeredAt: number;
  readyAt: number;
}

export class ServerNotReadyError extends Error {
  constructor(
    message: string,
    /** The process's exit code when it exited, else undefined (it was not ready in time). */
    readonly exitCode?: number | null,
  ) {
    super(message);
    this.name = "ServerNotReadyError";
  }
}

/**
 * Polls GET /api/health until the server is ready (or answering); throws ServerNotReadyError when the
 * process exits first or the time runs out. The process is left as it is: stopping it is the caller's.
 */
export async function waitForHealth(
  baseUrl: string,
  { child, until = "ready", timeoutMs = 120_000, intervalMs = 250 }: WaitForHealthOptions = {},
): Promise<HealthTimes> {
  const deadline = performance.now() + timeoutMs;
  let answeredAt: number | undefined;
  for (;;) {
    if (child && (child.exitCode !== null || child.signalCode !== null)) {
      throw new ServerNotReadyError(
        `the server exited with ${child.exitCode ?? child.signalCode}`,
        child.exitCode,
      );
    }
    const status = await healthStatus(baseUrl);
    const now = performance.now();
    if (status !== undefined) answeredAt ??= now;
    if (
      status !== undefined &&
      (until === "answering" || status === "ok" || status === "degraded")
    ) {
      return { answeredAt: answeredAt ?? now, readyAt: now };
    }
    if (now >= deadline) break;
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
  throw new ServerNotReadyError(
    `the server was not ready (${baseUrl}/api/health) within ${timeoutMs / 1000} s`,
  );
}

/** SIGTERM, and waits for the process to end; SIGKILL after `killAfterMs` when given. */
export async function stopProcess(
  child: ChildProcess,
  { killAfterMs }: { killAfterMs?: number } = {},
): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  const killer =
    killAfterMs === undefined ? undefined : setTimeout(() => child.kill("SIGKILL"), killAfterMs);
  await exited;
  clearTimeout(killer);
}
