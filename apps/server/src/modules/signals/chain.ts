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
 *   "broker". Kite's full-mode quotes carry open interest: a quoted contract has it, with its change since
 *   the first reading this process saw that day (open-interest.ts); other rows, and the simulator's, null.
 * - The at-the-money IV (the quoted ATM call's and put's on a broker's feed, else the model surface's:
 *   chainAtmIv) with its percentile among the daily values the engine recorded at each session's close over
 *   the last year (iv-history.ts, decision 038); null with fewer than 20 of them, and `note` says how many.
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
  type MarketSymbol,
  MODEL_IDS,
} from "@kalpa/contracts/names";
import type { SignalWire } from "@kalpa/contracts/signals";
import type { OptionQuote } from "@kalpa/market/feed/option-quote";
import { QUOTE_FRESH_MS } from "@kalpa/market/feed/option-quote";
import { expiryCloseAt } from "@kalpa/market/options/expiry-time";
import { OpenInterestChanges } from "@kalpa/market/options/open-interest";
import {
  buildOptionChain,
  type ChainQuote,
  chainAtmIv,
  chainQuoteKey,
  IV_PERCENTILE_MIN_DAYS,
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
import { yearBefore } from "./iv-history";

export const NO_PRICE_YET =
  "No price for this instrument yet: the chain appears with the first one.";
export const notEnoughHistory = (days: number) =>
  `Not enough history (${days} ${days === 1 ? "day" : "days"}): a percentile needs ${IV_PERCENTILE_MIN_DAYS}.`;
/** How long the year's recorded IVs are kept in memory: they change once a session. */
export const IV_HISTORY_TTL_MS = 60_000;

const round = (value: number, digits: number) => {
  const scale = 10 ** digits;
  return Math.round(value * scale) / scale;
};

export interface OptionChainService {
  read(instrument: InstrumentSlug): Promise<OptionChainPayload>;
  /** The at-the-money IV the chain shows now; undefined before the instrument's first price. */
  atmIv(
    instrument: InstrumentSlug,
  ): Promise<{ iv: number; source: "model" | "broker" } | undefined>;
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
  /** The daily at-the-money IVs recorded from `from` to the day before `before`, oldest first. */
  ivHistory?: (symbol: MarketSymbol, from: string, before: string) => Promise<number[]>;
}): OptionChainService {
  let readQuotes: (() => ReadonlyMap<string, OptionQuote>) | undefined;
  const broker = deps.feed === "kite";
  const histories = new Map<string, { at: number; values: Promise<number[]> }>();
  /** Each quoted contract's open interest change since this process's first reading of the day. */
  const openInterest = new OpenInterestChanges();
  let openInterestDay = "";
  /** The last year's recorded IVs before today, kept IV_HISTORY_TTL_MS (the chain is built every second). */
  function history(symbol: MarketSymbol, today: string): Promise<number[]> {
    if (!deps.ivHistory) return Promise.resolve([]);
    const key = `${symbol}|${today}`;
    const kept = histories.get(key);
    const real = Date.now();
    if (kept && real - kept.at < IV_HISTORY_TTL_MS) return kept.values;
    const { from, before } = yearBefore(today);
    const values = deps.ivHistory(symbol, from, before).catch(() => [] as number[]);
    if (histories.size > 12) histories.clear();
    histories.set(key, { at: real, values });
    return values;
  }

  return {
    useQuotes(read) {
      readQuotes = read;
    },
    async atmIv(instrument) {
      try {
        const payload = await build(instrument);
        return { iv: payload.volatility.value, source: payload.volatility.source };
      } catch (error) {
        if (error instanceof AppError) return undefined;
        throw error;
      }
    },
    read: build,
  };

  async function build(instrument: InstrumentSlug): Promise<OptionChainPayload> {
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
    if (dayKeyOf(at) !== openInterestDay) {
      openInterestDay = dayKeyOf(at);
      openInterest.prune(openInterestDay);
    }
    if (broker && readQuotes) {
      for (const quote of readQuotes().values()) {
        const contract = parseContractKey(quote.key);
        if (!contract || contract.symbol !== symbol || contract.expiry !== expiry) continue;
        if (at - quote.tradedAt >= QUOTE_FRESH_MS) continue;
        const interest =
          quote.oi === undefined
            ? undefined
            : openInterest.observe(quote.key, quote.oi, quote.time);
        quotes.set(
          chainQuoteKey(contract.strike, contract.optionType),
          interest ? { ...quote, oi: interest.oi, oiChange: interest.change } : quote,
        );
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
    const atm = chainAtmIv(chain);
    const year = await history(symbol, dayKeyOf(at));
    const days = year.filter((v) => Number.isFinite(v) && v > 0).length;
    const percentile = ivPercentile(year, atm.iv);
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
      oi: s.oi,
      oiChange: s.oiChange,
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
        value: round(atm.iv, 5),
        source: atm.source,
        percentile: percentile ?? null,
        historyDays: days,
        note: percentile === undefined ? notEnoughHistory(days) : null,
      },
      rows: chain.rows.map((row) => ({
        strike: row.strike,
        call: side(row.call),
        put: side(row.put),
      })),
    };
  }
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
