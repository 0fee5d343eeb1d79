/**
 * The model cards (decision 028), public like the journal:
 *
 * - GET /api/models: every model's card.
 * - GET /api/models/:model: one card by its slug (MODEL_SLUGS); 404 for anything else.
 *
 * While a first start writes the demo journal, each answers 503 STARTING (decision 019): the live records
 * read the journal.
 */
import { modelCardEndpoint, modelCardsEndpoint, modelOfSlug } from "@kalpa/contracts/api/models";
import { successEnvelope } from "@kalpa/contracts/envelope";
import { SERVER_MESSAGES } from "@kalpa/contracts/messages";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { StartUp } from "../../engine/start-up";
import { AppError } from "../../lib/errors";
import { keptSuccess } from "../../lib/kept-answers";
import type { ModelCardService } from "./service";

export const modelCardRoutes: FastifyPluginAsyncZod<{
  cards: ModelCardService;
  startUp?: Pick<StartUp, "assertReady">;
}> = async (app, opts) => {
  const { cards, startUp } = opts;
  if (startUp) app.addHook("preHandler", async () => startUp.assertReady("journal"));

  app.get(
    modelCardsEndpoint.path,
    {
      schema: {
        tags: ["models"],
        summary: "Every model's card: versions, real-history backtest and live paper record",
        response: { 200: successEnvelope(modelCardsEndpoint.response) },
      },
    },
    async () => keptSuccess(await cards.cards()),
  );

  app.get(
    modelCardEndpoint.path,
    {
      schema: {
        tags: ["models"],
        summary: "One model's card, by its slug (banknifty-hft, nifty-kalpavruksha, ...)",
        // Checked by hand: an unknown model is a 404, not a validation error.
        params: z.object({ model: z.string().max(40) }),
        response: { 200: successEnvelope(modelCardEndpoint.response) },
      },
    },
    async (request) => {
      const model = modelOfSlug(request.params.model);
      if (!model) throw new AppError("NOT_FOUND", SERVER_MESSAGES.notFound);
      const card = (await cards.cards()).find((item) => item.model === model);
      if (!card) throw new AppError("NOT_FOUND", SERVER_MESSAGES.notFound);
      return keptSuccess(card);
    },
  );
};
