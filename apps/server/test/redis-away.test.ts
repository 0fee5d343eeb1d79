/**
 * Redis going away while a process runs (lib/redis.ts, decision 023): on a private redis-server this test
 * stops and starts. Nothing throws or waits, the health check says so, the limits count in the process,
 * a broadcast that waits for acknowledgements from every process still completes, and everything is
 * shared again when Redis is back.
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { createServer } from "node:http";
import { Socket } from "node:net";
import { Server } from "socket.io";
import { io as connect } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAttemptLimiter } from "../src/lib/attempt-limiter";
import { connectRedis, type RedisLink } from "../src/lib/redis";
import { adapterSurvivingRedis } from "../src/realtime/hub";

const PORT = 6391;
const hasRedisServer = !spawnSync("redis-server", ["--version"]).error;

function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = new Socket();
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
    socket.connect(port, "127.0.0.1");
  });
}

async function until(check: () => boolean | Promise<boolean>, ms = 5000) {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error("timed out");
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

let server: ChildProcess | undefined;
async function startRedis() {
  server = spawn("redis-server", ["--port", String(PORT), "--save", "", "--appendonly", "no"], {
    stdio: "ignore",
  });
  await until(() => listening(PORT));
}
async function stopRedis() {
  const child = server;
  server = undefined;
  if (!child) return;
  child.kill("SIGTERM");
  await new Promise((resolve) => child.once("exit", resolve));
}

const lines: { level: string; message: string }[] = [];
const log = {
  error: (_: unknown, message: string) => lines.push({ level: "error", message }),
  warn: (_: unknown, message: string) => lines.push({ level: "warn", message }),
} as unknown as Parameters<typeof connectRedis>[1];

describe.runIf(hasRedisServer)("Redis away while the process runs", () => {
  let link: RedisLink;
  beforeAll(async () => {
    await startRedis();
    link = await connectRedis(`redis://127.0.0.1:${PORT}`, log);
  });
  afterAll(async () => {
    await link?.close();
    await stopRedis();
  });

  it("fails fast, counts limits in the process, and shares them again when it is back", async () => {
    const returned: number[] = [];
    link.onReturn(() => returned.push(Date.now()));
    const limiter = createAttemptLimiter({ redis: link, clock: () => new Date() });
    const rule = { name: "away-test", max: 2, windowMs: 60_000 };
    expect(link.up()).toBe(true);
    expect(link.problems()).toEqual([]);

    await stopRedis();
    await until(() => !link.up());
    expect(link.problems()[0]).toMatch(/^Redis has been unreachable since /);
    expect(lines.filter((line) => line.level === "error")).toHaveLength(1);

    // A publish (the adapter's) resolves instead of rejecting, at once.
    const started = Date.now();
    await expect(link.pub.publish("kalpa:test", "x")).resolves.toBe(0);
    expect(Date.now() - started).toBeLessThan(200);
    // The limit still holds, counted here.
    const allowed = [];
    for (let i = 0; i < 3; i++) allowed.push((await limiter.hit(rule, "someone")).allowed);
    expect(allowed).toEqual([true, true, false]);

    await startRedis();
    await until(() => link.up() && returned.length === 1);
    expect(link.problems()).toEqual([]);
    expect(lines.at(-1)?.message).toMatch(/^Redis is back/);
    // Shared again: Redis's own count starts afresh.
    expect((await limiter.hit(rule, "someone")).count).toBe(1);
    expect(await link.pub.get(`kalpa:limit:${rule.name}:someone`)).toBe("1");
  });

  it("completes a broadcast awaiting every process's acknowledgements (force-logout) while Redis is away", async () => {
    const http = createServer();
    const io = new Server(http, { adapter: adapterSurvivingRedis(link) });
    await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
    const { port } = http.address() as { port: number };
    const client = connect(`http://127.0.0.1:${port}`, { transports: ["websocket"] });
    client.on("bye", (_payload: unknown, ack: (answer: unknown) => void) => ack({ ok: true }));
    try {
      await until(() => client.connected);
      await stopRedis();
      await until(() => !link.up());
      const acks = await new Promise<unknown[]>((resolve, reject) => {
        io.timeout(2000).emit("bye", {}, (error: Error | null, answers: unknown[]) =>
          error ? reject(error) : resolve(answers),
        );
      });
      expect(acks).toEqual([{ ok: true }]);
    } finally {
      client.disconnect();
      await io.close();
      await startRedis();
      await until(() => link.up());
    }
  });
});
