/**
 * Alerts delivery: a new signal to 10,000 subscribers who chose it on Web Push and on Telegram
 * (20,000 messages), from the signal's commit to each message's arrival at the local push service double
 * and the Telegram Bot API double. Run with `npm run bench:alerts -w bench`; ALERTS_SUBSCRIBERS=N changes
 * the audience, BENCH_PORT the server's port (4640), DATABASE_URL measures on PostgreSQL (a throwaway
 * database on that server), ALERTS_CPU_PROF=<dir> has the server write a CPU profile there.
 *
 * Target: p99 of commit → arrival over both channels' messages within 1.5 times the bare reference's p99
 * measured in the same run (this machine's speed drifts; the reference is what it allows without the
 * queue). The bench exits 1 when it is missed, or when any message is missing, repeated or wrong.
 *
 * Design:
 * - The doubles run in processes of their own (support/alerts-doubles.ts), as the real services would
 *   have machines of their own, and the server is support/alerts-server.ts: the real app from buildApp in
 *   its own process, seeded in bulk with the subscribers (an account, a live session, open access to
 *   BankNifty, the risk disclosure accepted, one browser's push subscription made by the push double as a
 *   browser would, a linked Telegram chat, and preferences choosing new BankNifty signals on push and
 *   Telegram).
 * - The Telegram sender is left unpaced (TELEGRAM_MESSAGES_PER_SECOND=100000): the double, like this
 *   bench, is about our own cost; real Telegram's limit is a matter of minutes (decision 024).
 * - Warm-up: the bench waits for the server to be idle after seeding (a server that has been running has
 *   prepared each subscribed browser's next keys, alerts/channels/push/workers.ts), then a Nifty signal goes to 100 other
 *   subscribers (its connections open and its code compiled); then the doubles forget it.
 * - The measured signal is committed in the server's process through the repository the engine commits
 *   with, which wakes the delivery loop there, as in production. Every process reads CLOCK_MONOTONIC
 *   (support/fanout-protocol.ts), so arrival − commit subtracts across processes.
 * - Reference, in the same run: what the doubles and this machine allow without our queue. The same
 *   number of push messages, encrypted beforehand for the same subscriptions with one VAPID header (the
 *   same size and headers), and sendMessage calls with the same text, POSTed bare through keep-alive
 *   node:http agents with the senders' concurrency (push 64, Telegram 30 at once), both channels at once,
 *   from this process; timed from the first request to each arrival.
 * - Afterwards every push is decrypted by the push double with the browser's private key and compared
 *   with the signal's payload, every chat is checked for exactly one message with the signal's text, and
 *   the queue's rows are counted (all sent, none retried or failed).
 */
import { type ChildProcess, execFileSync, fork } from "node:child_process";
import http from "node:http";
import { loadavg } from "node:os";
import path from "node:path";
import webpush from "web-push";
import { generateVapidKeys } from "../apps/server/src/modules/alerts/channels/push/vapid";
import { PUSH_CONCURRENCY } from "../apps/server/src/modules/alerts/channels/push/workers";
import { TELEGRAM_CONCURRENCY } from "../apps/server/src/modules/alerts/channels/telegram/telegram";
import { type DoublesCommand, type DoublesMessage, TELEGRAM_BOT } from "./support/alerts-protocol";
import type { AlertsServerCommand, AlertsServerMessage } from "./support/alerts-server";
import { ask, cpuMs, cpuMsOfProcessesNamed } from "./support/children";
import { now } from "./support/fanout-protocol";
import { createVerdicts, quantile } from "./support/report";

/** Kalpa's p99 over the reference's, at most. */
const TARGET_RATIO = 1.5;
const SUBSCRIBERS = Number(process.env.ALERTS_SUBSCRIBERS ?? 10_000);
const WARMUP_SUBSCRIBERS = 100;
const PORT = Number(process.env.BENCH_PORT ?? 4640);
/** How long to wait for every message before calling it missing. */
const WAIT_MS = 120_000;
/** Chat ids: the measured subscribers' from here, the warm-up's from the second. */
const CHATS_FROM = 1_000_001;
const WARMUP_CHATS_FROM = 2_000_001;

const HERE = import.meta.dirname;

/** Runs `count` jobs, `concurrency` at a time. */
async function inParallel(count: number, concurrency: number, job: (i: number) => Promise<void>) {
  let next = 0;
  const worker = async () => {
    while (next < count) await job(next++);
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, count) }, worker));
}

