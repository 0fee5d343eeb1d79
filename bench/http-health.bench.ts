/**
 * HTTP throughput and latency of the foundation's endpoints on the production build, plus start-up time,
 * memory and shutdown time. Prints a table; run with `npm run bench`.
 * Targets (DESIGN: small VPS, 2 cores): /api/health p99 < 20 ms at 50 connections; RSS < 250 MiB.
 */
import autocannon from "autocannon";
import { startServer } from "./support/server";

const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = 50;

const cases = [
  { name: "GET /api/health (database ping)", path: "/api/health", headers: {} },
  { name: "GET /api/site", path: "/api/site", headers: {} },
  {
    name: "GET /policies/terms (app shell)",
    path: "/policies/terms",
    headers: { accept: "text/html" },
  },
];

const server = await startServer(Number(process.env.BENCH_PORT ?? 3199));
const rssIdle = await server.rssMiB();
const rows: Record<string, string | number>[] = [];
let rssPeak = rssIdle;
for (const c of cases) {
  const result = await autocannon({
    url: `${server.url}${c.path}`,
    headers: c.headers,
    connections: CONNECTIONS,
    duration: DURATION_S,
  });
  rssPeak = Math.max(rssPeak, await server.rssMiB());
  rows.push({
    endpoint: c.name,
    "req/s": Math.round(result.requests.average),
    "p50 ms": result.latency.p50,
    "p99 ms": result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  });
}
const stopMs = await server.stop();

console.log(
  `\nKalpa HTTP benchmark: ${CONNECTIONS} connections, ${DURATION_S} s each, production build, PGlite`,
);
console.table(rows);
console.log(`start-up to healthy: ${server.readyMs.toFixed(0)} ms (fresh embedded database)`);
console.log(
  `memory (RSS): ${rssIdle.toFixed(0)} MiB idle, ${rssPeak.toFixed(0)} MiB peak under load`,
);
console.log(`shutdown on SIGTERM: ${stopMs.toFixed(0)} ms`);
