/**
 * The server's resident memory and its time to ready (issue 39), on the embedded database and on
 * PostgreSQL, one after the other in one run, beside a reference measured in the same run (a bare Fastify
 * process: what Node and a web server hold before any of Kalpa).
 *
 * For each database: a first start on an empty data folder or database (the demo data, a year of daily
 * history, the forecasts and the demo journal written), sampled every 100 ms from the spawn: its peak and
 * its time to `status: "ok"`; then IDLE_SECONDS of idle with the market engine running: the median of the
 * last half; then a second start on the same data: its time to ready. The PostgreSQL server's own memory is
 * its own process's, not counted here.
 *
 * The soak: the second start runs its simulated clock SOAK_SPEED times faster and holds SOAK_CLIENTS
 * socket.io clients (landing-page sockets, each reading every tick it is sent) for SOAK_SECONDS; its RSS,
 * sampled every second after a tenth of the time as warm-up, gives a least-squares slope, in MB per hour of
 * simulated trading and per hour of real time. The defaults are short (60 s at 30×: half an hour of
 * trading); an hour of trading at the real pace is SOAK_SPEED=1 SOAK_SECONDS=3600.
 *
 * Targets on the embedded database (issue 39): idle ≤ 300 MB, first-start peak ≤ 512 MB, ready (a second
 * start, already built) under 15 s. Run after `npm run build`:
 *   cd bench && npx tsx memory.bench.ts               (PostgreSQL at postgres://postgres@127.0.0.1:5432/test
 *   MEMORY_POSTGRES_URL=... IDLE_SECONDS=60 ...        when it answers; MEMORY_POSTGRES_URL=off skips it)
 *   SOAK_SECONDS=120 SOAK_SPEED=30 SOAK_CLIENTS=200    (SOAK_SECONDS=0 skips the soak)
 */
import { readFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { spawnBuiltServer, stopProcess, waitForHealth } from "@kalpa/testkit/built-server";
import { openRawSocketIo } from "@kalpa/testkit/socket-io-raw";
import pg from "pg";
import type WebSocket from "ws";
import { startBareFastify } from "./support/reference";
import { createVerdicts } from "./support/report";

const IDLE_SECONDS = Number(process.env.IDLE_SECONDS ?? 30);
const PORT = Number(process.env.BENCH_PORT ?? 3290);
const POSTGRES = process.env.MEMORY_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const MB = 1024 * 1024;
const SOAK_SECONDS = Number(process.env.SOAK_SECONDS ?? 60);
const SOAK_SPEED = Number(process.env.SOAK_SPEED ?? 30);
const SOAK_CLIENTS = Number(process.env.SOAK_CLIENTS ?? 200);

/** The least-squares slope of `points` (x, y). */
function slope(points: readonly { x: number; y: number }[]): number {
  const n = points.length;
  if (n < 2) return 0;
  const mx = points.reduce((sum, p) => sum + p.x, 0) / n;
  const my = points.reduce((sum, p) => sum + p.y, 0) / n;
  const num = points.reduce((sum, p) => sum + (p.x - mx) * (p.y - my), 0);
  const den = points.reduce((sum, p) => sum + (p.x - mx) ** 2, 0);
  return den === 0 ? 0 : num / den;
}

interface Soak {
  clients: number;
  events: number;
  startMB: number;
  endMB: number;
  /** MB per hour of simulated trading, and per hour of real time. */
  perSimHour: number;
  perRealHour: number;
}

/** SOAK_CLIENTS sockets on the running server for SOAK_SECONDS, its RSS sampled every second. */
async function soak(pid: number, port: number): Promise<Soak> {
  const origin = `http://127.0.0.1:${port}`;
  const url = `ws://127.0.0.1:${port}/socket.io/?EIO=4&transport=websocket&type=home`;
  const sockets: WebSocket[] = [];
  let events = 0;
  for (let i = 0; i < SOAK_CLIENTS; i += 20) {
    const batch = Array.from({ length: Math.min(20, SOAK_CLIENTS - i) }, () =>
      openRawSocketIo(url, { headers: { origin }, onEvent: () => events++ }),
    );
    sockets.push(...(await Promise.all(batch)));
  }
  const points: { x: number; y: number }[] = [];
  const started = performance.now();
  const warmUp = SOAK_SECONDS * 100;
  while (performance.now() - started < SOAK_SECONDS * 1000) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const rss = rssOf(pid);
    const at = performance.now() - started;
    if (rss !== undefined && at >= warmUp) points.push({ x: at / 3_600_000, y: rss / MB });
  }
  const open = sockets.filter((socket) => socket.readyState === socket.OPEN).length;
  for (const socket of sockets) socket.terminate();
  const perRealHour = slope(points);
  return {
    clients: open,
    events,
    startMB: points[0]?.y ?? 0,
    endMB: points.at(-1)?.y ?? 0,
    perRealHour,
    perSimHour: perRealHour / SOAK_SPEED,
  };
}

