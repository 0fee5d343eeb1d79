/**
 * A private Redis and a private PostgreSQL for a drill, on ports of their own, so a drill can stop and
 * restart them without touching the machine's own (which the test suites use). Debian's binaries.
 */
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sleep, waitFor } from "./drill";
import { portOpen } from "./http";

async function exited(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  await new Promise((resolve) => child.once("exit", resolve));
}

/** redis-server on `port`, keeping nothing on disk; `stop` and `start` it at will. */
export async function privateRedis(port: number) {
  let child: ChildProcess | undefined;
  const start = async () => {
    child = spawn(
      "redis-server",
      ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
      { stdio: "ignore" },
    );
    if (!(await waitFor(async () => ((await portOpen(port)) ? true : undefined), 10_000, 50))) {
      throw new Error(`redis-server did not listen on ${port}`);
    }
  };
  await start();
  return {
    url: `redis://127.0.0.1:${port}`,
    start,
    async stop() {
      if (!child) return;
      child.kill("SIGTERM");
      await exited(child);
      child = undefined;
    },
  };
}

function postgresBin(name: string): string {
  const root = "/usr/lib/postgresql";
  const version = readdirSync(root).sort((a, b) => Number(b) - Number(a))[0];
  if (!version)
    throw new Error("PostgreSQL's binaries are not installed (apt-get install postgresql)");
  return path.join(root, version, "bin", name);
}

/** Runs a PostgreSQL binary as the postgres user when this is root (initdb refuses root). */
function asPostgres(file: string, args: string[]) {
  const root = process.getuid?.() === 0;
  return root
    ? execFileSync("runuser", ["-u", "postgres", "--", file, ...args], { stdio: "pipe" })
    : execFileSync(file, args, { stdio: "pipe" });
}

/**
 * A throwaway PostgreSQL cluster on `port` (trust auth on 127.0.0.1), with database `kalpa`. `restart`
 * stops it (fast: open connections are cut) and starts it again after `awayMs`.
 */
export async function privatePostgres(port: number) {
  const dir = mkdtempSync(path.join(tmpdir(), "kalpa-drill-pg-"));
  const data = path.join(dir, "data");
  if (process.getuid?.() === 0) {
    const uid = Number(execFileSync("id", ["-u", "postgres"]).toString().trim());
    const gid = Number(execFileSync("id", ["-g", "postgres"]).toString().trim());
    chownSync(dir, uid, gid);
  }
  asPostgres(postgresBin("initdb"), ["-D", data, "-A", "trust", "-U", "postgres", "--no-sync"]);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200`;
  const start = () =>
    asPostgres(postgresBin("pg_ctl"), [
      "-D",
      data,
      "-o",
      options,
      "-l",
      path.join(dir, "log"),
      "-w",
      "start",
    ]);
  const stop = () => asPostgres(postgresBin("pg_ctl"), ["-D", data, "-m", "fast", "-w", "stop"]);
  start();
  asPostgres(postgresBin("createdb"), [
    "-h",
    "127.0.0.1",
    "-p",
    String(port),
    "-U",
    "postgres",
    "kalpa",
  ]);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/kalpa`,
    start,
    stop,
    async restart(awayMs: number) {
      stop();
      await sleep(awayMs);
      start();
    },
    async remove() {
      try {
        if (existsSync(path.join(data, "postmaster.pid"))) stop();
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
