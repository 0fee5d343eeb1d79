/**
 * Socket fan-out: how fast one server process gets each market tick to every landing-page socket in the
 * home room, and what that costs it, against a bare `ws` broadcast of the same JSON as the reference.
 * Run with `npm run bench:fanout -w bench` (2,000 clients) or `npm run bench:fanout -w bench -- --clients
 * 10000` (or FANOUT_CLIENTS=10000). BENCH_DURATION sets the measured seconds (20), FANOUT_WORKERS the client
 * processes (4), FANOUT_CLIENT_NICE their niceness while measuring (0; 19 gives the server the cores first,
 * so its send times are those of a server alone on the machine, but then the clients fall behind and the
 * latencies they see grow). The server holds one file per client: raise `ulimit -n` if needed.
 *
 * Target on this 2-core machine: 10,000 clients on one process, delivery p99 under 100 ms, server memory
 * (RSS) under 1.5 GiB. At fewer clients the bench prints the same verdicts for what it ran.
 *
 * Design. A client cannot tell when the production engine produced the price it receives (the payload has
 * no time, and the broadcast keeps only the latest price of each symbol), so the Kalpa server here is
 * support/fanout-kalpa-server.ts: the real app from buildApp (configured as support/server.ts runs the
 * build, on the embedded database) with its market engine off and a synthetic engine in its place, which
 * hands a snapshot of each symbol to the real createMarketBroadcast every ENGINE_LOOP_MS, as the engine
 * does, with a sequence number as `ltp`. The broadcast throttles and sends as in production (home-update,
 * volatile, each symbol in its own slot of the half-second); the server records when each broadcast
 * started. Clients run in child processes (plain `ws` sockets speaking the socket.io protocol,
 * support/fanout-clients.ts) and time each arrival; the ticks start once every client has connected. All
 * processes read CLOCK_MONOTONIC, so times subtract across processes.
 *
 * - delivery latency: arrival − the start of the broadcast that sent it: the fan-out (serialising, the
 *   writes to every socket in turn, the kernel, the client reading it), over every update every client
 *   received. The target is about this figure;
 * - price age: arrival − when the engine handed that price over; it adds the throttle's wait for the
 *   symbol's next slot (up to 500 ms by design), so it is shown but not held to the target;
 * - broadcasts, and "of slots %": how many of the window's slots (each symbol every 500 ms) carried an
 *   update; the synthetic engine has a new price for every slot;
 * - received vs expected: every broadcast in the window should reach every connected client; a volatile
 *   packet is dropped for a client whose previous write has not finished, which is counted, not timed;
 * - server CPU: user + system time of the server process (/proc/<pid>/stat) over the measured window, in
 *   % of one core; "send": how long one broadcast held the server's event loop, and its CPU time;
 * - memory: VmRSS with all clients connected and before any connected, and the peak (VmHWM), which the
 *   verdict uses (the embedded database holds most of Kalpa's and swings it by hundreds of MiB); the V8
 *   heap in use at both times gives the cost of a client.
 *
 * The reference (support/fanout-ws-server.ts) sends {symbol, ltp, percentChange} to every client on the
 * same schedule, with no socket.io, no throttle and nothing dropped. The engine's own work (prices, bars,
 * the database) is not part of either. The clients share the two cores with the server, and over loopback
 * the server's writes also pay for the kernel's receiving side, so both latencies and server CPU are higher
 * than with clients on other machines; the clients' CPU is printed beside.
 */
import { type ChildProcess, fork } from "node:child_process";
import { readFileSync } from "node:fs";
import { loadavg, setPriority } from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { MARKET_SYMBOLS } from "@kalpa/contracts/names";
import { PRICE_UPDATE_INTERVAL_MS } from "../apps/server/src/modules/market/broadcast";
import { ask, cpuMs } from "./support/children";
import {
  type ClientCommand,
  type ClientMessage,
  type ClientProtocol,
  type EmitLog,
  now,
  type ServerCommand,
  type ServerMessage,
} from "./support/fanout-protocol";
import { createVerdicts, databaseEnv, quantile } from "./support/report";

const TARGET_CLIENTS = 10_000;
const TARGET_P99_MS = 100;
const TARGET_RSS_MIB = 1536;

