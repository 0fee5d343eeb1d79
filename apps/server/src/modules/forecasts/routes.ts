/**
 * GET /api/forecast/{nifty|banknifty|crudeoil|xau|xag|dollarx} (spec section 7). NIFTY, BANKNIFTY and
 * CRUDEOIL need the instrument's access and the accepted risk disclosure (the access guard: 401 without a
 * session, 403 with its message otherwise); gold, silver and the dollar index are open to every visitor
 * (spec section 1). Anything else is a 404. While a first start writes the day's forecasts, 503 STARTING.
 */
import { forecastEndpoint } from "@kalpa/contracts/api/forecast";
import { successEnvelope } from "@kalpa/contracts/envelope";
import { SERVER_MESSAGES } from "@kalpa/contracts/messages";
import {
  FORECAST_SLUGS,
  type ForecastSlug,
  INSTRUMENT_SLUGS,
  type InstrumentSlug,
} from "@kalpa/contracts/names";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { StartUp } from "../../engine/start-up";
import { AppError } from "../../lib/errors";
import { keptSuccess, sendKept } from "../../lib/kept-answers";
import { accessKeyOfSlug } from "../access/rules";
import type { ForecastService } from "./service";

function isForecastSlug(value: string): value is ForecastSlug {
  return (FORECAST_SLUGS as readonly string[]).includes(value);
}

function isGated(slug: ForecastSlug): slug is InstrumentSlug {
  return (INSTRUMENT_SLUGS as readonly string[]).includes(slug);
}

export const forecastRoutes: FastifyPluginAsyncZod<{
  forecasts: ForecastService;
  /** Market time (the engine's clock). */
  now: () => number;
  /** A first start's readiness: until the day's forecasts are written, 503 STARTING (decision 019). */
  startUp?: Pick<StartUp, "assertReady">;
}> = async (app, opts) => {
  app.get(
    forecastEndpoint.path,
    {
      schema: {
        tags: ["forecasts"],
        summary:
          "Today's forecast (call and put parts), recent days with their outcomes and the hit rate",
        // Checked by hand: an unknown instrument is a 404, not a validation error.
        params: z.object({ instrument: z.string().max(40) }),
        response: { 200: successEnvelope(forecastEndpoint.response) },
      },
    },
    async (request, reply) => {
      const { instrument } = request.params;
      if (!isForecastSlug(instrument)) throw new AppError("NOT_FOUND", SERVER_MESSAGES.notFound);
      if (isGated(instrument)) {
        await app.requireInstrumentAccess(request, accessKeyOfSlug(instrument));
      }
      opts.startUp?.assertReady("forecasts");
      return sendKept(
        request,
        reply,
        keptSuccess(await opts.forecasts.read(instrument, opts.now())),
      );
    },
  );
};
