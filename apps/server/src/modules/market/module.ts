/**
 * Market data: the stored bars and the market state as HTTP answers (the overview, history) and socket
 * streams (snapshots on get-snapshots, then prices and statuses). Every process follows the engine's market
 * state from whichever process runs it; the engine publishes through `createBroadcast`.
 */
import type { HttpApp } from "../../kernel/http";
import type { Kernel } from "../../kernel/kernel";
import { attachMarketSockets, createMarketBroadcast, followMarketState } from "./broadcast";
import { createMarketRepository } from "./repository";
import { marketRoutes } from "./routes";

export async function registerMarket(app: HttpApp, kernel: Kernel) {
  const { io, log, market: state } = kernel;
  const repository = createMarketRepository(kernel.db);
  attachMarketSockets(io, state, log);
  kernel.onClose("market", followMarketState(io, state, log));
  await app.register(marketRoutes, { state, repository });
  return {
    repository,
    /** The engine's publisher (the engine's process only); dispose it when the engine stops. */
    createBroadcast: () => createMarketBroadcast(io, state, { clustered: kernel.clustered }),
  };
}

export type MarketModule = Awaited<ReturnType<typeof registerMarket>>;