function flag(name: string): string | undefined {
  const index = process.argv.indexOf(name);
  return index === -1 ? undefined : process.argv[index + 1];
}
const CLIENTS = Number(flag("--clients") ?? process.env.FANOUT_CLIENTS ?? 2000);
const DURATION_S = Number(flag("--duration") ?? process.env.BENCH_DURATION ?? 20);
const WORKERS = Number(process.env.FANOUT_WORKERS ?? 4);
/** Niceness of the client processes while measuring (0: the server's equal; 19: the server first). */
const CLIENT_NICE = Number(process.env.FANOUT_CLIENT_NICE ?? 0);
const PORT = Number(process.env.BENCH_PORT ?? 3193);
/** After start-up, and from the first tick (sent once every client is connected) to measuring. */
const WARMUP_MS = 3000;
/** After the window, for the window's last updates to arrive. */
const GRACE_MS = 2000;

/** Every slot of the window: each symbol may be sent once per PRICE_UPDATE_INTERVAL_MS. */
const SLOTS = MARKET_SYMBOLS.length * ((DURATION_S * 1000) / PRICE_UPDATE_INTERVAL_MS);

const HERE = import.meta.dirname;

interface Target {
  name: string;
  script: string;
  port: number;
  protocol: ClientProtocol;
  url: (port: number) => string;
}

const targets: Target[] = [
  {
    name: "Kalpa (socket.io)",
    script: "support/fanout-kalpa-server.ts",
    port: PORT,
    protocol: "socket.io",
    url: (port) => `ws://127.0.0.1:${port}/socket.io/?EIO=4&transport=websocket&type=home`,
  },
  {
    name: "bare ws (reference)",
    script: "support/fanout-ws-server.ts",
    port: PORT + 1,
    protocol: "ws",
    url: (port) => `ws://127.0.0.1:${port}/`,
  },
];

/** The soft limit on open files; the server holds one per client, and each client process its share. */
function openFilesLimit(): number {
  const limits = readFileSync("/proc/self/limits", "utf8");
  const soft = /Max open files\s+(\S+)/.exec(limits)?.[1];
  return soft === undefined || soft === "unlimited" ? Number.POSITIVE_INFINITY : Number(soft);
}

/** A line of /proc/<pid>/status in MiB (VmRSS: now, VmHWM: the peak). */
function statusMiB(pid: number, key: "VmRSS" | "VmHWM"): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(new RegExp(`${key}:\\s+(\\d+)`).exec(status)?.[1] ?? Number.NaN) / 1024;
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once("exit", () => resolve()));
}

interface Result {
  target: Target;
  open: number;
  failed: number;
  firstError: string | undefined;
  closedDuring: number;
  connectS: number;
  broadcasts: number;
  expected: number;
  received: number;
  latency: Float64Array;
  age: Float64Array;
  emitBlock: Float64Array;
  emitCpu: Float64Array;
  serverCpuPct: number;
  clientCpuPct: number;
  rssIdleMiB: number;
  rssMiB: number;
  hwmMiB: number;
  heapIdleMiB: number;
  heapMiB: number;
  stderr: string[];
}

