/**
 * Market data: the stored bars and the market state as HTTP answers (the overview, history) and socket
 * streams (snapshots on get-snapshots, then prices and statuses). Every process follows the engine's market
 * state from whichever process runs it; the engine publishes through `createBroadcast`.
 */

import { publicPriceDelayOf } from "../../engine/market-state";
import type { HttpApp } from "../../kernel/http";
import type { Kernel } from "../../kernel/kernel";
import type { AccessReader } from "../access/service";
import { attachMarketSockets, createMarketBroadcast, followMarketState } from "./broadcast";
import { createMarketRepository } from "./repository";
import { marketRoutes } from "./routes";

export async function registerMarket(
  app: HttpApp,
  kernel: Kernel,
  deps: {
    /** Who sees an instrument's prices live on a broker's feed: its instrument rooms' users (decision 034). */
    access: { reader: Pick<AccessReader, "roomKeys"> };
  },
) {
  const { io, log, market: state } = kernel;
  const repository = createMarketRepository(kernel.db);
  const delay = publicPriceDelayOf(kernel.config.market);
  attachMarketSockets(io, state, log, { delay });
  kernel.onClose("market", followMarketState(io, state, log));
  await app.register(marketRoutes, {
    state,
    repository,
    delay,
    liveKeysOf: async (userId) => (await deps.access.reader.roomKeys([userId])).get(userId) ?? [],
  });
  return {
    repository,
    /** The engine's publisher (the engine's process only); dispose it when the engine stops. */
    createBroadcast: () => createMarketBroadcast(io, state, { clustered: kernel.clustered, delay }),
  };
}

export type MarketModule = Awaited<ReturnType<typeof registerMarket>>;
