/**
 * GET /api/market/snapshots (public: the landing ticker reads it) and GET /api/market/bars (for charts).
 *
 * On a broker's feed both serve an instrument's prices live only to a signed-in user whose access to it is
 * open; anyone else gets them PUBLIC_PRICE_DELAY_MINUTES late: the snapshots as they were then, and only the
 * bars that had closed by then (public-prices.ts, decision 034).
 */
import {
  type BarsQuery,
  BarsQuerySchema,
  MAX_BARS_PER_REQUEST,
  marketBarsEndpoint,
  marketOverviewEndpoint,
} from "@kalpa/contracts/api/market";
import { ErrorEnvelopeSchema, successEnvelope } from "@kalpa/contracts/envelope";
import type { BarInterval } from "@kalpa/contracts/market";
import type { AccessKey, MarketSymbol } from "@kalpa/contracts/names";
import { aggregateBars } from "@kalpa/market/bars/aggregate-bars";
import { OPTION_UNDERLYINGS } from "@kalpa/market/instruments/option-underlyings";
import { startOfDay } from "@kalpa/market/time/day-key";
import { addDays } from "@kalpa/market/time/day-math";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { MarketState, PriceDelay } from "../../engine/market-state";
import { fieldError } from "../../lib/errors";
import { ALL_SYMBOLS, NO_SYMBOLS, overviewFor, symbolsOfKeys } from "./public-prices";
import type { MarketRepository, StoredInterval } from "./repository";

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;
/** What a bar request covers when it names no start. */
const DEFAULT_SPAN_MS: Record<BarInterval, number> = {
  "1m": DAY_MS,
  "5m": 5 * DAY_MS,
  "15m": 10 * DAY_MS,
  "1d": 365 * DAY_MS,
};
/** Each interval's length, the stored bars it is served from, and how many of those make one. */
const SOURCE: Record<BarInterval, { ms: number; interval: StoredInterval; perBar: number }> = {
  "1m": { ms: MINUTE_MS, interval: "1m", perBar: 1 },
  "5m": { ms: 5 * MINUTE_MS, interval: "1m", perBar: 5 },
  "15m": { ms: 15 * MINUTE_MS, interval: "1m", perBar: 15 },
  "1d": { ms: DAY_MS, interval: "1d", perBar: 1 },
};
const DAY_KEY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * An instant from a query value: epoch ms, ISO 8601, or an Asia/Kolkata day (its start; with `endOfDay`,
 * its last millisecond). Throws a 400 that names the field.
 */
function parseInstant(field: "from" | "to", value: string, endOfDay = false): number {
  if (/^\d{1,15}$/.test(value)) return Number(value);
  if (DAY_KEY.test(value)) {
    try {
      const start = startOfDay(value).getTime();
      return endOfDay ? startOfDay(addDays(value, 1)).getTime() - 1 : start;
    } catch {
      // falls through to the error below
    }
  } else {
    const parsed = Date.parse(value);
    if (Number.isFinite(parsed)) return parsed;
  }
  throw fieldError(
    field,
    `"${field}" must be a day (YYYY-MM-DD), an ISO 8601 time or epoch milliseconds`,
  );
}

export interface MarketRoutesOptions {
  state: MarketState;
  repository: MarketRepository;
  /** How late the public's prices are; null: live for everyone. */
  delay: PriceDelay | null;
  /** The instruments a user may see live (open access, the agreements accepted). */
  liveKeysOf: (userId: number) => Promise<readonly AccessKey[]>;
}

export const marketRoutes: FastifyPluginAsyncZod<MarketRoutesOptions> = async (app, opts) => {
  const { delay } = opts;
  /** The symbols this request may see live: all without a delay; a subscriber's own; none for a visitor. */
  const liveSymbols = async (request: FastifyRequest): Promise<ReadonlySet<MarketSymbol>> => {
    if (!delay) return ALL_SYMBOLS;
    try {
      const auth = await app.authenticate(request);
      return symbolsOfKeys(await opts.liveKeysOf(auth.user.id));
    } catch {
      // No session (or it cannot be read now): the public's prices.
      return NO_SYMBOLS;
    }
  };

  app.get(
    marketOverviewEndpoint.path,
    {
      schema: {
        tags: ["market"],
        summary:
          "Latest snapshot per instrument, market status per exchange, the feed and the clock",
        response: { 200: successEnvelope(marketOverviewEndpoint.response) },
      },
    },
    async (request, reply) => {
      if (delay) reply.header("cache-control", "private, no-store");
      const live = await liveSymbols(request);
      return { success: true as const, data: overviewFor(opts.state, delay, live) };
    },
  );

  app.get(
    marketBarsEndpoint.path,
    {
      schema: {
        tags: ["market"],
        summary: "Price bars of one instrument (1, 5, 15 minutes or daily) for a range",
        querystring: BarsQuerySchema,
        response: {
          200: successEnvelope(marketBarsEndpoint.response),
          400: ErrorEnvelopeSchema,
        },
      },
    },
    async (request) => {
      const query: BarsQuery = request.query;
      const now = opts.state.overview().clock.now;
      const to = query.to === undefined ? now : parseInstant("to", query.to, true);
      const from =
        query.from === undefined
          ? to - DEFAULT_SPAN_MS[query.interval]
          : parseInstant("from", query.from);
      if (from > to) throw fieldError("from", '"from" must not be after "to"');
      const source = SOURCE[query.interval];
      // Decided by the range asked for, not by what happens to be stored, so a client learns it at once.
      if ((to - from) / source.ms > MAX_BARS_PER_REQUEST) {
        throw fieldError(
          "from",
          `That range holds more than ${MAX_BARS_PER_REQUEST} bars of ${query.interval}; ask for a shorter range.`,
        );
      }
      const limit = MAX_BARS_PER_REQUEST * source.perBar;
      const stored = await opts.repository.bars(query.symbol, source.interval, from, to, limit);
      const all =
        source.perBar === 1
          ? stored
          : aggregateBars(stored, OPTION_UNDERLYINGS[query.symbol].exchange, query.interval);
      // Delayed: only bars that had closed the delay ago (a bar still open then holds later prices).
      const closedBy =
        delay && !(await liveSymbols(request)).has(query.symbol) ? now - delay.ms : undefined;
      const bars =
        closedBy === undefined
          ? all
          : all.filter((bar) => bar.time + SOURCE[query.interval].ms <= closedBy);
      return {
        success: true as const,
        data: { symbol: query.symbol, interval: query.interval, bars },
      };
    },
  );
};
