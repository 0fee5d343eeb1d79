import type { FeedKind } from "@kalpa/contracts/api/market";
import { siteInfoEndpoint } from "@kalpa/contracts/api/site";
import { successEnvelope } from "@kalpa/contracts/envelope";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppConfig } from "../../config/env";

/** MARKET_FEED as the browser names it. */
const FEED_KIND_OF: Record<AppConfig["market"]["feed"], FeedKind> = {
  sim: "simulated",
  replay: "replay",
  kite: "broker",
};

/** The brand and operator contact details the browser shows (footer, contact card, messaging link). */
export const siteRoutes: FastifyPluginAsyncZod<{ config: AppConfig }> = async (app, opts) => {
  const data = {
    brandName: opts.config.brandName,
    operator: opts.config.operator,
    feed: FEED_KIND_OF[opts.config.market.feed],
  };
  app.get(
    siteInfoEndpoint.path,
    {
      schema: {
        tags: ["system"],
        summary: "Brand name, operator contact details and where prices come from",
        response: { 200: successEnvelope(siteInfoEndpoint.response) },
      },
    },
    async (_request, reply) => {
      reply.header("cache-control", "public, max-age=300");
      return { success: true as const, data };
    },
  );
};
