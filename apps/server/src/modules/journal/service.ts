/**
 * The public journal: a model's closed trades over the last `days` calendar days (the market clock's
 * current day included), grouped by the Asia/Kolkata day of their exit, with the track record.
 *
 * The day groups and the track record are public and the same for every reader: each answer is kept for
 * `cacheTtlMs` (decision 021), so a busy address, or thousands of phones behind one carrier's address, are
 * answered from memory rather than refused. A trade that closes shows within that time.
 */
import type {
  PaperAnalytics,
  PaperDayGroup,
  PaperFollowingAnalytics,
  PaperQuery,
  PaperStats,
  PaperTrade,
} from "@kalpa/contracts/api/paper";
import type { MarketSymbol, ModelId } from "@kalpa/contracts/names";
import { MODEL_IDS } from "@kalpa/contracts/names";
import { analyseTrades } from "@kalpa/market/journal/analytics";
import { roundRupees } from "@kalpa/market/journal/charges";
import {
  type ExcursionBar,
  entryVersusZone,
  premiumExcursions,
} from "@kalpa/market/journal/excursions";
import { type TrackRecord, trackRecord } from "@kalpa/market/journal/statistics";
import { dayKeyOf, startOfDay } from "@kalpa/market/time/day-key";
import { addDays } from "@kalpa/market/time/day-math";
import { createTtlCache } from "../../lib/ttl-cache";
import type { JournalRepository, StoredExcursion, TradeContext } from "./repository";

export interface JournalSpan {
  /** The market clock's current day. */
  today: string;
  /** The first day covered. */
  from: string;
}

/** The track record (packages/market journal/statistics.ts) of closed trades, each on its exit day. */
export function trackRecordOf(list: readonly PaperTrade[]): TrackRecord {
  return trackRecord(
    list.map((trade) => ({
      day: dayKeyOf(trade.exitTime),
      gross: trade.pnlRupees,
      net: trade.netPnl,
      stopFill: trade.stopFill,
    })),
  );
}

export function spanOf(days: number, now: number): JournalSpan {
  const today = dayKeyOf(now);
  return { today, from: addDays(today, -(days - 1)) };
}

/** How long the server keeps a history or track-record answer: a trade that closes shows within it. */
export const JOURNAL_CACHE_TTL_MS = 1000;

/**
 * How far back a trade's premium path is looked for in the stored 1-minute bars: the engine keeps
 * MINUTE_BAR_SESSIONS (5) sessions of them, a week and a weekend at most with a holiday.
 */
export const EXCURSION_LOOKBACK_MS = 9 * 24 * 60 * 60_000;
/** Trades found without bars, remembered so they are not looked for on every answer. */
const UNPRICEABLE_KEPT = 5000;

/** Distinct answers kept: 4 models × 3 periods × 3 kinds, for today and a day either side. */
const CACHED_ANSWERS = 110;