const askDouble = <T extends DoublesMessage["type"]>(
  child: ChildProcess,
  command: DoublesCommand | undefined,
  type: T,
) => ask<DoublesMessage, T>(child, command, type);
const askServer = <T extends AlertsServerMessage["type"]>(
  command: AlertsServerCommand | undefined,
  type: T,
) => ask<AlertsServerMessage, T>(server, command, type);

const children: ChildProcess[] = [];
const stopAll = () => {
  for (const child of children) if (child.exitCode === null) child.kill();
};
process.once("SIGINT", () => {
  stopAll();
  process.exit(130);
});

function forkChild(
  file: string,
  args: string[],
  env: Record<string, string> = {},
  execArgv: string[] = [],
) {
  const child = fork(path.join(HERE, file), args, {
    serialization: "advanced",
    env: { ...process.env, ...env },
    execArgv: [...process.execArgv, ...execArgv],
  });
  children.push(child);
  return child;
}

console.log(
  `load average before: ${loadavg()
    .map((l) => l.toFixed(2))
    .join(" ")}`,
);

// --- The doubles, and the browsers' subscriptions -----------------------------------------------------

const pushDouble = forkChild("support/alerts-doubles.ts", ["push"]);
const telegramDouble = forkChild("support/alerts-doubles.ts", ["telegram"]);
const [pushReady, telegramReady] = await Promise.all([
  ask<DoublesMessage, "ready">(pushDouble, undefined, "ready"),
  ask<DoublesMessage, "ready">(telegramDouble, undefined, "ready"),
]);
const { subscriptions: pushes } = await askDouble(
  pushDouble,
  { type: "subscribe", count: SUBSCRIBERS + WARMUP_SUBSCRIBERS },
  "subscribed",
);
const measuredPushes = pushes.slice(0, SUBSCRIBERS);
const chats = Array.from({ length: SUBSCRIBERS }, (_, i) => CHATS_FROM + i);
const pushTargets = measuredPushes.map((p) => p.endpoint.slice(p.endpoint.lastIndexOf("/") + 1));
const chatTargets = chats.map(String);

// --- The server ---------------------------------------------------------------------------------------

// ALERTS_CPU_PROF=<dir>: the server writes a CPU profile there as it stops (node --cpu-prof).
const profileDir = process.env.ALERTS_CPU_PROF;
const server = forkChild(
  "support/alerts-server.ts",
  [String(PORT)],
  {
    PUSH_SERVICE_HOSTS: new URL(pushReady.origin).host,
    TELEGRAM_BOT_TOKEN: TELEGRAM_BOT.token,
    TELEGRAM_API_ROOT: telegramReady.origin,
    // The double sets no rate: unpaced, the sender's own cost is what is measured (real Telegram's
    // 25 a second would make this 400 s whatever the code does).
    TELEGRAM_MESSAGES_PER_SECOND: "100000",
  },
  profileDir ? ["--cpu-prof", `--cpu-prof-dir=${profileDir}`] : [],
);
const { pid: serverPid, onPostgres } = await askServer(undefined, "ready");
const seeded = await askServer(
  {
    type: "seed",
    groups: [
      { instrument: "BankNifty", pushes: measuredPushes, chats },
      {
        instrument: "Nifty",
        pushes: pushes.slice(SUBSCRIBERS),
        chats: Array.from({ length: WARMUP_SUBSCRIBERS }, (_, i) => WARMUP_CHATS_FROM + i),
      },
    ],
  },
  "seeded",
);
console.log(
  `seeded ${seeded.users} subscribers straight into the tables in ${(seeded.ms / 1000).toFixed(1)} s`,
);

interface Arrivals {
  targets: string[];
  at: Float64Array;
}
async function collect(
  double: ChildProcess,
  count: number,
): Promise<Arrivals & { timedOut: boolean }> {
  const waited = await askDouble(double, { type: "wait", count, timeoutMs: WAIT_MS }, "waited");
  const arrivals = await askDouble(double, { type: "arrivals" }, "arrivals");
  return { ...arrivals, timedOut: waited.timedOut };
}
async function resetDoubles() {
  await Promise.all(
    [pushDouble, telegramDouble].map((double) => askDouble(double, { type: "reset" }, "done")),
  );
}

// --- Reference: bare fetch to the doubles, no queue ---------------------------------------------------

