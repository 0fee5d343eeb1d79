/**
 * A connection storm: at 09:15 every landing page and every subscriber's app opens its socket at
 * once. 10,000 landing sockets (query type=home) and 2,000 signed-in ones (the trader's session cookie, as
 * the app's socket sends it) open together against one process of the production build with its market
 * engine running, and the same against a bare socket.io server in the same harness. Clients are plain `ws`
 * sockets speaking socket.io's protocol in STORM_WORKERS child processes (support/storm-clients.ts), each
 * keeping STORM_CONCURRENCY handshakes in flight; a socket counts as connected when the server acknowledges
 * its namespace, that is after Kalpa's session lookup. Run with `npm run bench:storm -w bench` after
 * `npm run build`; STORM_LANDING and STORM_SIGNED_IN change the counts. The server holds one file per
 * socket: `ulimit -n` must allow them.
 *
 * Target: every socket connected within 30 s, as the bare server does. Printed: how long until the last
 * connected, the rate, each connection's time (p50, p99), the server's CPU time per connection (where the
 * time goes, beside the bare server's), its memory with every socket open, and whether the engine kept its
 * pace (its tick lag from GET /api/health during the storm).
 */
import { type ChildProcess, execFileSync, fork } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { createVerdicts, databaseEnv } from "./support/report";
import { signInTrader, startServer } from "./support/server";

const LANDING = Number(process.env.STORM_LANDING ?? 10_000);
const SIGNED_IN = Number(process.env.STORM_SIGNED_IN ?? 2_000);
const WORKERS = Number(process.env.STORM_WORKERS ?? 4);
const CONCURRENCY = Number(process.env.STORM_CONCURRENCY ?? 300);
const TARGET_S = 30;
const HERE = import.meta.dirname;
const CLK_TCK = Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim());

interface Opened {
  type: "opened";
  id: string;
  connected: number;
  failed: number;
  firstError: string | undefined;
  ms: number[];
}

function cpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLK_TCK;
}

function rssMiB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN) / 1024;
}

function ask(
  child: ChildProcess,
  command: { id: string; [field: string]: unknown },
): Promise<Opened> {
  return new Promise((resolve, reject) => {
    const onMessage = (message: Opened) => {
      if (message.type !== "opened" || message.id !== command.id) return;
      child.off("message", onMessage);
      resolve(message);
    };
    child.on("message", onMessage);
    child.once("exit", (code) => reject(new Error(`client process exited with ${code}`)));
    child.send(command);
  });
}

const quantile = (sorted: number[], q: number) =>
  sorted.length === 0
    ? Number.NaN
    : (sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] as number);

/** Splits `total` over the workers as evenly as whole numbers allow. */
const share = (total: number, index: number) =>
  Math.floor(total / WORKERS) + (index < total % WORKERS ? 1 : 0);