async function run(target: Target): Promise<Result> {
  const server = fork(path.join(HERE, target.script), [String(target.port)], {
    serialization: "advanced",
    stdio: ["ignore", "pipe", "pipe", "ipc"],
  });
  const stderr: string[] = [];
  for (const stream of [server.stdout, server.stderr]) {
    stream?.setEncoding("utf8");
    stream?.on("data", (chunk: string) => stderr.push(...chunk.split("\n").filter(Boolean)));
  }
  await ask<ServerMessage, "ready">(server, undefined, "ready").catch((error: unknown) => {
    console.error(stderr.join("\n"));
    throw error;
  });
  const serverPid = server.pid as number;
  await sleep(WARMUP_MS); // start-up's garbage collected, the broadcast under way
  const rssIdleMiB = statusMiB(serverPid, "VmRSS");
  const heapIdle = await ask<ServerMessage, "heap">(server, { type: "heap" }, "heap");

  const workers = Array.from({ length: WORKERS }, () =>
    fork(path.join(HERE, "support/fanout-clients.ts"), [], { serialization: "advanced" }),
  );
  const connectStart = now();
  const connected = await Promise.all(
    workers.map((worker, index) =>
      ask<ClientMessage, "connected">(
        worker,
        {
          type: "connect",
          url: target.url(target.port),
          origin: `http://127.0.0.1:${target.port}`,
          count: Math.floor(CLIENTS / WORKERS) + (index < CLIENTS % WORKERS ? 1 : 0),
          protocol: target.protocol,
        },
        "connected",
      ),
    ),
  );
  const connectS = (now() - connectStart) / 1000;
  for (const worker of workers) setPriority(worker.pid as number, CLIENT_NICE);
  server.send({ type: "start" } satisfies ServerCommand);
  await sleep(WARMUP_MS);

  const clientCpu = () => workers.reduce((sum, worker) => sum + cpuMs(worker.pid as number), 0);
  const from = now();
  const serverCpu0 = cpuMs(serverPid);
  const clientCpu0 = clientCpu();
  await sleep(DURATION_S * 1000);
  const to = now();
  const serverCpuPct = ((cpuMs(serverPid) - serverCpu0) / (to - from)) * 100;
  const clientCpuPct = ((clientCpu() - clientCpu0) / (to - from)) * 100;
  const rssMiB = statusMiB(serverPid, "VmRSS");
  const hwmMiB = statusMiB(serverPid, "VmHWM");
  const heap = await ask<ServerMessage, "heap">(server, { type: "heap" }, "heap");
  await sleep(GRACE_MS);

  const { log } = await ask<ServerMessage, "emits">(server, { type: "emits" }, "emits");
  const receipts = await Promise.all(
    workers.map((worker) =>
      ask<ClientMessage, "receipts">(worker, { type: "collect" }, "receipts"),
    ),
  );
  for (const worker of workers) worker.send({ type: "close" } satisfies ClientCommand);
  await Promise.all(workers.map(exited));
  server.send({ type: "stop" } satisfies ServerCommand);
  await exited(server);

  const open = receipts.reduce((sum, r) => sum + r.open, 0);
  return {
    target,
    open: connected.reduce((sum, c) => sum + c.open, 0),
    failed: connected.reduce((sum, c) => sum + c.failed, 0),
    firstError: connected.find((c) => c.firstError)?.firstError,
    closedDuring: receipts.reduce((sum, r) => sum + r.closed, 0),
    connectS,
    ...measure(log, receipts, from, to, open),
    serverCpuPct,
    clientCpuPct,
    rssIdleMiB,
    rssMiB,
    hwmMiB,
    heapIdleMiB: heapIdle.usedMiB,
    heapMiB: heap.usedMiB,
    stderr,
  };
}

/** Latencies of the broadcasts that started in [from, to], over every client that received them. */
function measure(
  log: EmitLog,
  receipts: readonly { seq: Int32Array; at: Float64Array }[],
  from: number,
  to: number,
  open: number,
) {
  const inWindow = new Map<number, { emitAt: number; publishAt: number }>();
  const blocks: number[] = [];
  const blockCpu: number[] = [];
  for (let i = 0; i < log.seq.length; i++) {
    const emitAt = log.emitAt[i] as number;
    if (emitAt < from || emitAt > to) continue;
    inWindow.set(log.seq[i] as number, { emitAt, publishAt: log.publishAt[i] as number });
    blocks.push((log.emitEnd[i] as number) - emitAt);
    blockCpu.push(log.emitCpu[i] as number);
  }
  const total = receipts.reduce((sum, r) => sum + r.seq.length, 0);
  const latency = new Float64Array(total);
  const age = new Float64Array(total);
  let received = 0;
  for (const r of receipts) {
    for (let i = 0; i < r.seq.length; i++) {
      const emit = inWindow.get(r.seq[i] as number);
      if (!emit) continue;
      const at = r.at[i] as number;
      latency[received] = at - emit.emitAt;
      age[received] = at - emit.publishAt;
      received++;
    }
  }
  return {
    broadcasts: inWindow.size,
    expected: inWindow.size * open,
    received,
    latency: latency.slice(0, received).sort(),
    age: age.slice(0, received).sort(),
    emitBlock: Float64Array.from(blocks).sort(),
    emitCpu: Float64Array.from(blockCpu).sort(),
  };
}

const ms = (value: number) => (Number.isFinite(value) ? Number(value.toFixed(1)) : "n/a");

const needed = CLIENTS + 1024;
if (openFilesLimit() < needed) {
  console.error(
    `Open-file limit ${openFilesLimit()} is below the ${needed} the server needs: raise it (ulimit -n ${needed}).`,
  );
  process.exit(1);
}

// Another busy process on the machine takes cores from both sides: say how busy it was.
const loadBefore = loadavg()[0] as number;
const results: Result[] = [];
for (const target of targets) results.push(await run(target));