/** A payload of the signal's size (the same words as the measured signal's, for another signal id). */
const samplePayload = JSON.stringify({
  title: "BANKNIFTY · KalpaVruksha: new signal",
  body: "Buy BANKNIFTY 2026-12-29 25000 CE between 209.50 and 211.50; target 260.50, stop 180.50. Paper trade, educational research only.",
  url: "/live-trade/banknifty/kalpavruksha",
  tag: "signal:BankNifty:KalpaVruksha@fixture-1-1790000000000",
});
const sampleText = `${JSON.parse(samplePayload).title}\n\n${JSON.parse(samplePayload).body}`;

const vapid = generateVapidKeys();
const { Authorization } = webpush.getVapidHeaders(
  pushReady.origin,
  "mailto:operator@kalpa.example",
  vapid.publicKey,
  vapid.privateKey,
  "aes128gcm",
) as { Authorization: string };
// Encrypted beforehand, each for its browser: the reference times the sending only.
const prepared = measuredPushes.map((subscription) => {
  const details = webpush.generateRequestDetails(
    {
      endpoint: subscription.endpoint,
      keys: { p256dh: subscription.p256dh, auth: subscription.auth },
    },
    samplePayload,
    { TTL: 900, urgency: "high" },
  );
  return {
    endpoint: details.endpoint,
    headers: { ...(details.headers as Record<string, string | number>), Authorization },
    body: new Uint8Array(details.body as Buffer),
  };
});

/** A bare POST through a keep-alive agent (what the push sender uses); answers the status. */
function post(
  url: string,
  agent: http.Agent,
  headers: Record<string, string | number>,
  body: Uint8Array | string,
) {
  return new Promise<number>((resolve, reject) => {
    const req = http.request(url, { method: "POST", headers, agent }, (res) => {
      res.resume();
      res.on("end", () => resolve(res.statusCode ?? 0));
    });
    req.on("error", reject);
    req.end(body);
  });
}
const pushAgent = new http.Agent({ keepAlive: true, maxSockets: PUSH_CONCURRENCY });
const telegramAgent = new http.Agent({ keepAlive: true, maxSockets: TELEGRAM_CONCURRENCY });
const doublesCpu = () => ({
  push: cpuMs(pushDouble.pid as number),
  telegram: cpuMs(telegramDouble.pid as number),
});
// A server that has been running has prepared its subscribers' next keys while idle (alerts/channels/push/workers.ts):
// wait until this one is idle, so that neither the reference nor the measured signal shares the CPU with
// that work.
const idleSince = Date.now();
// The delivery loop names new browsers to the workers every 5 s (delivery.ts WARM_MS): past that first.
await new Promise((resolve) => setTimeout(resolve, 6000));
for (let before = cpuMs(serverPid); Date.now() - idleSince < 60_000; ) {
  await new Promise((resolve) => setTimeout(resolve, 500));
  const after = cpuMs(serverPid);
  if (after - before < 25) break;
  before = after;
}
console.log(`the server was idle ${((Date.now() - idleSince) / 1000).toFixed(1)} s after seeding`);
const referenceCpu0 = { client: process.cpuUsage(), ...doublesCpu() };
const referenceStart = now();
await Promise.all([
  inParallel(prepared.length, PUSH_CONCURRENCY, async (i) => {
    const request = prepared[i] as (typeof prepared)[number];
    await post(request.endpoint, pushAgent, request.headers, request.body);
  }),
  inParallel(chats.length, TELEGRAM_CONCURRENCY, async (i) => {
    const body = JSON.stringify({
      chat_id: chats[i],
      text: sampleText,
      link_preview_options: { is_disabled: true },
    });
    await post(
      `${telegramReady.origin}/bot${TELEGRAM_BOT.token}/sendMessage`,
      telegramAgent,
      { "content-type": "application/json", "content-length": Buffer.byteLength(body) },
      body,
    );
  }),
]);
pushAgent.destroy();
telegramAgent.destroy();
const [referencePush, referenceTelegram] = await Promise.all([
  collect(pushDouble, SUBSCRIBERS),
  collect(telegramDouble, SUBSCRIBERS),
]);
const referenceClientCpu = process.cpuUsage(referenceCpu0.client);
const referenceCpu = {
  client: (referenceClientCpu.user + referenceClientCpu.system) / 1000,
  push: doublesCpu().push - referenceCpu0.push,
  telegram: doublesCpu().telegram - referenceCpu0.telegram,
};
await resetDoubles();

