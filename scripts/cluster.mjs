// `npm run cluster`: the production topology on one machine (deploy/README.md, scripts/cluster-lib.mjs).
// CLUSTER_NODES server processes of the build (2 by default, ports 3101 and up) on PostgreSQL and Redis,
// behind Debian's HAProxy on CLUSTER_PORT (8080) with sticky sessions and health checks; one process runs
// the market engine. A process that exits on its own (a crash, `kill -9`) is started again after a second,
// as systemd's Restart=always does (deploy/systemd/kalpa@.service). Ctrl-C stops everything.
//
// DATABASE_URL (default postgres://postgres@127.0.0.1:5432/kalpa_cluster, created if missing) and REDIS_URL
// (default redis://127.0.0.1:6379) say where the data lives. Every process's log is printed, prefixed with
// its name. Build first: `npm run build`.
import { ensureDatabase, missingPrerequisite, startCluster } from "./cluster-lib.mjs";

const NODES = Number(process.env.CLUSTER_NODES ?? 2);
const DATABASE_URL = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/kalpa_cluster";
const REDIS_URL = process.env.REDIS_URL ?? "redis://127.0.0.1:6379";

function fail(message) {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

const missing = missingPrerequisite();
if (missing) fail(missing);
try {
  if (await ensureDatabase(DATABASE_URL)) console.log(`cluster: created database ${DATABASE_URL}`);
} catch (error) {
  fail(`cluster: cannot reach PostgreSQL at ${DATABASE_URL}: ${error.message}`);
}

const cluster = await startCluster({
  nodes: NODES,
  frontPort: Number(process.env.CLUSTER_PORT ?? 8080),
  firstPort: Number(process.env.CLUSTER_FIRST_PORT ?? 3101),
  databaseUrl: DATABASE_URL,
  redisUrl: REDIS_URL,
  publicUrl: process.env.PUBLIC_URL,
  onLine: (name, line) => console.log(`${name} | ${line}`),
  onEvent: (text) => console.log(`cluster: ${text}`),
});
console.log(
  `cluster: ${NODES} nodes (${cluster.nodes.map((node) => `${node.name} :${node.port}`).join(", ")}) ` +
    `behind HAProxy at ${cluster.url}, on ${DATABASE_URL.replace(/\/\/[^@]*@/, "//")} and ${REDIS_URL}`,
);

let stopping = false;
async function stop() {
  if (stopping) return;
  stopping = true;
  await cluster.stop();
  process.exit(0);
}
cluster.proxy.on("exit", () => void stop());
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
