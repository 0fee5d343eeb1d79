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
  PaperQuery,
  PaperStats,
  PaperTrade,
} from "@kalpa/contracts/api/paper";
import { analyseTrades } from "@kalpa/market/journal/analytics";
import { roundRupees } from "@kalpa/market/journal/charges";
import { type TrackRecord, trackRecord } from "@kalpa/market/journal/statistics";
import { dayKeyOf, startOfDay } from "@kalpa/market/time/day-key";
import { addDays } from "@kalpa/market/time/day-math";
import { createTtlCache } from "../../lib/ttl-cache";
import type { JournalRepository } from "./repository";

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

/** Distinct answers kept: 4 models × 3 periods × 3 kinds, for today and a day either side. */
const CACHED_ANSWERS = 110;

export function createJournalService(deps: {
  repository: JournalRepository;
  now: () => number;
  /** How long a history or statistics answer is kept (0: not at all). */
  cacheTtlMs?: number;
}) {
  const ttlMs = deps.cacheTtlMs ?? 0;
  const histories = createTtlCache<string, PaperDayGroup[]>({ ttlMs, maxEntries: CACHED_ANSWERS });
  const records = createTtlCache<string, PaperStats>({ ttlMs, maxEntries: CACHED_ANSWERS });
  const analyses = createTtlCache<string, PaperAnalytics>({ ttlMs, maxEntries: CACHED_ANSWERS });
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

    /** The analysis (packages/market journal/analytics.ts; kept for the cache's TTL). */
    analytics(query: PaperQuery): Promise<PaperAnalytics> {
      return analyses.get(keyOf(query), () => analytics(query));
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
    const analysis = analyseTrades(
      list.map(({ trade, stopLoss }) => ({
        id: trade.id,
        entryTime: trade.entryTime,
        exitTime: trade.exitTime,
        entryPrice: trade.entryPrice,
        stopLoss,
        quantity: trade.lots * trade.lotSize,
        net: trade.netPnl,
        slippage: trade.slippage,
      })),
    );
    return { model: query.model, days: Number(query.days), ...analysis };
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