// --- Warm-up, then the measured signal ----------------------------------------------------------------

await askServer({ type: "commit", model: "Nifty:KalpaVruksha" }, "committed");
await Promise.all([
  collect(pushDouble, WARMUP_SUBSCRIBERS),
  collect(telegramDouble, WARMUP_SUBSCRIBERS),
]);
await new Promise((resolve) => setTimeout(resolve, 1000));
await resetDoubles();

const processes = {
  server: serverPid,
  push: pushDouble.pid as number,
  telegram: telegramDouble.pid as number,
};
const cpuBefore = Object.fromEntries(Object.entries(processes).map(([k, pid]) => [k, cpuMs(pid)]));
// On PostgreSQL, the database's own processes share the two cores too (PGlite's work is the server's).
const postgresBefore = onPostgres ? cpuMsOfProcessesNamed("postgres") : 0;
const committed = await askServer({ type: "commit", model: "BankNifty:KalpaVruksha" }, "committed");
const [push, telegram] = await Promise.all([
  collect(pushDouble, SUBSCRIBERS),
  collect(telegramDouble, SUBSCRIBERS),
]);
const lastArrival = Math.max(
  push.at.reduce((a, b) => Math.max(a, b), 0),
  telegram.at.reduce((a, b) => Math.max(a, b), 0),
);
const windowMs = lastArrival - committed.committedAt;
const cpuDuring = Object.fromEntries(
  Object.entries(processes).map(([k, pid]) => [k, cpuMs(pid) - (cpuBefore[k] as number)]),
);
const postgresDuring = onPostgres ? cpuMsOfProcessesNamed("postgres") - postgresBefore : 0;

// --- Checks -------------------------------------------------------------------------------------------

const [pushCheck, telegramCheck] = await Promise.all([
  askDouble(
    pushDouble,
    { type: "verify", targets: pushTargets, text: committed.pushText },
    "verified",
  ),
  askDouble(
    telegramDouble,
    { type: "verify", targets: chatTargets, text: committed.telegramText },
    "verified",
  ),
]);
const { rows: deliveries } = await askServer({ type: "deliveries" }, "deliveries");
await askServer({ type: "stop" }, "done");
await Promise.all(
  [pushDouble, telegramDouble].map((double) => askDouble(double, { type: "stop" }, "done")),
);
// Until they have exited (a CPU profile is written as the process exits).
await Promise.all(
  children.map(
    (child) => child.exitCode !== null || new Promise((resolve) => child.once("exit", resolve)),
  ),
);

// --- Figures ------------------------------------------------------------------------------------------

const sorted = (values: Float64Array) => Float64Array.from(values).sort();
const ms = (value: number) => (Number.isFinite(value) ? Number(value.toFixed(1)) : "n/a");
function row(name: string, latencies: Float64Array) {
  const s = sorted(latencies);
  const last = quantile(s, 1);
  return {
    messages: name,
    arrived: s.length,
    "first ms": ms(quantile(s, 0)),
    "p50 ms": ms(quantile(s, 0.5)),
    "p95 ms": ms(quantile(s, 0.95)),
    "p99 ms": ms(quantile(s, 0.99)),
    "max ms": ms(last),
    "msg/s": s.length > 0 && last > 0 ? Math.round((s.length / last) * 1000) : "n/a",
  };
}
const since = (arrivals: Arrivals, t0: number) => arrivals.at.map((at) => at - t0);
const both = (a: Float64Array, b: Float64Array) => {
  const out = new Float64Array(a.length + b.length);
  out.set(a);
  out.set(b, a.length);
  return out;
};

const pushLatency = since(push, committed.committedAt);
const telegramLatency = since(telegram, committed.committedAt);
const allLatency = both(pushLatency, telegramLatency);
const refPush = since(referencePush, referenceStart);
const refTelegram = since(referenceTelegram, referenceStart);
const table = [
  row("Kalpa: push, commit → arrival", pushLatency),
  row("Kalpa: Telegram, commit → arrival", telegramLatency),
  row("Kalpa: both", allLatency),
  row("reference: bare POSTs of the pushes", refPush),
  row("reference: bare sendMessage POSTs", refTelegram),
  row("reference: both", both(refPush, refTelegram)),
];

