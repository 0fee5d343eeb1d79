/**
 * The option chain beside a live signal (issue 37, decision 036).
 *
 * - GET /api/signals/chain?instrument=nifty|banknifty|crudeoil: the instrument guard first (401 without a
 *   session, 403 with its message without access), then the chain: ten strikes either side of the strike
 *   of the instrument's latest signal of today (BankNifty: the later of its two models'), or of the
 *   at-the-money strike when there is none, on that signal's expiry (else the traded one). 503 before the
 *   instrument's first price. An unknown instrument is a 400.
 * - Prices: the model's (packages/market's option-chain.ts, the engine's surfaces; bid and ask the
 *   simulator's slippage either side) with source "model"; on a broker's feed (MARKET_FEED=kite) the
 *   engine's fresh quotes of the contracts it watches replace the model's where it has them, with source
 *   "broker". The Kite feed the engine reads carries no open interest: oi and oiChange are null.
 * - The at-the-money IV's percentile needs a year of daily at-the-money IVs; the server keeps none yet, so
 *   it answers null and says so (`note`).
 * - option-chain-update: every process, once a second per instrument, builds the chain for the sockets of
 *   its own that are in the instrument's room (io.local: each process serves its own), only while there is
 *   one, volatile (a slow client skips a chain rather than queueing old ones). The three instruments send in
 *   their own thirds of the second, so their fan-outs do not land at once.
 */
import {
  OPTION_CHAIN_EVENT,
  OPTION_CHAIN_INTERVAL_MS,
  type OptionChainPayload,
  optionChainEndpoint,
} from "@kalpa/contracts/api/option-chain";
import { successEnvelope } from "@kalpa/contracts/envelope";
import {
  INSTRUMENT_SLUGS,
  INSTRUMENTS,
  type InstrumentSlug,
  MODEL_IDS,
} from "@kalpa/contracts/names";
import type { SignalWire } from "@kalpa/contracts/signals";
import type { OptionQuote } from "@kalpa/market/feed/option-quote";
import { QUOTE_FRESH_MS } from "@kalpa/market/feed/option-quote";
import { expiryCloseAt } from "@kalpa/market/options/expiry-time";
import {
  buildOptionChain,
  type ChainQuote,
  chainQuoteKey,
  ivPercentile,
} from "@kalpa/market/options/option-chain";
import { parseContractKey, tradedExpiry } from "@kalpa/market/options/option-contract";
import { dayKeyOf } from "@kalpa/market/time/day-key";
import type { FastifyBaseLogger as Logger } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Server } from "socket.io";
import { z } from "zod";
import type { MarketState } from "../../engine/market-state";
import { AppError } from "../../lib/errors";
import { ROOMS } from "../../realtime/hub";
import { accessKeyOfModel, accessKeyOfSlug } from "../access/rules";
import type { CurrentSignalsReader } from "./current";

export const NO_PRICE_YET =
  "No price for this instrument yet: the chain appears with the first one.";
export const NOT_ENOUGH_HISTORY =
  "Not enough history for a percentile: it needs a year of daily IVs.";

const round = (value: number, digits: number) => {
  const scale = 10 ** digits;
  return Math.round(value * scale) / scale;
};

export interface OptionChainService {
  read(instrument: InstrumentSlug): Promise<OptionChainPayload>;
  /** The engine's quotes of option contracts (a broker's feed, the engine's process). */
  useQuotes(read: () => ReadonlyMap<string, OptionQuote>): void;
}

