/**
 * Stored signals (schema: signals, signal_events): the only place with the signals' SQL.
 *
 * Every change of a signal goes through `recordTransition`, which writes the signal row and its
 * signal_events row in the caller's transaction, and with them a closed trade's charges and net
 * P/L, and the ledger entries of the event (and, at a close, of the trade with its charges): one
 * transaction, so a trade is never stored without its charges or outside the ledger.
 */
import { MODEL_NAMES } from "@kalpa/contracts/api/models";
import type { ModelId } from "@kalpa/contracts/names";
import type { SignalWire } from "@kalpa/contracts/signals";
import type { TransitionEvent } from "@kalpa/market/signals/lifecycle";
import type { Signal, SignalChanges } from "@kalpa/market/signals/signal";
import { dayKeyOf } from "@kalpa/market/time/day-key";
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { AppDb, DbExecutor } from "../../db/client";
import { alertEvents, signalEvents, signals } from "../../db/schema";
import { accessKeyOfModel } from "../access/rules";
import { alertEventOf, signalAlertContent } from "../alerts/content";
import { closedTradeMoney, paperTradeOf } from "../journal/trade";
import { appendLedgerEntry } from "../ledger/repository";

export type SignalRow = typeof signals.$inferSelect;
/** The transitions that are recorded as events (a price alone is not). */
export type RecordedEvent = "generated" | Exclude<TransitionEvent, "none" | "ltp">;

const date = (ms: number | null) => (ms === null ? null : new Date(ms));
const ms = (value: Date | null) => (value === null ? null : value.getTime());

function toRow(signal: Signal): typeof signals.$inferInsert {
  return {
    id: signal.id,
    model: signal.modelId,
    modelVersion: signal.modelVersion,
    instrument: accessKeyOfModel(signal.modelId),
    symbol: signal.symbol,
    day: signal.day,
    status: signal.status,
    type: signal.type,
    optionType: signal.optionType,
    strike: signal.strike,
    expiry: signal.expiry,
    lots: signal.lots,
    lotSize: signal.lotSize,
    premium: signal.premium,
    premiumPerLot: signal.premiumPerLot,
    entryLow: signal.entryLow,
    entryHigh: signal.entryHigh,
    target: signal.target,
    stopLoss: signal.stopLoss,
    ltp: signal.ltp,
    entryPrice: signal.entryPrice,
    entryTime: date(signal.entryTime),
    exitPrice: signal.exitPrice,
    exitTime: date(signal.exitTime),
    closeReason: signal.closeReason,
    pnlPoints: signal.pnlPoints,
    pnl: signal.pnl,
    priceSource: signal.priceSource ?? null,
    slippageTicks: signal.slippageTicks,
    slippage: signal.slippage,
    stopLimit: signal.stopLimit,
    stopTriggeredAt: date(signal.stopTriggeredAt),
    stopRested: signal.stopRested,
    reason: signal.reason,
    indicators: { ...signal.indicators },
    contract: {
      expiresAt: signal.expiresAt,
      squareOffAt: signal.squareOffAt,
      underlyingPrice: signal.underlyingPrice,
    },
    generatedAt: new Date(signal.generatedAt),
    updatedAt: new Date(signal.updatedAt),
  };
}

/** The mutable columns of a signal (what a transition writes). */
function mutableColumns(signal: Signal) {
  return {
    status: signal.status,
    ltp: signal.ltp,
    entryPrice: signal.entryPrice,
    entryTime: date(signal.entryTime),
    exitPrice: signal.exitPrice,
    exitTime: date(signal.exitTime),
    closeReason: signal.closeReason,
    pnlPoints: signal.pnlPoints,
    pnl: signal.pnl,
    slippage: signal.slippage,
    stopTriggeredAt: date(signal.stopTriggeredAt),
    stopRested: signal.stopRested,
    updatedAt: new Date(signal.updatedAt),
  };
}

/** The engine's record of a stored signal (restore after a restart). */
export function signalOfRow(row: SignalRow): Signal {
  return {
    modelId: row.model as ModelId,
    modelVersion: row.modelVersion,
    symbol: row.symbol as Signal["symbol"],
    type: "BUY",
    optionType: row.optionType,
    strike: row.strike,
    expiry: row.expiry,
    expiresAt: row.contract.expiresAt,
    lotSize: row.lotSize,
    generatedAt: row.generatedAt.getTime(),
    underlyingPrice: row.contract.underlyingPrice,
    premium: row.premium,
    entryLow: row.entryLow,
    entryHigh: row.entryHigh,
    target: row.target,
    stopLoss: row.stopLoss,
    premiumPerLot: row.premiumPerLot,
    reason: row.reason,
    indicators: row.indicators,
    id: row.id,
    day: row.day,
    squareOffAt: row.contract.squareOffAt,
    lots: row.lots,
    status: row.status,
    ltp: row.ltp,
    entryPrice: row.entryPrice,
    entryTime: ms(row.entryTime),
    exitPrice: row.exitPrice,
    exitTime: ms(row.exitTime),
    closeReason: row.closeReason,
    pnlPoints: row.pnlPoints,
    pnl: row.pnl,
    ...(row.priceSource ? { priceSource: row.priceSource } : {}),
    slippageTicks: row.slippageTicks,
    slippage: row.slippage,
    stopLimit: row.stopLimit,
    stopTriggeredAt: ms(row.stopTriggeredAt),
    stopRested: row.stopRested,
    updatedAt: row.updatedAt.getTime(),
  };
}