console.log(
  `\nAlerts delivery: a new BankNifty signal to ${SUBSCRIBERS.toLocaleString("en")} subscribers, each with a browser ` +
    `subscribed to push and a linked Telegram chat (${(2 * SUBSCRIBERS).toLocaleString("en")} messages); Kalpa on ` +
    `${onPostgres ? "PostgreSQL" : "PGlite"}; the doubles in processes of their own on the same ${execFileSync(
      "nproc",
      { encoding: "utf8" },
    ).trim()} cores. Kalpa's figures are from the commit (signals.record returned; it took ` +
    `${(committed.committedAt - committed.calledAt).toFixed(1)} ms); the reference's from its first request ` +
    `(push ${PUSH_CONCURRENCY} and Telegram ${TELEGRAM_CONCURRENCY} at once, bodies encrypted beforehand). msg/s: ` +
    "arrived ÷ the last one's time.",
);
console.table(table);
const pct = (value: number) => `${((value / windowMs) * 100).toFixed(0)} %`;
console.log(
  `CPU from the commit to the last arrival (${windowMs.toFixed(0)} ms), in % of one core: server ` +
    `${pct(cpuDuring.server as number)}, push double ${pct(cpuDuring.push as number)}, Telegram double ` +
    `${pct(cpuDuring.telegram as number)}`,
);
const perMessage = (cpu: number) => `${Math.round((cpu * 1000) / (2 * SUBSCRIBERS))} µs`;
console.log(
  `CPU per message (all threads), Kalpa: server ${perMessage(cpuDuring.server as number)}, push double ` +
    `${perMessage(cpuDuring.push as number)}, Telegram double ${perMessage(cpuDuring.telegram as number)}` +
    `${onPostgres ? `, PostgreSQL ${perMessage(postgresDuring)}` : ""}; ` +
    `reference: its client ${perMessage(referenceCpu.client)}, push double ${perMessage(referenceCpu.push)}, ` +
    `Telegram double ${perMessage(referenceCpu.telegram)} (each double's figure per message of both channels)`,
);
console.log(
  `the queue afterwards: ${deliveries.map((d) => `${d.channel} ${d.status} ${d.n}`).join(", ")}`,
);

const verdicts = createVerdicts();
const p99 = quantile(sorted(allLatency), 0.99);
const referenceP99 = quantile(sorted(both(refPush, refTelegram)), 0.99);
const ratio = p99 / referenceP99;
verdicts.check(
  `commit → arrival p99 ${ms(p99)} ms over both channels, ${ratio.toFixed(2)} × the bare reference's ${ms(referenceP99)} ms (target ≤ ${TARGET_RATIO} ×)`,
  ratio <= TARGET_RATIO,
);
verdicts.check(
  `every push arrived once and decrypts to the signal's payload: ${pushCheck.good} of ${SUBSCRIBERS}` +
    ` (missing ${pushCheck.missing}, repeated ${pushCheck.repeated}, wrong ${pushCheck.wrong}, strays ${pushCheck.strays})` +
    (pushCheck.firstProblem ? `; first problem ${pushCheck.firstProblem}` : ""),
  pushCheck.good === SUBSCRIBERS && pushCheck.strays === 0 && !push.timedOut,
);
verdicts.check(
  `every chat got exactly one message with the signal's text: ${telegramCheck.good} of ${SUBSCRIBERS}` +
    ` (missing ${telegramCheck.missing}, repeated ${telegramCheck.repeated}, wrong ${telegramCheck.wrong}, strays ${telegramCheck.strays})` +
    (telegramCheck.firstProblem ? `; first problem ${telegramCheck.firstProblem}` : ""),
  telegramCheck.good === SUBSCRIBERS && telegramCheck.strays === 0 && !telegram.timedOut,
);
const sentRows = deliveries.filter((d) => d.status === "sent").reduce((n, d) => n + d.n, 0);
const otherRows = deliveries.filter((d) => d.status !== "sent").reduce((n, d) => n + d.n, 0);
verdicts.check(
  `the queue sent ${sentRows} deliveries (expected ${2 * (SUBSCRIBERS + WARMUP_SUBSCRIBERS)} with the warm-up's), ${otherRows} in other states`,
  sentRows === 2 * (SUBSCRIBERS + WARMUP_SUBSCRIBERS) && otherRows === 0,
);
verdicts.print();
stopAll();
process.exit(
  ratio <= TARGET_RATIO && pushCheck.good === SUBSCRIBERS && telegramCheck.good === SUBSCRIBERS
    ? 0
    : 1,
);
