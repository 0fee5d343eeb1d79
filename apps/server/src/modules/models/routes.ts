/**
 * The model cards (decision 028), public like the journal:
 *
 * - GET /api/models: every model's card.
 * - GET /api/models/:model: one card by its slug (MODEL_SLUGS); 404 for anything else.
 *
 * While a first start writes the demo journal, each answers 503 STARTING (decision 019): the live records
 * read the journal. With the operator's research-analyst profile whose past performance PaRRVA has not
 * verified (decision 031), a visitor who is not signed in gets each card without its figures (the backtest
 * and the live record), marked `figuresWithheld`; the rest of the card stays public.
 */

import type { ModelCard } from "@kalpa/contracts/api/models";
import { modelCardEndpoint, modelCardsEndpoint, modelOfSlug } from "@kalpa/contracts/api/models";
import { successEnvelope } from "@kalpa/contracts/envelope";
import { SERVER_MESSAGES } from "@kalpa/contracts/messages";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { StartUp } from "../../engine/start-up";
import { AppError } from "../../lib/errors";
import { keptSuccess } from "../../lib/kept-answers";
import type { ModelCardService } from "./service";

/**
 * A card without its past-performance figures, made once per kept card (and list), so the answers stay
 * kept answers whose text is written once (lib/kept-answers.ts).
 */
const strippedCards = new WeakMap<ModelCard, ModelCard>();
const strippedLists = new WeakMap<readonly ModelCard[], ModelCard[]>();
function withoutFigures(card: ModelCard): ModelCard {
  let stripped = strippedCards.get(card);
  if (!stripped) {
    stripped = { ...card, backtest: null, backtestSource: null, live: null, figuresWithheld: true };
    strippedCards.set(card, stripped);
  }
  return stripped;
}
function listWithoutFigures(list: readonly ModelCard[]): ModelCard[] {
  let stripped = strippedLists.get(list);
  if (!stripped) {
    stripped = list.map(withoutFigures);
    strippedLists.set(list, stripped);
  }
  return stripped;
}

export const modelCardRoutes: FastifyPluginAsyncZod<{
  cards: ModelCardService;
  startUp?: Pick<StartUp, "assertReady">;
  /** Whether past-performance figures may be shown to visitors who are not signed in (default: yes). */
  figuresArePublic?: (() => Promise<boolean>) | undefined;
}> = async (app, opts) => {
  const { cards, startUp, figuresArePublic } = opts;
  if (startUp) app.addHook("preHandler", async () => startUp.assertReady("journal"));

  /** Whether this request may see the figures: they are public, or it is signed in. */
  async function mayShowFigures(request: FastifyRequest): Promise<boolean> {
    if (!figuresArePublic || (await figuresArePublic())) return true;
    try {
      await app.authenticate(request);
      return true;
    } catch (error) {
      if (error instanceof AppError && error.code === "UNAUTHORIZED") return false;
      throw error;
    }
  }

  app.get(
    modelCardsEndpoint.path,
    {
      schema: {
        tags: ["models"],
        summary: "Every model's card: versions, real-history backtest and live paper record",
        response: { 200: successEnvelope(modelCardsEndpoint.response) },
      },
    },
    async (request) => {
      const list = await cards.cards();
      return keptSuccess((await mayShowFigures(request)) ? list : listWithoutFigures(list));
    },
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
      return keptSuccess((await mayShowFigures(request)) ? card : withoutFigures(card));
    },
  );
};
