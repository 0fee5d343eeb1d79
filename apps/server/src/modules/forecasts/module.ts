/**
 * The daily forecasts: the service (the engine's process runs its passes) and GET /api/forecasts/*. Gold,
 * silver and the dollar index come from a simulated daily series on the market's seed (any feed). It begins
 * on SIM_ANCHOR_DAY: a replay of earlier days (or its first days' look-back) finds no bars before it.
 */
import { SIM_ANCHOR_DAY } from "@kalpa/market/sim/daily-path";
import { SimulatedMarket } from "@kalpa/market/sim/simulated-market";
import type { HttpApp } from "../../kernel/http";
import type { Kernel } from "../../kernel/kernel";
import type { MarketRepository } from "../market/repository";
import { createForecastRepository } from "./repository";
import { forecastRoutes } from "./routes";
import { createForecastService, FORECAST_CACHE_TTL_MS } from "./service";

export async function registerForecasts(
  app: HttpApp,
  kernel: Kernel,
  deps: { market: { repository: MarketRepository } },
) {
  const { config } = kernel;
  const dailySeries = new SimulatedMarket({ seed: config.market.seed });
  const forecasts = createForecastService({
    forecasts: createForecastRepository(kernel.db),
    market: deps.market.repository,
    series: (symbol, from, to) =>
      to < SIM_ANCHOR_DAY
        ? []
        : dailySeries.dailyBars(symbol, from < SIM_ANCHOR_DAY ? SIM_ANCHOR_DAY : from, to),
    log: kernel.log,
    simulated: config.market.feed !== "kite",
    cacheTtlMs: FORECAST_CACHE_TTL_MS,
  });
  await app.register(forecastRoutes, {
    forecasts,
    now: kernel.marketNow,
    startUp: kernel.startUp,
  });
  return forecasts;
}