async function storm(options: {
  url: string;
  pid: number;
  cookie: string | undefined;
  /** Polled during the storm, for the engine's lag (Kalpa only). */
  health?: () => Promise<number | undefined>;
}) {
  const clients = Array.from({ length: WORKERS }, () =>
    fork(path.join(HERE, "support/storm-clients.ts"), [], {
      stdio: ["ignore", "inherit", "inherit", "ipc"],
    }),
  );
  const socketUrl = (home: boolean) =>
    `${options.url.replace("http", "ws")}/socket.io/?EIO=4&transport=websocket${home ? "&type=home" : ""}`;
  const lags: number[] = [];
  let polling = true;
  const poll = (async () => {
    while (polling && options.health) {
      const lag = await options.health().catch(() => undefined);
      if (lag !== undefined) lags.push(lag);
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  })();
  const cpuBefore = cpuMs(options.pid);
  const startedAt = performance.now();
  const results = await Promise.all(
    clients.flatMap((client, index) => [
      ask(client, {
        id: "landing",
        type: "open",
        url: socketUrl(true),
        origin: options.url,
        count: share(LANDING, index),
        concurrency: Math.ceil((CONCURRENCY * LANDING) / (LANDING + SIGNED_IN) / WORKERS),
      }),
      ask(client, {
        id: "signed-in",
        type: "open",
        url: socketUrl(false),
        origin: options.url,
        count: share(SIGNED_IN, index),
        concurrency: Math.max(
          1,
          Math.ceil((CONCURRENCY * SIGNED_IN) / (LANDING + SIGNED_IN) / WORKERS),
        ),
        ...(options.cookie ? { cookie: options.cookie } : {}),
      }),
    ]),
  );
  const wallS = (performance.now() - startedAt) / 1000;
  const cpu = cpuMs(options.pid) - cpuBefore;
  polling = false;
  await poll;
  const rss = rssMiB(options.pid);
  for (const client of clients) client.send({ type: "close" });
  const ms = results.flatMap((result) => result.ms).sort((a, b) => a - b);
  const connected = results.reduce((sum, result) => sum + result.connected, 0);
  const lastS = (ms.at(-1) ?? Number.NaN) / 1000;
  return {
    connected,
    failed: results.reduce((sum, result) => sum + result.failed, 0),
    firstError: results.find((result) => result.firstError)?.firstError,
    lastS,
    rate: connected / lastS,
    p50: quantile(ms, 0.5),
    p99: quantile(ms, 0.99),
    cpuPerSocketMs: cpu / Math.max(1, connected),
    cpuPct: (cpu / 1000 / wallS) * 100,
    rss,
    lagP99: lags.length
      ? quantile(
          [...lags].sort((a, b) => a - b),
          0.99,
        )
      : undefined,
  };
}

const { env, onPostgres } = databaseEnv();
const verdicts = createVerdicts();
const rows: Record<string, string | number>[] = [];
const row = (name: string, r: Awaited<ReturnType<typeof storm>>) =>
  rows.push({
    server: name,
    connected: `${r.connected} of ${LANDING + SIGNED_IN}`,
    "last at s": Number(r.lastS.toFixed(1)),
    "per s": Math.round(r.rate),
    "p50 ms": Math.round(r.p50),
    "p99 ms": Math.round(r.p99),
    "CPU ms/socket": Number(r.cpuPerSocketMs.toFixed(2)),
    "CPU %": Math.round(r.cpuPct),
    "RSS MiB": Math.round(r.rss),
    "engine lag p99 ms": r.lagP99 ?? "-",
  });

// The bare socket.io server first, in its own process.
const barePort = Number(process.env.BENCH_BARE_PORT ?? 3292);
const bare = fork(path.join(HERE, "support/bare-socketio.ts"), [String(barePort)], {
  stdio: ["ignore", "inherit", "inherit", "ipc"],
});
await new Promise((resolve) => bare.once("message", resolve));
const bareResult = await storm({
  url: `http://127.0.0.1:${barePort}`,
  pid: bare.pid as number,
  cookie: undefined,
});
bare.kill("SIGTERM");
row("bare socket.io", bareResult);

const server = await startServer(Number(process.env.BENCH_PORT ?? 3293), {
  SEED_DEMO: "true",
  MARKET_ENGINE: "true",
  ...env,
});
try {
  const cookie = await signInTrader(server.url);
  const result = await storm({
    url: server.url,
    pid: server.pid,
    cookie,
    health: async () => {
      const res = await fetch(`${server.url}/api/health`);
      const body = (await res.json()) as { data?: { engine?: { lagMs?: { p99?: number } } } };
      return body.data?.engine?.lagMs?.p99;
    },
  });
  row("Kalpa", result);
  const total = LANDING + SIGNED_IN;
  verdicts.check(
    `Kalpa: ${result.connected} of ${total} sockets connected (${result.failed} failed${result.firstError ? `: ${result.firstError}` : ""})`,
    result.connected === total,
  );
  verdicts.check(
    `Kalpa: the last connected at ${result.lastS.toFixed(1)} s (target within ${TARGET_S} s; bare socket.io ${bareResult.lastS.toFixed(1)} s)`,
    result.lastS <= TARGET_S,
  );
  verdicts.check(
    `bare socket.io: ${bareResult.connected} of ${total} connected in the same harness`,
    bareResult.connected === total,
  );
} finally {
  await server.stop();
}

console.log(
  `\nConnection storm: ${LANDING} landing and ${SIGNED_IN} signed-in sockets opened together by ${WORKERS} client processes ` +
    `(${CONCURRENCY} handshakes in flight), production build with the engine running, ` +
    `${onPostgres ? "PostgreSQL + Redis" : "embedded database (PGlite)"}; beside a bare socket.io server`,
);
console.table(rows);
verdicts.print();
