/**
 * The reads every screen makes, as a client makes them (issue 21): 50 connections on the production build
 * with the market engine running, each endpoint beside a bare Fastify hello-world measured in the same run
 * (this machine's speed drifts, so a figure is only read against its reference). Signed in as the demo
 * trader (every instrument, the risk disclosure accepted). Set DATABASE_URL and REDIS_URL to measure on
 * PostgreSQL and Redis.
 *
 * Targets: on PostgreSQL at least 50 % of the bare Fastify's requests a second with p99 under 20 ms; on the
 * embedded database at least 5,000 requests a second with p99 under 50 ms; no refusals (one address, 50
 * connections: public reads are cached, signed-in reads limited per user). The engine's event-loop lag
 * under the load is printed from its own report (GET /api/health's `engine`, when the server gives it).
 */
import autocannon from "autocannon";
import { startBareFastify } from "./support/reference";
import { createVerdicts, databaseEnv } from "./support/report";
import { startServer } from "./support/server";

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

const { env, onPostgres } = databaseEnv();
const verdicts = createVerdicts();
const bare = await startBareFastify(Number(process.env.BENCH_BARE_PORT ?? 3290));
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
try {
  const login = await fetch(`${server.url}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: server.url },
    body: JSON.stringify({ username: "trader", password: "Trader@1234" }),
  });
  if (!login.ok) throw new Error(`the trader's sign-in failed with ${login.status}`);
  const cookie = login.headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .join("; ");

  // Warm both up (JIT, caches) before anything is measured.
  await autocannon({ url: bare.url, connections: CONNECTIONS, duration: 2 });
  for (const path of ENDPOINTS) {
    const reference = await load(bare.url);
    // As a browser asks: with its cookie, and accepting compressed answers.
    const measured = await load(`${server.url}${path}`, {
      cookie,
      "accept-encoding": "gzip, deflate, br, zstd",
    });
    // The engine's step lateness over the last ten seconds, read as the load ends.
    const health = (await fetch(`${server.url}/api/health`).then((res) => res.json())) as {
      data?: { engine?: { lagMs?: { p99: number; max: number } } };
    };
    const lag = health.data?.engine?.lagMs;
    const share = measured.rps / reference.rps;
    rows.push({
      endpoint: `GET ${path.split("?")[0]}`,
      "req/s": measured.rps,
      "bare req/s": reference.rps,
      "% of bare": Number((share * 100).toFixed(1)),
      "p50 ms": measured.p50,
      "p99 ms": measured.p99,
      refused: measured.non2xx,
      errors: measured.errors,
      "engine lag p99/max ms": lag ? `${lag.p99} / ${lag.max}` : "-",
    });
    const name = `GET ${path.split("?")[0]}`;
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
  await bare.stop();
}

console.log(
  `\nKalpa reads: ${CONNECTIONS} connections, ${DURATION_S} s each, production build, engine running, ` +
    `signed in as the trader, ${onPostgres ? "PostgreSQL + Redis" : "embedded database (PGlite)"}; ` +
    "each beside a bare Fastify measured just before it",
);
console.table(rows);
verdicts.print();