const { onPostgres } = databaseEnv();
console.log(
  `\nSocket fan-out: ${CLIENTS} clients in ${WORKERS} processes (nice ${CLIENT_NICE}), ` +
    `${DURATION_S} s measured, ${SLOTS} slots (${MARKET_SYMBOLS.length} symbols, one update each per ` +
    `${PRICE_UPDATE_INTERVAL_MS} ms at most); Kalpa on ${onPostgres ? "PostgreSQL" : "PGlite"}; ` +
    `machine's load average before the run ${loadBefore.toFixed(2)}`,
);
console.log("\ndelivery (each update, each client; ms from the broadcast's start to arrival)");
console.table(
  results.map((r) => ({
    server: r.target.name,
    clients: r.open,
    "connect s": Number(r.connectS.toFixed(1)),
    broadcasts: r.broadcasts,
    "of slots %": Number(((r.broadcasts / SLOTS) * 100).toFixed(0)),
    "updates/s/client": Number((r.received / Math.max(1, r.open) / DURATION_S).toFixed(2)),
    "received %": Number(((r.received / Math.max(1, r.expected)) * 100).toFixed(2)),
    dropped: r.expected - r.received,
    "p50 ms": ms(quantile(r.latency, 0.5)),
    "p99 ms": ms(quantile(r.latency, 0.99)),
    "max ms": ms(quantile(r.latency, 1)),
  })),
);
console.log("server cost (CPU in % of one core over the window; RSS and V8 heap in use, in MiB)");
console.table(
  results.map((r) => ({
    server: r.target.name,
    "CPU %": Number(r.serverCpuPct.toFixed(1)),
    "RSS idle": Number(r.rssIdleMiB.toFixed(0)),
    "RSS connected": Number(r.rssMiB.toFixed(0)),
    "RSS peak": Number(r.hwmMiB.toFixed(0)),
    "heap idle": Number(r.heapIdleMiB.toFixed(0)),
    "heap connected": Number(r.heapMiB.toFixed(0)),
    "heap KiB/client": Number(
      (((r.heapMiB - r.heapIdleMiB) * 1024) / Math.max(1, r.open)).toFixed(1),
    ),
    "send p50 ms": ms(quantile(r.emitBlock, 0.5)),
    "send max ms": ms(quantile(r.emitBlock, 1)),
    "send CPU p50 ms": ms(quantile(r.emitCpu, 0.5)),
    "clients' CPU %": Number(r.clientCpuPct.toFixed(1)),
  })),
);
const kalpa = results[0] as Result;
console.log(
  `Kalpa price age (engine hand-over to arrival, with the throttle's wait): p50 ${ms(quantile(kalpa.age, 0.5))} ms, ` +
    `p99 ${ms(quantile(kalpa.age, 0.99))} ms, max ${ms(quantile(kalpa.age, 1))} ms`,
);
console.log(
  "send: how long one broadcast to every client held the server's event loop (wall clock), and the CPU it took",
);
for (const r of results) {
  if (r.stderr.length === 0) continue;
  const distinct = [...new Set(r.stderr)];
  console.log(
    `${r.target.name} server wrote ${r.stderr.length} lines to stdout/stderr, ${distinct.length} distinct; ` +
      `e.g. ${JSON.stringify(distinct[0]?.slice(0, 160))}`,
  );
}

const verdicts = createVerdicts();
for (const r of results) {
  verdicts.check(
    `${r.target.name}: ${r.open} of ${CLIENTS} clients connected, ${r.closedDuring} closed during the run` +
      (r.firstError ? ` (first error: ${r.firstError})` : ""),
    r.open === CLIENTS && r.closedDuring === 0,
  );
}
const p99 = quantile(kalpa.latency, 0.99);
verdicts.check(
  `Kalpa at ${kalpa.open} clients: delivery p99 ${ms(p99)} ms (target < ${TARGET_P99_MS})`,
  p99 < TARGET_P99_MS,
);
// The peak, not the moment's figure: the embedded database's RSS swings by hundreds of MiB as it runs.
const rssHigh = Math.max(kalpa.rssMiB, kalpa.hwmMiB);
verdicts.check(
  `Kalpa at ${kalpa.open} clients: peak RSS ${rssHigh.toFixed(0)} MiB (target < ${TARGET_RSS_MIB})`,
  rssHigh < TARGET_RSS_MIB,
);
verdicts.print();
if (CLIENTS < TARGET_CLIENTS) {
  console.log(`(the target is at ${TARGET_CLIENTS} clients: run with --clients ${TARGET_CLIENTS})`);
}
