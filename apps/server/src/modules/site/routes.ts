import type { FeedKind } from "@kalpa/contracts/api/market";
import { siteInfoEndpoint } from "@kalpa/contracts/api/site";
import { successEnvelope } from "@kalpa/contracts/envelope";
import { regularHoursOn } from "@kalpa/market/calendar/session-hours";
import { dayKeyOf } from "@kalpa/market/time/day-key";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppConfig } from "../../config/app-config";
import type { Clock } from "../../lib/clock";

/** MARKET_FEED as the browser names it. */
const FEED_KIND_OF: Record<AppConfig["market"]["feed"], FeedKind> = {
  sim: "simulated",
  replay: "replay",
  kite: "broker",
};

interface Hours {
  readonly open: string;
  readonly close: string;
}

/** The brand and operator contact details the browser shows (footer, contact card, messaging link). */
export const siteRoutes: FastifyPluginAsyncZod<{ config: AppConfig; clock: Clock }> = async (
  app,
  opts,
) => {
  const fixed = {
    brandName: opts.config.brandName,
    operator: opts.config.operator,
    feed: FEED_KIND_OF[opts.config.market.feed],
  };
  // Today's hours, worked out once a day (India date of the real clock: visitors read the footer today).
  let hours: { day: string; tradingHours: { NSE: Hours; MCX: Hours } } | undefined;
  const tradingHoursToday = () => {
    const day = dayKeyOf(opts.clock().getTime());
    if (hours?.day !== day) {
      hours = {
        day,
        tradingHours: {
          NSE: regularHoursOn("NSE", day, opts.config.market.nseClose),
          MCX: regularHoursOn("MCX", day),
        },
      };
    }
    return hours.tradingHours;
  };
  app.get(
    siteInfoEndpoint.path,
    {
      schema: {
        tags: ["system"],
        summary:
          "Brand name, operator contact details, where prices come from and today's trading hours",
        response: { 200: successEnvelope(siteInfoEndpoint.response) },
      },
    },
    async (_request, reply) => {
      reply.header("cache-control", "public, max-age=300");
      return { success: true as const, data: { ...fixed, tradingHours: tradingHoursToday() } };
    },
  );
};