/** A signal as it crosses the wire. */
export function toWire(signal: Signal): SignalWire {
  return {
    id: signal.id,
    model: signal.modelId,
    name: MODEL_NAMES[signal.modelId],
    modelVersion: signal.modelVersion,
    instrument: accessKeyOfModel(signal.modelId),
    symbol: signal.symbol,
    day: signal.day,
    generatedAt: signal.generatedAt,
    expiry: signal.expiry,
    strike: signal.strike,
    optionType: signal.optionType,
    type: signal.type,
    lotSize: signal.lotSize,
    lots: signal.lots,
    premium: signal.premium,
    premiumPerLot: signal.premiumPerLot,
    entryLow: signal.entryLow,
    entryHigh: signal.entryHigh,
    target: signal.target,
    stopLoss: signal.stopLoss,
    status: signal.status,
    ltp: signal.ltp,
    entryPrice: signal.entryPrice,
    entryTime: signal.entryTime,
    exitPrice: signal.exitPrice,
    exitTime: signal.exitTime,
    closeReason: signal.closeReason,
    pnlPoints: signal.pnlPoints,
    pnl: signal.pnl,
    ...(signal.priceSource ? { priceSource: signal.priceSource } : {}),
    slippageTicks: signal.slippageTicks,
    slippage: signal.slippage,
    stopLimit: signal.stopLimit,
    stopTriggeredAt: signal.stopTriggeredAt,
    stopRested: signal.stopRested,
    reason: signal.reason,
    updatedAt: signal.updatedAt,
  };
}

export interface TransitionRecord {
  /** The signal after the transition. */
  signal: Signal;
  /** The fields it changed (for "generated": empty). */
  changes: SignalChanges;
  event: RecordedEvent;
  /** Who caused it when not the market ("admin:<id>"). */
  actor?: string | undefined;
}

/**
 * THE one write path of a signal's lifecycle: the signal row (inserted when generated, updated
 * otherwise) and its event row, with the caller's transaction as `tx`. A close also writes the trade's
 * charges and net P/L. Every event is appended to the ledger (a close: the event, then the trade).
 */
export async function recordTransition(tx: DbExecutor, record: TransitionRecord): Promise<void> {
  const { signal, changes, event } = record;
  const money = event === "closed" ? closedTradeMoney(signal) : undefined;
  if (event === "generated") {
    await tx.insert(signals).values(toRow(signal));
  } else {
    await tx
      .update(signals)
      .set({
        ...mutableColumns(signal),
        ...(money ? { charges: money.charges, netPnl: money.netPnl } : {}),
      })
      .where(eq(signals.id, signal.id));
  }
  const at = event === "generated" ? signal.generatedAt : signal.updatedAt;
  await tx.insert(signalEvents).values({
    signalId: signal.id,
    seq: sql`(select coalesce(max(${signalEvents.seq}), 0) + 1 from ${signalEvents} where ${signalEvents.signalId} = ${signal.id})`,
    kind: event,
    at: new Date(at),
    changes: { ...changes },
    actor: record.actor ?? null,
  });
  const day = dayKeyOf(at);
  await appendLedgerEntry(tx, {
    day,
    kind: event,
    content:
      event === "generated"
        ? { signal: toWire(signal), actor: record.actor ?? null }
        : {
            id: signal.id,
            model: signal.modelId,
            modelVersion: signal.modelVersion,
            at,
            changes,
            actor: record.actor ?? null,
          },
  });
  if (money) {
    await appendLedgerEntry(tx, { day, kind: "trade", content: paperTradeOf(signal, money) });
  }
}

export function createSignalRepository(db: AppDb) {
  return {
    /** Records transitions in order, all in one transaction. */
    async record(records: readonly TransitionRecord[]): Promise<void> {
      if (records.length === 0) return;
      await db.transaction(async (tx) => {
        for (const record of records) {
          await recordTransition(tx, record);
          // Subscribers are told of it (modules/alerts) from this row, committed with the transition.
          const event = alertEventOf(record.event);
          if (!event) continue;
          const instrument = accessKeyOfModel(record.signal.modelId);
          await tx
            .insert(alertEvents)
            .values({
              key: `signal:${record.signal.id}:${record.event}`,
              event,
              instrument,
              content: signalAlertContent(record.signal, event, instrument),
            })
            .onConflictDoNothing();
        }
      });
    },

    /** The price of an open trade between transitions (no event row). */
    async saveLtp(signal: Signal): Promise<void> {
      await db
        .update(signals)
        .set({
          ltp: signal.ltp,
          pnlPoints: signal.pnlPoints,
          pnl: signal.pnl,
          slippage: signal.slippage,
          updatedAt: new Date(signal.updatedAt),
        })
        .where(and(eq(signals.id, signal.id), inArray(signals.status, ["generated", "triggered"])));
    },

    /** The latest signal of each of `models` (of trading day `day`, when given). */
    async latestPerModel(models: readonly ModelId[], day?: string): Promise<Signal[]> {
      if (models.length === 0) return [];
      const rows = await db
        .selectDistinctOn([signals.model])
        .from(signals)
        .where(
          and(
            inArray(signals.model, [...models]),
            day === undefined ? undefined : eq(signals.day, day),
          ),
        )
        .orderBy(signals.model, desc(signals.generatedAt));
      return rows.map(signalOfRow);
    },

    async byId(id: string): Promise<Signal | undefined> {
      const [row] = await db.select().from(signals).where(eq(signals.id, id));
      return row ? signalOfRow(row) : undefined;
    },

    async events(id: string) {
      return db
        .select()
        .from(signalEvents)
        .where(eq(signalEvents.signalId, id))
        .orderBy(signalEvents.seq);
    },
  };
}

export type SignalRepository = ReturnType<typeof createSignalRepository>;
