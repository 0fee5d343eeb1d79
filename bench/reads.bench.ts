/**
 * The reads every screen makes, as a client makes them: 50 connections on the production build
 * with the market engine running, each endpoint beside a bare Fastify hello-world measured in the same run
 * (this machine's speed drifts, so a figure is only read against its reference). Signed in as the demo
 * trader (every instrument, the risk disclosure accepted). Set DATABASE_URL and REDIS_URL to measure on
 * PostgreSQL and Redis.
 *
 * Beside the hello-world, a second reference: the same bare Fastify sending each endpoint's own answer
 * (its bytes and headers as the server sent them, captured first), so what the stack costs can be read
 * apart from what the answer's size costs a client that shares the machine's two cores.
 *
 * Targets: on PostgreSQL at least 50 % of the bare Fastify's requests a second with p99 under 20 ms; on the
 * embedded database at least 5,000 requests a second with p99 under 50 ms; no refusals (one address, 50
 * connections: public reads are cached, signed-in reads limited per user). The engine's event-loop lag
 * under the load is printed from its own report (GET /api/health's `engine`, when the server gives it).
 */
import { mkdtemp, writeFile } from "node:fs/promises";
import { get } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { startBareFastify } from "./support/reference";
import { createVerdicts, databaseEnv } from "./support/report";
import { signInTrader, startServer } from "./support/server";

const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = 50;
const ONLY = process.env.BENCH_ONLY;

const ENDPOINTS = [
  "/api/auth/me",
  "/api/subscription/status",
  "/api/subscriptions/nifty",
  "/api/signals/current",
  "/api/market/snapshots",
  "/api/paper/history?model=Nifty:KalpaVruksha&days=7",
  "/api/paper/stats?model=Nifty:KalpaVruksha&days=7",
  "/api/forecast/nifty",
  "/api/profile",
].filter((path) => !ONLY || path.includes(ONLY));

async function load(url: string, headers: Record<string, string> = {}) {
  const result = await autocannon({ url, headers, connections: CONNECTIONS, duration: DURATION_S });
  return {
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

/** Headers a server writes for itself on every answer (the bare one writes its own). */
const CONNECTION_HEADERS = new Set([
  "date",
  "connection",
  "keep-alive",
  "content-length",
  "transfer-encoding",
]);

/** One answer as the server sent it: its bytes (compressed if it was) and its headers. */
function rawAnswer(url: string, headers: Record<string, string>) {
  return new Promise<{ body: string; headers: Record<string, string> }>((resolve, reject) => {
    get(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => {
        const kept: Record<string, string> = {};
        for (const [name, value] of Object.entries(res.headers)) {
          if (!CONNECTION_HEADERS.has(name) && typeof value === "string") kept[name] = value;
        }
        resolve({ body: Buffer.concat(chunks).toString("base64"), headers: kept });
      });
    }).on("error", reject);
  });
}

const { env, onPostgres } = databaseEnv();
const verdicts = createVerdicts();
// Every connection is the one demo trader, which each user's request budget (30 a second) exists to
// slow: the bench raises it out of the way, and the budget's check stays on every signed-in request.
const server = await startServer(Number(process.env.BENCH_PORT ?? 3291), {
  SEED_DEMO: "true",
  MARKET_ENGINE: "true",
  USER_REQUESTS_PER_SECOND: "1000000",
  USER_REQUEST_BURST: "1000000",
  ...env,
});
const rows: Record<string, string | number>[] = [];
let bare: Awaited<ReturnType<typeof startBareFastify>> | undefined;
try {
  const cookie = await signInTrader(server.url);
  // As a browser asks: with its cookie, and accepting compressed answers.
  const browser = { cookie, "accept-encoding": "gzip, deflate, br, zstd" };
  // The like-for-like reference sends each endpoint's own answer, captured here.
  const answers = await Promise.all(
    ENDPOINTS.map((path) => rawAnswer(`${server.url}${path}`, browser)),
  );
  const answersFile = path.join(await mkdtemp(path.join(tmpdir(), "kalpa-reads-")), "answers.json");
  await writeFile(answersFile, JSON.stringify(answers));
  bare = await startBareFastify(Number(process.env.BENCH_BARE_PORT ?? 3290), answersFile);

  // Warm both up (JIT, caches) before anything is measured.
  await autocannon({ url: bare.url, connections: CONNECTIONS, duration: 2 });
  for (const [index, endpoint] of ENDPOINTS.entries()) {
    const reference = await load(bare.url);
    const sameAnswer = await load(`${bare.url}/answer/${index}`);
    const measured = await load(`${server.url}${endpoint}`, browser);
    // The engine's step lateness over the last ten seconds, read as the load ends.
    const health = (await fetch(`${server.url}/api/health`).then((res) => res.json())) as {
      data?: { engine?: { lagMs?: { p99: number; max: number } } };
    };
    const lag = health.data?.engine?.lagMs;
    const share = measured.rps / reference.rps;
    rows.push({
      endpoint: `GET ${endpoint.split("?")[0]}`,
      "req/s": measured.rps,
      "bare req/s": reference.rps,
      "% of bare": Number((share * 100).toFixed(1)),
      "bare, same answer": sameAnswer.rps,
      "% of that": Number(((measured.rps / sameAnswer.rps) * 100).toFixed(1)),
      "p50 ms": measured.p50,
      "p99 ms": measured.p99,
      refused: measured.non2xx,
      errors: measured.errors,
      "engine lag p99/max ms": lag ? `${lag.p99} / ${lag.max}` : "-",
    });
    const name = `GET ${endpoint.split("?")[0]}`;
    if (onPostgres) {
      verdicts.check(
        `${name}: ${(share * 100).toFixed(1)} % of bare Fastify (target ≥ 50 %)`,
        share >= 0.5,
      );
      verdicts.check(`${name}: p99 ${measured.p99} ms (target < 20)`, measured.p99 < 20);
    } else {
      verdicts.check(`${name}: ${measured.rps} req/s (target ≥ 5,000)`, measured.rps >= 5000);
      verdicts.check(`${name}: p99 ${measured.p99} ms (target < 50)`, measured.p99 < 50);
    }
    verdicts.check(
      `${name}: every answer 2xx (${measured.non2xx} refused, ${measured.errors} errors)`,
      measured.non2xx === 0 && measured.errors === 0,
    );
  }
} finally {
  await server.stop();
  await bare?.stop();
}

console.log(
  `\nKalpa reads: ${CONNECTIONS} connections, ${DURATION_S} s each, production build, engine running, ` +
    `signed in as the trader, ${onPostgres ? "PostgreSQL + Redis" : "embedded database (PGlite)"}; ` +
    "each beside a bare Fastify measured just before it",
);
console.table(rows);
verdicts.print();
