// `npm run cluster`: the production topology on one machine (deploy/README.md). CLUSTER_NODES server
// processes of the build (2 by default, ports 3101 and up) on PostgreSQL and Redis, behind Debian's HAProxy
// on CLUSTER_PORT (8080) with sticky sessions and health checks; one process runs the market engine (the
// advisory lock chooses it). A process that exits on its own (a crash, `kill -9`) is started again after a
// second, as systemd's Restart=always does (deploy/systemd/kalpa@.service). Ctrl-C stops everything.
//
// DATABASE_URL (default postgres://postgres@127.0.0.1:5432/kalpa_cluster, created if missing) and REDIS_URL
// (default redis://127.0.0.1:6379) say where the data lives. Every process's log is printed, prefixed with
// its name. Build first: `npm run build`.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import readline from "node:readline";
import pg from "pg";

const ROOT = path.resolve(import.meta.dirname, "..");
const NODES = Number(process.env.CLUSTER_NODES ?? 2);
const FRONT_PORT = Number(process.env.CLUSTER_PORT ?? 8080);
const FIRST_NODE_PORT = Number(process.env.CLUSTER_FIRST_PORT ?? 3101);
const DATABASE_URL = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/kalpa_cluster";
const REDIS_URL = process.env.REDIS_URL ?? "redis://127.0.0.1:6379";
const RESTART_AFTER_MS = 1000;
const ENTRY = path.join(ROOT, "apps/server/dist/server.js");

function fail(message) {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

if (!existsSync(ENTRY)) fail("Build first: npm run build");
if (spawnSync("haproxy", ["-v"]).error) {
  fail("HAProxy is not installed: apt-get install haproxy (Debian's package)");
}

/** Creates the database DATABASE_URL names when it does not exist yet. */
async function ensureDatabase(url) {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.slice(1));
  const admin = new URL(url);
  admin.pathname = "/postgres";
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const found = await client.query("SELECT 1 FROM pg_database WHERE datname = $1", [name]);
    if (found.rowCount === 0) {
      await client.query(`CREATE DATABASE "${name.replaceAll('"', '""')}"`);
      console.log(`cluster: created database ${name}`);
    }
  } finally {
    await client.end();
  }
}

/** Prints a child's output line by line, prefixed with its name. */
function prefixed(stream, name) {
  readline
    .createInterface({ input: stream })
    .on("line", (line) => console.log(`${name} | ${line}`));
}

await ensureDatabase(DATABASE_URL).catch((error) =>
  fail(`cluster: cannot reach PostgreSQL at ${DATABASE_URL}: ${error.message}`),
);

const workDir = path.join(tmpdir(), `kalpa-cluster-${FRONT_PORT}`);
mkdirSync(workDir, { recursive: true });
const nodes = Array.from({ length: NODES }, (_, index) => ({
  name: `node${index + 1}`,
  port: FIRST_NODE_PORT + index,
}));
/** HAProxy holds two files a connection: its connections fit this machine's open-file limit. */
function maxConnections() {
  const limits = readFileSync("/proc/self/limits", "utf8");
  const soft = /Max open files\s+(\d+)/.exec(limits)?.[1];
  return soft === undefined ? 50_000 : Math.min(50_000, Math.floor((Number(soft) - 200) / 2));
}

const config = readFileSync(path.join(ROOT, "deploy/haproxy.cfg"), "utf8")
  .replace(/maxconn \d+/, `maxconn ${maxConnections()}`)
  .replace("{{BIND}}", `127.0.0.1:${FRONT_PORT}`)
  .replace(
    "{{SERVERS}}",
    nodes
      .map((node) => `    server ${node.name} 127.0.0.1:${node.port} check cookie ${node.name}`)
      .join("\n"),
  );
const configFile = path.join(workDir, "haproxy.cfg");
writeFileSync(configFile, config);

const publicUrl = process.env.PUBLIC_URL ?? `http://127.0.0.1:${FRONT_PORT}`;
// One simulated market clock for every process, whenever each starts or restarts (README: SIM_CLOCK_EPOCH).
const clockEpoch = process.env.SIM_CLOCK_EPOCH ?? new Date().toISOString();
let stopping = false;
const children = new Map();

function startNode(node) {
  const child = spawn(process.execPath, [ENTRY], {
    env: {
      ...process.env,
      PORT: String(node.port),
      HOST: "127.0.0.1",
      PUBLIC_URL: publicUrl,
      DATABASE_URL,
      REDIS_URL,
      DATA_DIR: path.join(workDir, node.name),
      // HAProxy runs on this machine: its X-Forwarded-For is believed, nobody else's.
      TRUST_PROXY: "loopback",
      SIM_CLOCK_EPOCH: clockEpoch,
      SEED_DEMO: process.env.SEED_DEMO ?? "true",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.set(node.name, child);
  prefixed(child.stdout, node.name);
  prefixed(child.stderr, node.name);
  child.on("exit", (code, signal) => {
    if (stopping) return;
    console.log(
      `cluster: ${node.name} exited (${signal ?? `code ${code}`}); starting it again in ${RESTART_AFTER_MS / 1000} s`,
    );
    setTimeout(() => {
      if (!stopping) startNode(node);
    }, RESTART_AFTER_MS);
  });
}

for (const node of nodes) startNode(node);
const proxy = spawn("haproxy", ["-db", "-f", configFile], { stdio: ["ignore", "pipe", "pipe"] });
prefixed(proxy.stdout, "haproxy");
prefixed(proxy.stderr, "haproxy");
proxy.on("exit", (code) => {
  if (!stopping) {
    console.log(`cluster: haproxy exited with ${code}`);
    stop();
  }
});
console.log(
  `cluster: ${NODES} nodes (${nodes.map((node) => `${node.name} :${node.port}`).join(", ")}) behind ` +
    `HAProxy at ${publicUrl}, on ${DATABASE_URL.replace(/\/\/[^@]*@/, "//")} and ${REDIS_URL}`,
);

function stop() {
  if (stopping) return;
  stopping = true;
  proxy.kill("SIGTERM");
  for (const child of children.values()) if (child.exitCode === null) child.kill("SIGTERM");
}
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
