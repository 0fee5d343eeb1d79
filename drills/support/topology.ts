/**
 * The drills' deployment: `npm run cluster`'s topology (scripts/cluster-lib.mjs) on a private PostgreSQL
 * and a private Redis, so a drill may stop, kill and restart any part of it. Each drill gets its own ports.
 */
import { appendFileSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
// @ts-expect-error: a plain JavaScript module without type declarations (scripts/cluster-lib.mjs).
import { missingPrerequisite, startCluster } from "../../scripts/cluster-lib.mjs";
import { openClients, type WatchingClient } from "./clients";
import { waitFor } from "./drill";
import { ask } from "./http";
import { privatePostgres, privateRedis } from "./services";

export interface ClusterNode {
  name: string;
  port: number;
  url: string;
  restarts: number;
  pid(): number | undefined;
  kill(signal?: NodeJS.Signals): void;
  exited(): Promise<void>;
}

export interface Topology {
  url: string;
  nodes: ClusterNode[];
  postgres: Awaited<ReturnType<typeof privatePostgres>>;
  redis: Awaited<ReturnType<typeof privateRedis>>;
  /** The last lines the processes printed (for a drill's report when something went wrong). */
  recentLines: string[];
  /** Lines at warn level or worse, and the cluster's own news (a process exited). */
  problems: string[];
  /** Opens signed-in clients through the front; they are closed with the topology. */
  openClients(cookie: string, count: number): Promise<WatchingClient[]>;
  close(): Promise<void>;
}

interface Health {
  status: string;
  engine?: unknown;
}

export async function healthOf(url: string): Promise<Health | undefined> {
  const answer = await ask(`${url}/api/health`, { timeoutMs: 2000 });
  return answer.status === 200 ? (answer.body as { data: Health }).data : undefined;
}

/** The node running the market engine (its health reports the engine's pace), or undefined. */
export async function leaderOf(nodes: ClusterNode[]): Promise<ClusterNode | undefined> {
  for (const node of nodes) {
    if ((await healthOf(node.url))?.engine !== undefined) return node;
  }
  return undefined;
}

/**
 * Starts the topology with `nodes` processes; the ports are `base` (HAProxy), base+1... (the nodes),
 * base+50 (PostgreSQL) and base+60 (Redis). Resolves once every node is ready and one leads the engine.
 */
export async function startTopology(options: {
  base: number;
  nodes?: number;
  env?: Record<string, string>;
  log: (message: string) => void;
}): Promise<Topology> {
  const missing = missingPrerequisite();
  if (missing) throw new Error(missing);
  const workDir = mkdtempSync(path.join(tmpdir(), "kalpa-drill-"));
  const postgres = await privatePostgres(options.base + 50);
  const redis = await privateRedis(options.base + 60);
  const recentLines: string[] = [];
  const problems: string[] = [];
  const cluster = await startCluster({
    nodes: options.nodes ?? 2,
    frontPort: options.base,
    firstPort: options.base + 1,
    databaseUrl: postgres.url,
    redisUrl: redis.url,
    workDir,
    env: {
      LOG_LEVEL: "warn",
      // A drill's clients all sign in as one user.
      USER_REQUESTS_PER_SECOND: "100000",
      USER_REQUEST_BURST: "100000",
      ...options.env,
    },
    onLine: (name: string, line: string) => {
      if (process.env.DRILLS_LOG) appendFileSync(process.env.DRILLS_LOG, `${name} | ${line}\n`);
      recentLines.push(`${name} | ${line}`);
      if (recentLines.length > 200) recentLines.shift();
      if (/"level":(4|5|6)0/.test(line)) problems.push(`${name} | ${line}`);
      if (name === "haproxy" && / is (UP|DOWN)/.test(line) && !line.startsWith("["))
        options.log(`haproxy: ${line}`);
    },
    onEvent: (text: string) => {
      problems.push(`cluster | ${text}`);
      options.log(`cluster: ${text}`);
      // A process that exited: what it said last.
      const name = /^(node\d+) exited/.exec(text)?.[1];
      if (name && process.env.DRILLS_VERBOSE) {
        options.log(
          recentLines
            .filter((line) => line.startsWith(`${name} |`))
            .slice(-8)
            .join("\n"),
        );
      }
    },
  });
  const clients: WatchingClient[] = [];
  const topology: Topology = {
    url: cluster.url,
    nodes: cluster.nodes,
    postgres,
    redis,
    recentLines,
    problems,
    async openClients(cookie, count) {
      const opened = await openClients(cluster.url, cookie, count);
      clients.push(...opened);
      return opened;
    },
    async close() {
      for (const client of clients) client.close();
      await cluster.stop();
      await redis.stop();
      await postgres.remove();
      rmSync(workDir, { recursive: true, force: true });
    },
  };
  try {
    // A first start seeds a month of history before it says it is ready.
    const ready = await waitFor(
      async () => {
        const states = await Promise.all(
          cluster.nodes.map((node: ClusterNode) => healthOf(node.url)),
        );
        const allReady = states.every(
          (s: Health | undefined) => s !== undefined && s.status !== "starting",
        );
        return allReady && (await leaderOf(cluster.nodes)) && (await healthOf(cluster.url))
          ? true
          : undefined;
      },
      240_000,
      500,
    );
    if (!ready)
      throw new Error(
        `the cluster was not ready within 240 s:\n${recentLines.slice(-20).join("\n")}`,
      );
  } catch (error) {
    await topology.close();
    throw error;
  }
  return topology;
}

/**
 * Runs a drill's `body` on a topology started for it; when the body fails, prints the processes' last
 * lines; always stops everything.
 */
export async function withTopology<T>(
  options: Parameters<typeof startTopology>[0],
  body: (topology: Topology) => Promise<T>,
): Promise<T> {
  const topology = await startTopology(options);
  try {
    return await body(topology);
  } catch (error) {
    options.log(topology.recentLines.slice(-30).join("\n"));
    throw error;
  } finally {
    await topology.close();
  }
}