export function createOptionChainService(deps: {
  state: Pick<MarketState, "snapshot">;
  current: Pick<CurrentSignalsReader, "read">;
  marketNow: () => number;
  feed: "sim" | "replay" | "kite" | string;
  /** The simulator's slippage in ticks: the model's bid and ask either side. */
  spreadTicks: number;
  /** Daily at-the-money IVs of the last year, oldest first (none kept yet). */
  ivHistory?: (instrument: InstrumentSlug) => readonly number[];
}): OptionChainService {
  let readQuotes: (() => ReadonlyMap<string, OptionQuote>) | undefined;
  const broker = deps.feed === "kite";

  return {
    useQuotes(read) {
      readQuotes = read;
    },
    async read(instrument) {
      const info = INSTRUMENTS.find((i) => i.slug === instrument);
      if (!info) throw new RangeError(`unknown instrument ${instrument}`);
      const { symbol, key } = info;
      const at = deps.marketNow();
      const underlying = deps.state.snapshot(symbol).ltp;
      if (!(underlying > 0)) throw new AppError("SERVICE_UNAVAILABLE", NO_PRICE_YET);
      const models = MODEL_IDS.filter((model) => accessKeyOfModel(model) === key);
      const current = await deps.current.read(models, dayKeyOf(at));
      const latest = current.data.signals
        .map((s) => s.signal)
        .filter((s): s is SignalWire => s !== null)
        .sort((a, b) => b.generatedAt - a.generatedAt)[0];
      const signalExpiresAt = latest ? expiryCloseAt(symbol, latest.expiry) : 0;
      const useSignal = latest !== undefined && signalExpiresAt > at;
      const { expiry, expiresAt } =
        useSignal && latest
          ? { expiry: latest.expiry, expiresAt: signalExpiresAt }
          : tradedExpiry(symbol, at);

      const quotes = new Map<string, ChainQuote>();
      if (broker && readQuotes) {
        for (const quote of readQuotes().values()) {
          const contract = parseContractKey(quote.key);
          if (!contract || contract.symbol !== symbol || contract.expiry !== expiry) continue;
          if (at - quote.tradedAt >= QUOTE_FRESH_MS) continue;
          quotes.set(chainQuoteKey(contract.strike, contract.optionType), quote);
        }
      }
      const chain = buildOptionChain({
        symbol,
        underlying,
        expiry,
        expiresAt,
        at,
        centreStrike: useSignal ? latest?.strike : undefined,
        spreadTicks: broker ? undefined : deps.spreadTicks,
        quotes,
      });
      const history = deps.ivHistory?.(instrument) ?? [];
      const percentile = ivPercentile(history, chain.atmIv);
      // Rounded to what the card shows (and a little more): the payload goes to every socket in the room.
      const side = (s: (typeof chain.rows)[number]["call"]) => ({
        ltp: round(s.ltp, 2),
        bid: s.bid === null ? null : round(s.bid, 2),
        ask: s.ask === null ? null : round(s.ask, 2),
        iv: round(s.iv, 5),
        delta: round(s.delta, 4),
        gamma: round(s.gamma, 7),
        theta: round(s.theta, 3),
        vega: round(s.vega, 3),
        oi: null,
        oiChange: null,
        quoted: s.quoted,
      });
      return {
        instrument,
        symbol,
        expiry,
        at,
        source: broker ? "broker" : "model",
        underlying: chain.underlying,
        forward: round(chain.forward, 2),
        atmStrike: chain.atmStrike,
        strikeStep: chain.strikeStep,
        signal:
          useSignal && latest
            ? { model: latest.model, strike: latest.strike, optionType: latest.optionType }
            : null,
        volatility: {
          label: `${symbol} at-the-money IV`,
          value: round(chain.atmIv, 5),
          percentile: percentile ?? null,
          note: percentile === undefined ? NOT_ENOUGH_HISTORY : null,
        },
        rows: chain.rows.map((row) => ({
          strike: row.strike,
          call: side(row.call),
          put: side(row.put),
        })),
      };
    },
  };
}

export const optionChainRoutes: FastifyPluginAsyncZod<{ chain: OptionChainService }> = async (
  app,
  opts,
) => {
  app.get(
    optionChainEndpoint.path,
    {
      schema: {
        tags: ["signals"],
        summary: "The option chain around the instrument's live signal (or at the money)",
        querystring: z.object({ instrument: z.enum(INSTRUMENT_SLUGS) }),
        response: { 200: successEnvelope(optionChainEndpoint.response) },
      },
    },
    async (request) => {
      const { instrument } = request.query;
      await app.requireInstrumentAccess(request, accessKeyOfSlug(instrument));
      return { success: true as const, data: await opts.chain.read(instrument) };
    },
  );
};

/** Sends each instrument's chain to this process's sockets in its room, once a second while any is there. */
export function startOptionChainBroadcast(
  io: Server,
  chain: Pick<OptionChainService, "read">,
  log: Logger,
  intervalMs = OPTION_CHAIN_INTERVAL_MS,
): () => void {
  const timers: NodeJS.Timeout[] = [];
  const busy = new Set<InstrumentSlug>();
  INSTRUMENTS.forEach(({ slug, key }, index) => {
    const room = ROOMS.instrument(key);
    const tick = () => {
      if ((io.sockets.adapter.rooms.get(room)?.size ?? 0) === 0 || busy.has(slug)) return;
      busy.add(slug);
      chain
        .read(slug)
        .then((payload) => io.local.to(room).volatile.emit(OPTION_CHAIN_EVENT, payload))
        .catch((error: unknown) => {
          if (!(error instanceof AppError)) log.warn({ err: error }, "could not build a chain");
        })
        .finally(() => busy.delete(slug));
    };
    const start = setTimeout(
      () => {
        const timer = setInterval(tick, intervalMs);
        timer.unref();
        timers.push(timer);
        tick();
      },
      Math.round(((index + 0.5) * intervalMs) / INSTRUMENTS.length),
    );
    start.unref();
    timers.push(start);
  });
  return () => {
    for (const timer of timers) {
      clearTimeout(timer);
      clearInterval(timer);
    }
  };
}