export function createJournalService(deps: {
  repository: JournalRepository;
  now: () => number;
  /** How long a history or statistics answer is kept (0: not at all). */
  cacheTtlMs?: number;
  /** The underlying's stored 1-minute bars from `from` to `to` (epoch ms), for the trades' excursions. */
  minuteBars?: (symbol: MarketSymbol, from: number, to: number) => Promise<ExcursionBar[]>;
}) {
  const unpriceable = new Set<string>();
  const ttlMs = deps.cacheTtlMs ?? 0;
  const histories = createTtlCache<string, PaperDayGroup[]>({ ttlMs, maxEntries: CACHED_ANSWERS });
  const records = createTtlCache<string, PaperStats>({ ttlMs, maxEntries: CACHED_ANSWERS });
  const analyses = createTtlCache<string, PaperAnalytics>({ ttlMs, maxEntries: CACHED_ANSWERS });
  /** By the set of models followed (15 sets at most) and the period. */
  const followed = createTtlCache<string, PaperFollowingAnalytics>({
    ttlMs,
    maxEntries: CACHED_ANSWERS,
  });
  /** The day is part of the key: at midnight the periods move on at once. */
  const keyOf = (query: PaperQuery) =>
    `${query.model}|${query.version ?? ""}|${query.days}|${dayKeyOf(deps.now())}`;

  async function trades(query: PaperQuery): Promise<{ span: JournalSpan; trades: PaperTrade[] }> {
    const span = spanOf(Number(query.days), deps.now());
    return {
      span,
      trades: await deps.repository.closedTrades(
        query.model,
        startOfDay(span.from).getTime(),
        query.version,
      ),
    };
  }

  return {
    trades,

    /** Day groups, newest day first (kept for the cache's TTL). */
    history(query: PaperQuery): Promise<PaperDayGroup[]> {
      return histories.get(keyOf(query), () => history(query));
    },

    /** The track record (kept for the cache's TTL). */
    stats(query: PaperQuery): Promise<PaperStats> {
      return records.get(keyOf(query), () => stats(query));
    },

    /**
     * Prices and keeps the excursions of every model's trades closed since `since` that have none yet
     * (the engine calls it at each session's close, while the day's 1-minute bars are still stored).
     */
    async recordExcursions(since: number): Promise<number> {
      let priced = 0;
      for (const model of MODEL_IDS) {
        const list = await deps.repository.closedTradesWithStops(model as ModelId, since);
        const stored = await deps.repository.excursionsOf(list.map((entry) => entry.trade.id));
        priced += await priceMissing(list, stored);
      }
      return priced;
    },

    /** The analysis (packages/market journal/analytics.ts; kept for the cache's TTL). */
    analytics(query: PaperQuery): Promise<PaperAnalytics> {
      return analyses.get(keyOf(query), () => analytics(query));
    },

    /** The analysis of several models' trades together (a subscriber's own view; kept for the TTL). */
    followingAnalytics(models: readonly ModelId[], days: number): Promise<PaperFollowingAnalytics> {
      const sorted = MODEL_IDS.filter((model) => models.includes(model));
      const key = `${sorted.join(",")}|${days}|${dayKeyOf(deps.now())}`;
      return followed.get(key, async () => {
        const span = spanOf(days, deps.now());
        const from = startOfDay(span.from).getTime();
        const lists = await Promise.all(
          sorted.map((model) => deps.repository.closedTradesWithStops(model, from)),
        );
        return { models: sorted, days, ...(await analyse(lists.flat())) };
      });
    },
  };

  /** The analysis of the same trades, with each one's stop as its initial risk. */
  async function analytics(query: PaperQuery): Promise<PaperAnalytics> {
    const span = spanOf(Number(query.days), deps.now());
    const list = await deps.repository.closedTradesWithStops(
      query.model,
      startOfDay(span.from).getTime(),
      query.version,
    );
    return { model: query.model, days: Number(query.days), ...(await analyse(list)) };
  }

  /** The analysis of trades with their stops, stored excursions (priced first where missing) and zones. */
  async function analyse(list: readonly TradeContext[]) {
    const stored = await deps.repository.excursionsOf(list.map((entry) => entry.trade.id));
    await priceMissing(list, stored);
    const analysis = analyseTrades(
      list.map(({ trade, stopLoss, entryLow, entryHigh }) => ({
        id: trade.id,
        entryTime: trade.entryTime,
        exitTime: trade.exitTime,
        entryPrice: trade.entryPrice,
        stopLoss,
        quantity: trade.lots * trade.lotSize,
        net: trade.netPnl,
        slippage: trade.slippage,
        excursions: stored.get(trade.id) ?? null,
        entryVsZone: entryVersusZone(trade.entryPrice, entryLow, entryHigh),
      })),
    );
    return analysis;
  }

  /**
   * Prices the premium path of the trades in `list` that have no stored excursions, from the 1-minute bars
   * still stored, and keeps what it finds (into `stored` too). Returns how many were priced.
   */
  async function priceMissing(
    list: readonly TradeContext[],
    stored: Map<string, StoredExcursion>,
  ): Promise<number> {
    if (!deps.minuteBars) return 0;
    const since = deps.now() - EXCURSION_LOOKBACK_MS;
    let priced = 0;
    for (const { trade, expiresAt } of list) {
      if (stored.has(trade.id) || unpriceable.has(trade.id) || trade.exitTime < since) continue;
      const bars = await deps.minuteBars(trade.symbol, trade.entryTime, trade.exitTime);
      const found = premiumExcursions({
        contract: {
          symbol: trade.symbol,
          optionType: trade.optionType,
          strike: trade.strike,
          expiresAt,
        },
        entryTime: trade.entryTime,
        exitTime: trade.exitTime,
        entryPrice: trade.entryPrice,
        exitPrice: trade.exitPrice,
        bars,
      });
      if (!found) {
        if (unpriceable.size >= UNPRICEABLE_KEPT) unpriceable.clear();
        unpriceable.add(trade.id);
        continue;
      }
      const excursion: StoredExcursion = {
        signalId: trade.id,
        mae: found.mae,
        mfe: found.mfe,
        minutes: found.minutes,
        spanMinutes: found.spanMinutes,
      };
      await deps.repository.saveExcursion(excursion);
      stored.set(trade.id, excursion);
      priced += 1;
    }
    return priced;
  }

  /** Day groups, newest day first; each day's trades oldest exit first. */
  async function history(query: PaperQuery): Promise<PaperDayGroup[]> {
    const { trades: list } = await trades(query);
    const byDay = new Map<string, PaperTrade[]>();
    for (const trade of list) {
      const day = dayKeyOf(trade.exitTime);
      const group = byDay.get(day);
      if (group) group.push(trade);
      else byDay.set(day, [trade]);
    }
    return [...byDay.entries()]
      .sort(([a], [b]) => (a < b ? 1 : a > b ? -1 : 0))
      .map(([day, group]) => ({
        _id: day,
        totalPnL: roundRupees(group.reduce((sum, trade) => sum + trade.pnlRupees, 0)),
        count: group.length,
        trades: group,
        totalCharges: roundRupees(group.reduce((sum, trade) => sum + trade.charges.total, 0)),
        totalSlippage: roundRupees(group.reduce((sum, trade) => sum + trade.slippage, 0)),
        netPnL: roundRupees(group.reduce((sum, trade) => sum + trade.netPnl, 0)),
      }));
  }

  /** The track record of the same trades. */
  async function stats(query: PaperQuery): Promise<PaperStats> {
    const { trades: list } = await trades(query);
    const record = trackRecordOf(list);
    return {
      model: query.model,
      days: Number(query.days),
      ...record,
      charges: roundRupees(list.reduce((sum, trade) => sum + trade.charges.total, 0)),
      slippage: roundRupees(list.reduce((sum, trade) => sum + trade.slippage, 0)),
      ratesAsOf: list.reduce<string | null>(
        (latest, trade) =>
          trade.charges.ratesAsOf && (latest === null || trade.charges.ratesAsOf > latest)
            ? trade.charges.ratesAsOf
            : latest,
        null,
      ),
    };
  }
}

export type JournalService = ReturnType<typeof createJournalService>;
