/**
 * Signals over HTTP.
 *
 * - GET /api/signals/current: the latest signal of today (market clock) of each model the user may see,
 *   so a reconnecting live screen catches up. 401 without a session. Only the models of instruments with
 *   open access are listed (BankNifty: both of its models); a user with none gets an empty list. A user
 *   with open access who has not accepted the risk disclosure gets 403 with its message.
 * - GET /api/signals/latency (public, like the model cards): each model's decision-to-send over its record
 *   (latency.ts), kept LATENCY_TTL_MS.
 * - POST /api/paper/force-eod-close (admin only): squares off every open signal now at its last price
 *   (a signal still waiting is cancelled), audited. 503 when no process runs the engine.
 * - GET /api/signals/:id/chart: the signal's option premium in 1-minute candles (generation to exit, or
 *   now), priced from the stored 1-minute bars of the underlying with the engine's own pricer, so a chart
 *   needs no stored option prices and survives a restart. 401 without a session; the instrument guard's 403
 *   for a user who may not see the model's instrument (before the lookup: existence is not told), then 404
 *   for an unknown id.
 * - GET /api/signals/:id/payoff: the signal's payoff over a range of the underlying (packages/market's
 *   options/payoff.ts) at the market clock's now, on the pricer's own inputs (the fitted surface, as the
 *   chart); the same guards and answers as the chart.
 * - GET /api/admin/signals (admin only, the console's Signals panel): every model's latest signal of today
 *   (market clock) or null, and whether the engine runs as far as this process can tell (SignalControl).
 * - POST /api/paper/signal (admin only): the operator's manual signal for one model, entering the same
 *   lifecycle (ModelRunner.manual). 400 with the field for a body out of shape, a strike far from the
 *   market or an entry zone far from the option's current premium; 409 while the model has an active
 *   signal, outside the market's hours or before the first price; 503 when no process runs the engine.
 *   201 once committed and published; 202 when the database did not answer and the signal waits in the
 *   engine's outbox (published once stored). Audited either way.
 */
import { successEnvelope } from "@kalpa/contracts/envelope";
import {
  ACCESS_MESSAGES,
  RESEARCH_ANALYST_MESSAGES,
  SERVER_MESSAGES,
} from "@kalpa/contracts/messages";
import { ACCESS_KEYS, MODEL_IDS } from "@kalpa/contracts/names";
import {
  adminSignalsEndpoint,
  currentSignalsEndpoint,
  forceEodCloseEndpoint,
  manualSignalEndpoint,
  type SignalLatency,
  signalChartEndpoint,
  signalLatencyEndpoint,
  signalPayoffEndpoint,
} from "@kalpa/contracts/signals";
import { contractLabel, optionCandles } from "@kalpa/market/options/option-candles";
import { simulatedPricer } from "@kalpa/market/options/option-pricing";
import { payoff, payoffRange } from "@kalpa/market/options/payoff";
import { dayKeyOf } from "@kalpa/market/time/day-key";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { DbExecutor } from "../../db/client";
import type { Clock } from "../../lib/clock";
import { AppError, fieldError } from "../../lib/errors";
import { keptSuccess } from "../../lib/kept-answers";
import { createTtlCache } from "../../lib/ttl-cache";
import { accessKeyOfModel, isOpen } from "../access/rules";
import { type AccessReader, termsSummaryAccepted } from "../access/service";
import { createAuditRepository } from "../audit/repository";
import { ADMIN_WRITE_LIMIT, authOf } from "../auth/require-user";
import type { MarketRepository } from "../market/repository";
import type { SignalControl } from "./control";
import type { CurrentSignalsReader } from "./current";
import { decisionToSendByModel } from "./latency";
import { type SignalRepository, toWire } from "./repository";

const tags = ["signals"];

/** GET /api/signals/latency's answer is kept this long (every model card and journal reads it). */
export const LATENCY_TTL_MS = 30_000;

