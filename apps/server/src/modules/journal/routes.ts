/**
 * The public journal and its ledger (spec section 7 `/api/paper/history`). Public like the page;
 * each read is rate-limited per client address. A bad model or days is a 400 with PAPER_MESSAGES.
 *
 * - GET /api/paper/history?model&days: day groups, newest first (closed trades only).
 * - GET /api/paper/stats?model&days: the track record of the same trades; with a research-analyst profile
 *   whose past performance PaRRVA has not verified, for signed-in users only (401 otherwise).
 * - GET /api/paper/analytics?model&days: the same trades analysed (R, drawdown, streaks, by hour and
 *   weekday; decision 035), gated like the track record.
 * - GET /api/paper/history.csv?model&days: the same trades as a CSV attachment.
 *
 * While a first start writes the demo journal, each answers 503 STARTING with Retry-After (decision 019).
 */
import {
  PAPER_CSV_PATH,
  PaperFollowingQuerySchema,
  PaperQuerySchema,
  paperAnalyticsEndpoint,
  paperFollowingAnalyticsEndpoint,
  paperHistoryEndpoint,
  paperStatsEndpoint,
} from "@kalpa/contracts/api/paper";
import { successEnvelope } from "@kalpa/contracts/envelope";
import { ACCESS_KEYS, type AccessKey, MODEL_IDS } from "@kalpa/contracts/names";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { StartUp } from "../../engine/start-up";
import { keptSuccess } from "../../lib/kept-answers";
import { accessKeyOfModel } from "../access/rules";
import { authOf } from "../auth/require-user";
import { journalCsv } from "./csv";
import type { JournalService } from "./service";

/**
 * Per client address, for what is worked out afresh on each request (the CSV): generous for a
 * person, a brake on a script. The day groups and the track record are not limited: they are kept and
 * answered from memory (decision 021), so thousands of phones behind one carrier's address all get answers.
 */
const PUBLIC_READ_LIMIT = { rateLimit: { max: 120, timeWindow: "1 minute" } } as const;

/** "BankNifty:KalpaVruksha" → "banknifty-kalpavruksha". */
function modelSlug(model: string): string {
  return model.toLowerCase().replace(/[^a-z0-9]+/g, "-");
}

export const journalRoutes: FastifyPluginAsyncZod<{
  journal: JournalService;
  /** A first start's readiness: while the demo journal is written, every route here answers 503 STARTING. */
  startUp?: Pick<StartUp, "assertReady">;
  /** Whether visitors who are not signed in may read the track record; none: always. */
  statsArePublic?: (() => Promise<boolean>) | undefined;
  /** The instruments a user has open access to now (the models they follow). */
  openInstruments?: (userId: number) => Promise<readonly AccessKey[]>;
}> = async (app, opts) => {
  const { journal, startUp, statsArePublic } = opts;
  // After the rate limit and the query's validation: a bad request is still a 400.
  if (startUp) app.addHook("preHandler", async () => startUp.assertReady("journal"));

  app.get(
    paperHistoryEndpoint.path,
    {
      schema: {
        tags: ["journal"],
        summary: "A model's closed paper trades by Asia/Kolkata day of exit, newest day first",
        querystring: PaperQuerySchema,
        response: { 200: successEnvelope(paperHistoryEndpoint.response) },
      },
    },
    async (request) => keptSuccess(await journal.history(request.query)),
  );

  app.get(
    paperStatsEndpoint.path,
    {
      schema: {
        tags: ["journal"],
        summary: "The track record of the same trades: net of charges, with the equity curve",
        querystring: PaperQuerySchema,
        response: { 200: successEnvelope(paperStatsEndpoint.response) },
      },
    },
    async (request) => {
      if (statsArePublic && !(await statsArePublic())) await app.authenticate(request);
      return keptSuccess(await journal.stats(request.query));
    },
  );

  app.get(
    paperAnalyticsEndpoint.path,
    {
      schema: {
        tags: ["journal"],
        summary:
          "The same trades analysed: R-multiples, expectancy, win rate with its interval, drawdown, streaks",
        querystring: PaperQuerySchema,
        response: { 200: successEnvelope(paperAnalyticsEndpoint.response) },
      },
    },
    async (request) => {
      if (statsArePublic && !(await statsArePublic())) await app.authenticate(request);
      return keptSuccess(await journal.analytics(request.query));
    },
  );

  app.get(
    paperFollowingAnalyticsEndpoint.path,
    {
      onRequest: app.requireUser,
      schema: {
        tags: ["journal"],
        summary:
          "The signed-in user's own view: the analysis of the trades of every model they follow, together",
        querystring: PaperFollowingQuerySchema,
        response: { 200: successEnvelope(paperFollowingAnalyticsEndpoint.response) },
      },
    },
    async (request) => {
      const { user } = authOf(request);
      const open = (await opts.openInstruments?.(user.id)) ?? [];
      const models = MODEL_IDS.filter(
        (model) =>
          ACCESS_KEYS.includes(accessKeyOfModel(model)) && open.includes(accessKeyOfModel(model)),
      );
      return {
        success: true as const,
        data: await journal.followingAnalytics(models, Number(request.query.days)),
      };
    },
  );

  app.get(
    PAPER_CSV_PATH,
    {
      config: PUBLIC_READ_LIMIT,
      schema: {
        tags: ["journal"],
        summary: "The same trades as a CSV attachment, oldest first",
        querystring: PaperQuerySchema,
        response: { 200: z.string() },
      },
    },
    async (request, reply) => {
      const { span, trades } = await journal.trades(request.query);
      const name = `kalpa-journal-${modelSlug(request.query.model)}-${request.query.days}d-${span.today}.csv`;
      return reply
        .type("text/csv; charset=utf-8")
        .header("content-disposition", `attachment; filename="${name}"`)
        .send(journalCsv(trades));
    },
  );
};
