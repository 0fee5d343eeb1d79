/**
 * GET /api/health and /api/health/live: the database, the feed (a broker feed that is not live, an exchange
 * gone silent), Redis, the engine's lateness and a first start's readiness; and draining before a graceful
 * stop (the liveness check answers 503 while requests already here are answered as usual).
 */
import type { MarketFeedInfo } from "@kalpa/contracts/api/market";
import { EXCHANGES } from "@kalpa/contracts/names";
import type { EngineLag } from "../../engine/market-engine";
import type { HttpApp } from "../../kernel/http";
import type { Kernel } from "../../kernel/kernel";
import { VERSION } from "../../version";
import { healthRoutes } from "./routes";

export async function registerHealth(
  app: HttpApp,
  kernel: Kernel,
  deps: { engine: { lag: () => EngineLag | undefined } },
) {
  let draining = false;
  await app.register(healthRoutes, {
    database: kernel.database,
    version: VERSION,
    problems: () => [
      ...feedProblems(kernel.market.overview().feed),
      ...(kernel.redis?.problems() ?? []),
    ],
    starting: kernel.startUp.pending,
    engineLag: deps.engine.lag,
    draining: () => draining,
  });
  return {
    /** Starts draining: the liveness check answers 503 from now on. */
    drain() {
      draining = true;
    },
  };
}

const exchangeName = (id: number) =>
  Object.entries(EXCHANGES).find(([, value]) => value === id)?.[0] ?? String(id);

/** What the health check reports of the feed: a broker feed that is not live, an exchange gone silent. */
function feedProblems(feed: MarketFeedInfo): string[] {
  const problems: string[] = [];
  if (feed.kind === "broker" && feed.staleSince !== undefined && feed.staleSince !== null) {
    problems.push(
      `The broker feed is not live (last price ${new Date(feed.staleSince).toISOString()}); the operator console says why.`,
    );
  }
  if (feed.stalled.length > 0) {
    problems.push(
      `No prices during the session from ${feed.stalled.map(exchangeName).join(" and ")}.`,
    );
  }
  return problems;
}
