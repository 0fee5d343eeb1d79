/**
 * Signals: the engine's committed transitions, GET /api/signals/* and the operator's signal controls. The
 * repository handed out here is the one the engine commits through: after each commit the current signals'
 * kept answers forget (in every process), then each `onCommit` listener runs (the alert queue wakes), and
 * only then does the engine publish the event. Sockets that may have missed transitions while Redis was
 * away are sent the current signals again when it returns.
 */
import { MODEL_IDS } from "@kalpa/contracts/names";
import { dayKeyOf } from "@kalpa/market/time/day-key";
import type { HttpApp } from "../../kernel/http";
import type { Kernel } from "../../kernel/kernel";
import type { AccessReader } from "../access/service";
import type { MarketRepository } from "../market/repository";
import { createSignalBroadcast, resendCurrentSignals } from "./broadcast";
import { createOptionChainService, optionChainRoutes, startOptionChainBroadcast } from "./chain";
import { createSignalControl } from "./control";
import { createCurrentSignals, SIGNALS_CACHE_TTL_MS } from "./current";
import { createIvHistoryRepository } from "./iv-history";
import { createSignalRepository, type SignalRepository } from "./repository";
import { signalRoutes } from "./routes";

export async function registerSignals(
  app: HttpApp,
  kernel: Kernel,
  deps: { access: { reader: AccessReader }; market: { repository: MarketRepository } },
) {
  const { db, clock, io, log, redis } = kernel;
  const store = createSignalRepository(db);
  const current = createCurrentSignals({
    repository: store,
    ttlMs: SIGNALS_CACHE_TTL_MS,
    peers: redis ? io : undefined,
  });
  const listeners: Array<() => void> = [];
  const repository: SignalRepository = {
    ...store,
    async record(records) {
      const committed = await store.record(records);
      if (records.length === 0) return committed;
      current.forget();
      for (const listener of listeners) listener();
      return committed;
    },
  };
  redis?.onReturn(() => {
    const day = dayKeyOf(kernel.marketNow());
    store
      .latestPerModel(MODEL_IDS, day)
      .then(async (latest) => {
        const timings = await store.timings(latest.map((signal) => signal.id));
        resendCurrentSignals(io, latest, timings);
      })
      .catch((error: unknown) =>
        log.warn({ err: error }, "could not send the current signals again after Redis returned"),
      );
  });
  const control = createSignalControl(io, { clustered: kernel.clustered });
  await app.register(signalRoutes, {
    db,
    clock,
    reader: deps.access.reader,
    repository,
    current,
    control,
    marketNow: kernel.marketNow,
    market: deps.market.repository,
  });
  // The option chain beside a live signal (decision 036) with its IV's daily record (decision 038).
  const ivHistory = createIvHistoryRepository(db);
  const chain = createOptionChainService({
    ivHistory: ivHistory.between,
    state: kernel.market,
    current,
    marketNow: kernel.marketNow,
    feed: kernel.config.market.feed,
    spreadTicks: kernel.config.market.slippageTicks,
  });
  await app.register(optionChainRoutes, { chain });
  kernel.onClose("market", startOptionChainBroadcast(io, chain, log));
  return {
    /** The repository the engine commits through (see above). */
    repository,
    control,
    /** The option chain: the engine's process hands it the engine's quotes of option contracts. */
    chain,
    /** The daily at-the-money IV record (the engine's process writes it at each session's close). */
    ivHistory,
    /** Runs after each commit of one or more transitions, before the engine publishes them. */
    onCommit(listener: () => void) {
      listeners.push(listener);
    },
    /** The engine's publisher (the engine's process only); dispose it when the engine stops. */
    createBroadcast: () => createSignalBroadcast(io),
  };
}

export type SignalsModule = Awaited<ReturnType<typeof registerSignals>>;