export const signalRoutes: FastifyPluginAsyncZod<{
  db: DbExecutor;
  clock: Clock;
  reader: AccessReader;
  repository: SignalRepository;
  /** GET /api/signals/current's kept answers. */
  current: CurrentSignalsReader;
  control: SignalControl;
  /** The market clock's now (the engine's, or the last it sent). */
  marketNow: () => number;
  market: MarketRepository;
}> = async (app, opts) => {
  const { reader, repository, control } = opts;
  const audit = createAuditRepository(opts.db);

  app.get(
    currentSignalsEndpoint.path,
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: "The latest signal of today of each model the user may see",
        response: { 200: successEnvelope(currentSignalsEndpoint.response) },
      },
    },
    async (request) => {
      const { user } = authOf(request);
      const access = await reader.accessOfOne(user.id);
      const now = opts.clock();
      const open = ACCESS_KEYS.filter((key) => isOpen(access.states.get(key), now));
      if (open.length > 0 && !access.riskDisclosure.accepted) {
        throw new AppError("FORBIDDEN", ACCESS_MESSAGES.riskDisclosureRequired);
      }
      if (open.length > 0 && !termsSummaryAccepted(access.termsSummary)) {
        throw new AppError("FORBIDDEN", RESEARCH_ANALYST_MESSAGES.termsRequired);
      }
      const models = MODEL_IDS.filter((model) => open.includes(accessKeyOfModel(model)));
      return opts.current.read(models, dayKeyOf(opts.marketNow()));
    },
  );

  const latency = createTtlCache<"all", { success: true; data: SignalLatency }>({
    ttlMs: LATENCY_TTL_MS,
    maxEntries: 1,
  });
  app.get(
    signalLatencyEndpoint.path,
    {
      schema: {
        tags,
        summary: "Each model's decision-to-send (p50, p99) over its record",
        response: { 200: successEnvelope(signalLatencyEndpoint.response) },
      },
    },
    async () =>
      latency.get("all", async () =>
        keptSuccess({ models: decisionToSendByModel(await repository.decisionToSend()) }),
      ),
  );

  // The engine prices options with this same simulated pricer (the model runners' default).
  const pricer = simulatedPricer();
  /** A trading day holds at most 895 one-minute bars (MCX's 09:00 to 23:55 in US winter). */
  const MAX_CHART_MINUTES = 900;
  app.get(
    signalChartEndpoint.path,
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: "A signal's option premium in 1-minute candles, for the live chart",
        params: z.object({ id: z.string().min(1).max(120) }),
        response: { 200: successEnvelope(signalChartEndpoint.response) },
      },
    },
    async (request) => {
      const { id } = request.params as { id: string };
      // A signal's id starts with its model's: the instrument guard runs before the lookup, so a user who
      // may not see the instrument cannot tell whether a signal exists (nor when one fired).
      const model = MODEL_IDS.find((m) => id.startsWith(`${m}@`));
      if (!model) throw new AppError("NOT_FOUND", SERVER_MESSAGES.notFound);
      await app.requireInstrumentAccess(request, accessKeyOfModel(model));
      const signal = await repository.byId(id);
      if (!signal || signal.modelId !== model) {
        throw new AppError("NOT_FOUND", SERVER_MESSAGES.notFound);
      }
      const from = Math.floor(signal.generatedAt / 60_000) * 60_000;
      const to = signal.exitTime ?? Math.max(from, opts.marketNow());
      const bars = await opts.market.bars(signal.symbol, "1m", from, to, MAX_CHART_MINUTES);
      return {
        success: true as const,
        data: {
          id: signal.id,
          model: signal.modelId,
          contract: contractLabel(signal),
          candles: optionCandles(signal, bars, pricer),
        },
      };
    },
  );

  /** Points drawn across the payoff's range. */
  const PAYOFF_POINTS = 61;
  app.get(
    signalPayoffEndpoint.path,
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: "A signal's payoff at expiry and today over a range of the underlying",
        params: z.object({ id: z.string().min(1).max(120) }),
        response: { 200: successEnvelope(signalPayoffEndpoint.response) },
      },
    },
    async (request) => {
      const { id } = request.params as { id: string };
      // As the chart: the instrument guard before the lookup, so existence is not told.
      const model = MODEL_IDS.find((m) => id.startsWith(`${m}@`));
      if (!model) throw new AppError("NOT_FOUND", SERVER_MESSAGES.notFound);
      await app.requireInstrumentAccess(request, accessKeyOfModel(model));
      const signal = await repository.byId(id);
      if (!signal || signal.modelId !== model) {
        throw new AppError("NOT_FOUND", SERVER_MESSAGES.notFound);
      }
      const at = opts.marketNow();
      const last = await opts.market.lastBarBefore(signal.symbol, "1m", at + 1);
      const underlying = last?.close ?? signal.underlyingPrice;
      const entered = signal.entryPrice !== null;
      const premiumPaid = signal.entryPrice ?? signal.entryHigh;
      const base = {
        contract: signal,
        lotSize: signal.lotSize,
        lots: signal.lots,
        premiumPaid,
        entryLow: signal.entryLow,
        entryHigh: signal.entryHigh,
        target: signal.target,
        stopLoss: signal.stopLoss,
        underlying,
        at,
        points: PAYOFF_POINTS,
      };
      // A first pass finds the levels and the break-even; the range is drawn to hold them all.
      const first = payoff({ ...base, from: underlying * 0.97, to: underlying * 1.03 });
      const range = payoffRange(underlying, [
        signal.strike,
        first.breakEven,
        ...Object.values(first.levels),
      ]);
      const result = payoff({ ...base, ...range });
      return {
        success: true as const,
        data: {
          id: signal.id,
          model: signal.modelId,
          contract: contractLabel(signal),
          optionType: signal.optionType,
          strike: signal.strike,
          at,
          underlying,
          premiumPaid,
          premiumFrom: entered ? ("entry" as const) : ("entry-zone" as const),
          quantity: result.quantity,
          msToExpiry: result.msToExpiry,
          volatility: result.volatility,
          breakEven: result.breakEven,
          breakEvenAfterCharges: result.breakEvenAfterCharges,
          maxLoss: result.maxLoss,
          charges: result.charges,
          levels: result.levels,
          points: [...result.points],
          marks: [...result.marks],
        },
      };
    },
  );

  app.get(
    adminSignalsEndpoint.path,
    {
      onRequest: app.requireAdmin,
      schema: {
        tags,
        summary: "Admin: every model's latest signal of today, and whether the engine runs",
        response: { 200: successEnvelope(adminSignalsEndpoint.response) },
      },
    },
    async () => {
      const day = dayKeyOf(opts.marketNow());
      const latest = await repository.latestPerModel(MODEL_IDS, day);
      return {
        success: true as const,
        data: {
          day,
          engineRunning: control.engineRunning(),
          signals: MODEL_IDS.map((model) => {
            const signal = latest.find((s) => s.modelId === model);
            return { model, signal: signal ? toWire(signal) : null };
          }),
        },
      };
    },
  );

  app.post(
    forceEodCloseEndpoint.path,
    {
      onRequest: app.requireAdmin,
      schema: {
        tags,
        summary: "Admin: squares off every open signal now (waiting ones are cancelled)",
        response: { 200: successEnvelope(forceEodCloseEndpoint.response) },
      },
    },
    async (request) => {
      const { user } = authOf(request);
      const changed = await control.forceSquareOff(`admin:${user.id}`);
      if (changed === undefined) {
        throw new AppError("SERVICE_UNAVAILABLE", "The signal engine is not running.");
      }
      await audit.append({
        actor: user.username,
        action: "signals.force_eod_close",
        target: null,
        details: { changed },
        ip: request.ip,
      });
      return {
        success: true as const,
        data: { changed },
        message: `${changed} signal(s) squared off.`,
      };
    },
  );

  app.post(
    manualSignalEndpoint.path,
    {
      onRequest: app.requireAdmin,
      config: {
        rateLimit: ADMIN_WRITE_LIMIT,
      },
      schema: {
        tags,
        summary: "Admin: a manual signal for one model, in the same lifecycle as the model's own",
        body: manualSignalEndpoint.body,
        response: {
          201: successEnvelope(manualSignalEndpoint.response),
          202: successEnvelope(manualSignalEndpoint.response),
        },
      },
    },
    async (request, reply) => {
      const { user } = authOf(request);
      const manual = request.body;
      const outcome = await control.inject(manual, `admin:${user.id}`);
      if (outcome === undefined) {
        throw new AppError("SERVICE_UNAVAILABLE", "The signal engine is not running.");
      }
      if (!outcome.ok) {
        if (outcome.reason === "strike-range") throw fieldError("strike", outcome.message);
        if (outcome.reason === "zone-away" || outcome.reason === "tick") {
          throw fieldError("entryLow", outcome.message);
        }
        throw new AppError("CONFLICT", outcome.message);
      }
      await audit.append({
        actor: user.username,
        action: "signals.manual_signal",
        target: outcome.signal.id,
        details: { ...manual, stored: outcome.stored },
        ip: request.ip,
      });
      reply.code(outcome.stored ? 201 : 202);
      return {
        success: true as const,
        data: { signal: toWire(outcome.signal) },
        message: outcome.stored
          ? "Manual signal sent."
          : "Manual signal accepted: the database did not answer, so it is queued and will be sent once stored.",
      };
    },
  );
};
