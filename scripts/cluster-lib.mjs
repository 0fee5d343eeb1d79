// The production topology on one machine (deploy/README.md), as a library: `npm run cluster`
// (scripts/cluster.mjs) and the drills (drills/) start it with `startCluster`. Server processes of the
// build on PostgreSQL and Redis, behind Debian's HAProxy with sticky sessions and health checks; one
// process runs the market engine (the advisory lock chooses it). A process that exits on its own (a crash,
// `kill -9`) is started again after a second, as systemd's Restart=always does.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import readline from "node:readline";
import pg from "pg";

const ROOT = path.resolve(import.meta.dirname, "..");
export const SERVER_ENTRY = path.join(ROOT, "apps/server/dist/server.js");
const RESTART_AFTER_MS = 1000;

/** Why the topology cannot start here (no build, no HAProxy), or undefined. */
export function missingPrerequisite() {
  if (!existsSync(SERVER_ENTRY)) return "Build first: npm run build";
  if (spawnSync("haproxy", ["-v"]).error) {
    return "HAProxy is not installed: apt-get install haproxy (Debian's package)";
  }
  return undefined;
}

/** Creates the database `url` names when it does not exist yet; answers whether it created it. */
export async function ensureDatabase(url) {
  const name = decodeURIComponent(new URL(url).pathname.slice(1));
  const admin = new URL(url);
  admin.pathname = "/postgres";
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const found = await client.query("SELECT 1 FROM pg_database WHERE datname = $1", [name]);
    if (found.rowCount !== 0) return false;
    await client.query(`CREATE DATABASE "${name.replaceAll('"', '""')}"`);
    return true;
  } finally {
    await client.end();
  }
}

/** HAProxy holds two files a connection: its connections fit this machine's open-file limit. */
function maxConnections() {
  const limits = readFileSync("/proc/self/limits", "utf8");
  const soft = /Max open files\s+(\d+)/.exec(limits)?.[1];
  return soft === undefined ? 50_000 : Math.min(50_000, Math.floor((Number(soft) - 200) / 2));
}

function exited(child) {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once("exit", resolve));
}

/**
 * Starts the topology and answers a handle: `url` (HAProxy's front), `nodes` (each with its own `url`,
 * `pid()` and `kill(signal)`), `stop()`. `onLine(name, line)` hears every line each process prints;
 * `onEvent(text)` hears the cluster's own news (a node exited, restarted). `env` is added to every node's.
 */
export async function startCluster(options) {
  const nodeCount = options.nodes ?? 2;
  const frontPort = options.frontPort ?? 8080;
  const firstPort = options.firstPort ?? 3101;
  const onLine = options.onLine ?? (() => {});
  const onEvent = options.onEvent ?? (() => {});
  const workDir = options.workDir ?? path.join(tmpdir(), `kalpa-cluster-${frontPort}`);
  // One data folder for every process, as a shared volume would be in a real deployment: the ledger's
  // published heads and the key that seals the broker's session live there.
  const dataDir = options.dataDir ?? path.join(workDir, "data");
  mkdirSync(dataDir, { recursive: true });
  const url = options.publicUrl ?? `http://127.0.0.1:${frontPort}`;
  // One simulated market clock for every process, whenever each starts or restarts (SIM_CLOCK_EPOCH).
  const clockEpoch = options.env?.SIM_CLOCK_EPOCH ?? new Date().toISOString();

  const serverLines = (rest) =>
    Array.from({ length: nodeCount }, (_, index) => {
      const name = `node${index + 1}`;
      return `    server ${name} 127.0.0.1:${rest(name, firstPort + index)}`;
    }).join("\n");
  const config = readFileSync(path.join(ROOT, "deploy/haproxy.cfg"), "utf8")
    // The global limit (its own line), not the per-node caps.
    .replace(/^(\s*)maxconn \d+$/m, `$1maxconn ${maxConnections()}`)
    .replace("{{BIND}}", `127.0.0.1:${frontPort}`)
    .replace(
      "{{API_SERVERS}}",
      serverLines((name, port) => `${port} check cookie ${name}`),
    )
    .replace(
      "{{SOCKET_SERVERS}}",
      serverLines((name, port) => `${port} cookie ${name} track api/${name}`),
    );
  const configFile = path.join(workDir, "haproxy.cfg");
  writeFileSync(configFile, config);

  let stopping = false;
  const nodes = Array.from({ length: nodeCount }, (_, index) => {
    const port = firstPort + index;
    const node = {
      name: `node${index + 1}`,
      port,
      url: `http://127.0.0.1:${port}`,
      child: undefined,
      /** How many times it was started again after exiting on its own. */
      restarts: 0,
      pid: () => node.child?.pid,
      kill: (signal = "SIGKILL") => node.child?.kill(signal),
      /** Resolves when the current process has exited. */
      exited: () => (node.child ? exited(node.child) : Promise.resolve()),
    };
    return node;
  });

  const prefixed = (stream, name) =>
    readline.createInterface({ input: stream }).on("line", (line) => onLine(name, line));

  function startNode(node) {
    const child = spawn(process.execPath, [SERVER_ENTRY], {
      env: {
        ...process.env,
        PORT: String(node.port),
        HOST: "127.0.0.1",
        PUBLIC_URL: url,
        DATABASE_URL: options.databaseUrl,
        REDIS_URL: options.redisUrl,
        DATA_DIR: dataDir,
        // HAProxy runs on this machine: its X-Forwarded-For is believed, nobody else's.
        TRUST_PROXY: "loopback",
        SIM_CLOCK_EPOCH: clockEpoch,
        // Long enough for HAProxy's checks (every 2 s, two failures) to take a stopping node out.
        SHUTDOWN_DRAIN_SECONDS: "5",
        SEED_DEMO: process.env.SEED_DEMO ?? "true",
        ...options.env,
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    node.child = child;
    prefixed(child.stdout, node.name);
    prefixed(child.stderr, node.name);
    child.on("exit", (code, signal) => {
      if (stopping || options.restart === false) return;
      onEvent(
        `${node.name} exited (${signal ?? `code ${code}`}); starting it again in ${RESTART_AFTER_MS / 1000} s`,
      );
      setTimeout(() => {
        if (stopping) return;
        node.restarts++;
        startNode(node);
      }, RESTART_AFTER_MS);
    });
  }

  for (const node of nodes) startNode(node);
  const proxy = spawn("haproxy", ["-db", "-f", configFile], { stdio: ["ignore", "pipe", "pipe"] });
  prefixed(proxy.stdout, "haproxy");
  prefixed(proxy.stderr, "haproxy");
  proxy.on("exit", (code) => {
    if (!stopping) onEvent(`haproxy exited with ${code}`);
  });

  return {
    url,
    nodes,
    dataDir,
    proxy,
    /** Stops HAProxy and every process (SIGTERM: a graceful stop), and waits for them. */
    async stop() {
      stopping = true;
      const all = [proxy, ...nodes.map((node) => node.child).filter(Boolean)];
      for (const child of all) if (child.exitCode === null) child.kill("SIGTERM");
      await Promise.all(all.map(exited));
    },
  };
}