/** A process's resident set in bytes now (Linux), or undefined once it has gone. */
function rssOf(pid: number): number | undefined {
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    const kb = /VmRSS:\s+(\d+) kB/.exec(status)?.[1];
    return kb === undefined ? undefined : Number(kb) * 1024;
  } catch {
    return undefined;
  }
}

/** Samples `pid`'s RSS every 100 ms until stopped; answers the samples with their times. */
function sample(pid: number) {
  const samples: { at: number; rss: number }[] = [];
  const timer = setInterval(() => {
    const rss = rssOf(pid);
    if (rss !== undefined) samples.push({ at: performance.now(), rss });
  }, 100);
  return {
    samples,
    stop: () => clearInterval(timer),
    peakBetween: (from: number, to: number) =>
      Math.max(0, ...samples.filter((s) => s.at >= from && s.at <= to).map((s) => s.rss)),
    medianBetween(from: number, to: number) {
      const values = samples
        .filter((s) => s.at >= from && s.at <= to)
        .map((s) => s.rss)
        .sort((a, b) => a - b);
      return values[Math.floor(values.length / 2)] ?? 0;
    },
  };
}

interface Run {
  database: string;
  firstReadyS: number;
  firstPeakMB: number;
  idleMB: number;
  secondReadyS: number;
  soak?: Soak;
}

async function measure(database: string, env: Record<string, string>): Promise<Run> {
  const base = `http://127.0.0.1:${PORT}`;
  const serverEnv = {
    PATH: process.env.PATH ?? "",
    NODE_ENV: "development",
    PORT: String(PORT),
    LOG_LEVEL: "warn",
    SEED_DEMO: "true",
    ...env,
  };
  const startedAt = performance.now();
  const first = spawnBuiltServer({ env: serverEnv });
  const watch = sample(first.pid as number);
  const { readyAt } = await waitForHealth(base, { child: first, timeoutMs: 300_000 });
  const idleFrom = readyAt;
  await new Promise((resolve) => setTimeout(resolve, IDLE_SECONDS * 1000));
  const idleTo = performance.now();
  watch.stop();
  await stopProcess(first, { killAfterMs: 20_000 });
  const secondStart = performance.now();
  // The second start runs the soak: its clock faster, so a short run covers much trading.
  const second = spawnBuiltServer({
    env: { ...serverEnv, ...(SOAK_SECONDS > 0 ? { SIM_CLOCK_SPEED: String(SOAK_SPEED) } : {}) },
  });
  const ready2 = await waitForHealth(base, { child: second, timeoutMs: 300_000 });
  const soaked = SOAK_SECONDS > 0 ? await soak(second.pid as number, PORT) : undefined;
  await stopProcess(second, { killAfterMs: 20_000 });
  return {
    database,
    firstReadyS: (readyAt - startedAt) / 1000,
    firstPeakMB: watch.peakBetween(startedAt, idleTo) / MB,
    idleMB: watch.medianBetween(idleFrom + ((idleTo - idleFrom) * 1) / 2, idleTo) / MB,
    secondReadyS: (ready2.readyAt - secondStart) / 1000,
    ...(soaked ? { soak: soaked } : {}),
  };
}

