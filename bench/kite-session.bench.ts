/**
 * What a live Kite session costs the server beyond the simulated feed (target: under 5 % of one
 * core).
 *
 * The production build runs twice for the same length of market time from the same instant: once on the
 * simulator (MARKET_FEED=sim) and once on the local Kite double (MARKET_FEED=kite), logged in through the
 * command line (`node apps/server/dist/admin.js broker token …`), streaming the three underlyings and the
 * option contracts the engine watches (the strikes next to each price, calls and puts: about 20) in full
 * mode at the double's pace (one message a second per connection, a packet for every instrument that
 * changed, as Kite sends them). The double runs in its own process, so its CPU is not counted. The server's
 * CPU is read from /proc (user + system) over the measured window, after a warm-up that covers the start-up
 * history. Run with `npm run bench:kite-session -w bench` after `npm run build`; BENCH_SECONDS sets the
 * window (60).
 */
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { createVerdicts } from "./support/report";

const ROOT = path.resolve(import.meta.dirname, "..");
const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const WARMUP_S = 20;
const TARGET_EXTRA_PERCENT = 5;
const DOUBLE_PORT = 4475;
const SERVER_PORT = 4476;
const START = "2026-11-25T10:00:00+05:30";
const API = { KITE_API_KEY: "kalpa_bench", KITE_API_SECRET: "kalpa_bench_secret" };
const CLOCK_TICKS = 100; // USER_HZ on Linux

console.log(
  `load average before: ${loadavg()
    .map((l) => l.toFixed(2))
    .join(" ")}`,
);
const serverEntry = path.join(ROOT, "apps/server/dist/server.js");
if (!existsSync(serverEntry)) throw new Error("Build first: npm run build");

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function cpuSeconds(pid: number): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
}

async function waitFor(what: string, check: () => Promise<boolean>, ms = 60_000) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return;
    await sleep(250);
  }
  throw new Error(`timed out waiting for ${what}`);
}

function stop(child: ChildProcess) {
  return new Promise<void>((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once("exit", () => resolve());
    child.kill("SIGTERM");
  });
}

const double = spawn(
  process.execPath,
  [
    "--import",
    "tsx",
    path.join(ROOT, "tools/kite-double/src/main.ts"),
    `--port=${DOUBLE_PORT}`,
    `--api-key=${API.KITE_API_KEY}`,
    `--api-secret=${API.KITE_API_SECRET}`,
    `--clock-start=${START}`,
  ],
  { cwd: ROOT, stdio: ["ignore", "ignore", "inherit"] },
);
const doubleRoot = `http://127.0.0.1:${DOUBLE_PORT}`;
await waitFor("the double", async () => (await fetch(`${doubleRoot}/__double/state`)).ok);
const doubleNow = async () =>
  ((await (await fetch(`${doubleRoot}/__double/state`)).json()) as { clock: { now: string } }).clock
    .now;

interface Run {
  feed: string;
  cpuPercent: number;
  options?: number;
}

async function measure(feed: "sim" | "kite"): Promise<Run> {
  const dataDir = await mkdtemp(path.join(tmpdir(), "kalpa-bench-kite-"));
  const env = {
    PATH: process.env.PATH ?? "",
    PORT: String(SERVER_PORT),
    DATA_DIR: dataDir,
    LOG_LEVEL: "warn",
    SEED_DEMO: "false",
    MARKET_FEED: feed,
    SIM_CLOCK_START: await doubleNow(),
    KITE_ROOT: doubleRoot,
    KITE_WS_ROOT: `ws://127.0.0.1:${DOUBLE_PORT}/`,
    KITE_LOGIN_URL: `${doubleRoot}/connect/login`,
    ...API,
  };
  if (feed === "kite") {
    // The operator's daily login, from the command line, before the server starts.
    const authorize = new URL("/connect/authorize", doubleRoot);
    authorize.searchParams.set("api_key", API.KITE_API_KEY);
    authorize.searchParams.set("action", "login");
    const back = await fetch(authorize, { redirect: "manual" });
    const token = new URL(back.headers.get("location") ?? "").searchParams.get("request_token");
    const admin = spawn(
      process.execPath,
      [path.join(ROOT, "apps/server/dist/admin.js"), "broker", "token", token ?? ""],
      { env, stdio: ["ignore", "ignore", "inherit"] },
    );
    const code = await new Promise((resolve) => admin.once("exit", resolve));
    if (code !== 0) throw new Error("the command-line login failed");
  }
  const server = spawn(process.execPath, [serverEntry], {
    env,
    stdio: ["ignore", "ignore", "inherit"],
  });
  const url = `http://127.0.0.1:${SERVER_PORT}`;
  try {
    await waitFor("the server's prices", async () => {
      const overview = (await (await fetch(`${url}/api/market/snapshots`)).json()) as {
        data: { snapshots: Array<{ ltp: number }>; feed: { staleSince?: number | null } };
      };
      return overview.data.snapshots.every((s) => s.ltp > 0) && !overview.data.feed.staleSince;
    });
    await sleep(WARMUP_S * 1000);
    const before = await cpuSeconds(server.pid as number);
    const startedAt = performance.now();
    await sleep(SECONDS * 1000);
    const used = (await cpuSeconds(server.pid as number)) - before;
    const wall = (performance.now() - startedAt) / 1000;
    let options: number | undefined;
    if (feed === "kite") {
      const state = (await (await fetch(`${doubleRoot}/__double/state`)).json()) as {
        connections: Array<{ subscriptions: Array<{ token: number; mode: string }> }>;
      };
      const subscriptions = state.connections.flatMap((c) => c.subscriptions);
      options = subscriptions.filter((s) => (s.token & 0xff) !== 9 && s.mode === "full").length - 1;
    }
    return { feed, cpuPercent: (used / wall) * 100, ...(options === undefined ? {} : { options }) };
  } finally {
    await stop(server);
    await rm(dataDir, { recursive: true, force: true });
  }
}

try {
  const sim = await measure("sim");
  const kite = await measure("kite");
  const extra = kite.cpuPercent - sim.cpuPercent;
  console.table([
    { feed: "simulator (reference)", "server CPU % of one core": sim.cpuPercent.toFixed(2) },
    {
      feed: `Kite double: 3 underlyings + ${kite.options ?? "?"} options, full mode`,
      "server CPU % of one core": kite.cpuPercent.toFixed(2),
    },
  ]);
  const verdicts = createVerdicts();
  verdicts.check(
    `a Kite session costs ${extra.toFixed(2)} % of one core beyond the simulator over ${SECONDS} s (target < ${TARGET_EXTRA_PERCENT} %)`,
    extra < TARGET_EXTRA_PERCENT,
  );
  verdicts.print();
} finally {
  await stop(double);
}
