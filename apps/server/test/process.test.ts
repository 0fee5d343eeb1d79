/**
 * The server as an operator runs it: a real process, stopped with SIGTERM, started again on the same data.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { SOCKET_PATH } from "@kalpa/contracts/constants";
import { io as connect } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../src/db/client";
import { createAuditRepository } from "../src/modules/audit/repository";

const SERVER_ENTRY = path.resolve(import.meta.dirname, "../src/server.ts");

interface Running {
  child: ChildProcess;
  url: string;
  output: () => string;
}

function run(env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, ["--import", "tsx", SERVER_ENTRY], {
    cwd: path.dirname(SERVER_ENTRY),
    env: { PATH: process.env.PATH ?? "", NODE_ENV: "test", LOG_LEVEL: "info", PORT: "0", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
}

function collect(child: ChildProcess) {
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on("data", (chunk: Buffer) => {
    output += chunk.toString();
  });
  return () => output;
}

async function start(env: Record<string, string>): Promise<Running> {
  const child = run(env);
  const output = collect(child);
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no listen line:\n${output()}`)), 40_000);
    const check = () => {
      const match = output().match(/"address":"(http:\/\/[^"]+)"/);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    child.stdout?.on("data", check);
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`exited with ${code}:\n${output()}`));
    });
  });
  return { child, url, output };
}

function exited(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) resolve(child.exitCode);
    else child.once("exit", (code) => resolve(code));
  });
}

describe("the server process", () => {
  let dir: string;
  let dataDir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), "kalpa-process-"));
    dataDir = path.join(dir, "data");
  });
  afterAll(async () => rm(dir, { recursive: true, force: true }));

  it("stops on SIGTERM with exit code 0 within 5 s, and keeps its data for the next start", async () => {
    const first = await start({ DATA_DIR: dataDir });
    // Just after a first start's listen line, the demo journal and the forecasts are still being written.
    const health = await fetch(`${first.url}/api/health`).then((res) => res.json());
    expect(health).toMatchObject({
      success: true,
      data: { status: "starting", starting: expect.any(Array), database: "pglite" },
    });
    expect(first.output()).toContain('"writing":["the demo journal",');

    // A second process on the same data refuses to start rather than corrupt it.
    const intruder = run({ DATA_DIR: dataDir });
    const intruderOutput = collect(intruder);
    expect(await exited(intruder)).toBe(1);
    expect(intruderOutput()).toContain("is using the embedded database");

    // A browser's open websocket must not hold the shutdown up.
    const socket = connect(first.url, {
      path: SOCKET_PATH,
      transports: ["websocket"],
      reconnection: false,
    });
    await new Promise((resolve, reject) => {
      socket.once("connect", () => resolve(undefined));
      socket.once("connect_error", reject);
    });
    const disconnected = new Promise((resolve) => socket.once("disconnect", resolve));

    const stoppedAt = Date.now();
    first.child.kill("SIGTERM");
    expect(await exited(first.child)).toBe(0);
    expect(Date.now() - stoppedAt).toBeLessThan(5000);
    expect(first.output()).toContain("stopped cleanly");
    await disconnected;

    const db = await openDatabase({ kind: "pglite", dataDir: path.join(dataDir, "pglite") });
    await createAuditRepository(db.db).append({
      actor: "system",
      action: "test.between_runs",
      target: "process-test",
    });
    await db.close();

    const second = await start({ DATA_DIR: dataDir });
    second.child.kill("SIGINT");
    expect(await exited(second.child)).toBe(0);

    const reopened = await openDatabase({ kind: "pglite", dataDir: path.join(dataDir, "pglite") });
    const rows = await createAuditRepository(reopened.db).listForTarget("process-test");
    await reopened.close();
    expect(rows.map((row) => row.action)).toEqual(["test.between_runs"]);
    // Two starts on a fresh embedded database (its first open creates the cluster and runs every
    // migration) and a refused third: well over the suite's 30 s on two busy cores.
  }, 120_000);

  it("drains on SIGTERM: the liveness check says so while requests are still answered, then it stops", async () => {
    const running = await start({
      DATA_DIR: path.join(dir, "drain"),
      SHUTDOWN_DRAIN_SECONDS: "2",
      MARKET_ENGINE: "false",
    });
    const live = await fetch(`${running.url}/api/health/live`);
    expect(live.status).toBe(200);
    expect(await live.json()).toEqual({ success: true, data: { status: "ok" } });

    const signalledAt = Date.now();
    running.child.kill("SIGTERM");
    await new Promise((resolve) => setTimeout(resolve, 500));
    const draining = await fetch(`${running.url}/api/health/live`);
    expect(draining.status).toBe(503);
    expect(await draining.json()).toMatchObject({
      success: false,
      error: "This server is stopping. Please try again.",
    });
    // A request already routed here is still answered while the balancer moves on.
    expect((await fetch(`${running.url}/api/health`)).status).toBe(200);

    expect(await exited(running.child)).toBe(0);
    const tookMs = Date.now() - signalledAt;
    expect(tookMs).toBeGreaterThanOrEqual(2000);
    expect(tookMs).toBeLessThan(2000 + 5000);
  });

  it("refuses to start with a bad configuration and says what is wrong", async () => {
    const child = run({ DATA_DIR: dataDir, PORT: "eighty", REDIS_URL: "nope" });
    const output = collect(child);
    expect(await exited(child)).toBe(1);
    expect(output()).toContain("Invalid configuration:");
    expect(output()).toContain('PORT: Expected a port number from 0 to 65535 (got "eighty")');
    expect(output()).toContain("REDIS_URL: Expected a URL like redis://127.0.0.1:6379");
  });

  it("refuses to start in production while the operator's contacts are the examples, naming each", async () => {
    const child = run({
      DATA_DIR: dataDir,
      NODE_ENV: "production",
      SMTP_URL: "smtp://mail.example:587",
      PUBLIC_URL: "https://kalpa.example",
      OPERATOR_NAME: "Asha Rao",
      OPERATOR_WHATSAPP: "919000000000",
    });
    const output = collect(child);
    expect(await exited(child)).toBe(1);
    expect(output()).toContain("Invalid configuration:");
    expect(output()).not.toContain("OPERATOR_NAME");
    for (const line of [
      'OPERATOR_EMAIL: required when NODE_ENV=production, and not the example "founder@kalpa.example" (not set)',
      'OPERATOR_PHONE: required when NODE_ENV=production, and not the example "+91 90000 00000" (not set)',
      'OPERATOR_WHATSAPP: required when NODE_ENV=production, and not the example "919000000000" (got "919000000000")',
    ]) {
      expect(output()).toContain(line);
    }
    expect(output()).not.toContain("is listening");
  });
});