async function postgresDatabase(): Promise<{ url: string; drop: () => Promise<void> } | undefined> {
  if (POSTGRES === "off") return undefined;
  const admin = new pg.Client({ connectionString: POSTGRES, connectionTimeoutMillis: 3000 });
  try {
    await admin.connect();
  } catch {
    console.log(
      `PostgreSQL at ${POSTGRES} does not answer: measured on the embedded database only.`,
    );
    return undefined;
  }
  const name = `kalpa_memory_${Date.now()}`;
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(POSTGRES);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const again = new pg.Client({ connectionString: POSTGRES });
      await again.connect();
      await again.query(`drop database if exists ${name} with (force)`);
      await again.end();
    },
  };
}

// The reference: a bare Fastify process, started and left idle as long.
const referenceStart = performance.now();
const reference = await startBareFastify(PORT + 1);
const referenceReadyS = (performance.now() - referenceStart) / 1000;
await new Promise((resolve) => setTimeout(resolve, 3000));
const referenceMB = (rssOf(reference.pid) ?? 0) / MB;
await reference.stop();

const runs: Run[] = [];
const dataDir = await mkdtemp(path.join(tmpdir(), "kalpa-memory-"));
try {
  runs.push(await measure("embedded (PGlite)", { DATA_DIR: dataDir }));
} finally {
  await rm(dataDir, { recursive: true, force: true });
}
const postgres = await postgresDatabase();
if (postgres) {
  const pgData = await mkdtemp(path.join(tmpdir(), "kalpa-memory-pg-"));
  try {
    runs.push(await measure("PostgreSQL", { DATA_DIR: pgData, DATABASE_URL: postgres.url }));
  } finally {
    await postgres.drop();
    await rm(pgData, { recursive: true, force: true });
  }
}

console.log(
  `Server memory (resident set) and time to ready; the reference, a bare Fastify process: ${referenceMB.toFixed(0)} MB idle, listening in ${referenceReadyS.toFixed(1)} s.`,
);
console.table(
  runs.map((run) => ({
    database: run.database,
    "first start → ok (s)": run.firstReadyS.toFixed(1),
    "first-start peak (MB)": run.firstPeakMB.toFixed(0),
    [`idle, ${IDLE_SECONDS} s after (MB)`]: run.idleMB.toFixed(0),
    "second start → ok (s)": run.secondReadyS.toFixed(1),
    "idle ÷ reference": (run.idleMB / referenceMB).toFixed(1),
  })),
);
const soaks = runs.flatMap((run) => (run.soak ? [{ database: run.database, ...run.soak }] : []));
if (soaks.length > 0) {
  console.log(
    `Soak: ${SOAK_SECONDS} s with ${SOAK_CLIENTS} socket.io clients, the clock at ${SOAK_SPEED}× (${((SOAK_SECONDS * SOAK_SPEED) / 60).toFixed(0)} simulated minutes); the reference idles at ${referenceMB.toFixed(0)} MB.`,
  );
  console.table(
    soaks.map((run) => ({
      database: run.database,
      "clients connected at the end": run.clients,
      "events received": run.events,
      "RSS after warm-up (MB)": run.startMB.toFixed(0),
      "RSS at the end (MB)": run.endMB.toFixed(0),
      "slope (MB per simulated hour)": run.perSimHour.toFixed(1),
      "slope (MB per real hour)": run.perRealHour.toFixed(1),
    })),
  );
}
const verdicts = createVerdicts();
const embedded = runs[0] as Run;
verdicts.check(`embedded idle ${embedded.idleMB.toFixed(0)} MB ≤ 300 MB`, embedded.idleMB <= 300);
verdicts.check(
  `embedded first-start peak ${embedded.firstPeakMB.toFixed(0)} MB ≤ 512 MB`,
  embedded.firstPeakMB <= 512,
);
verdicts.check(
  `embedded second start ready in ${embedded.secondReadyS.toFixed(1)} s < 15 s`,
  embedded.secondReadyS < 15,
);
verdicts.print();
