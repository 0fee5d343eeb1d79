/**
 * Stored signals (schema: signals, signal_events): the only place with the signals' SQL.
 *
 * Every change of a signal goes through `recordTransition`, which writes the signal row and its
 * signal_events row in the caller's transaction, and with them a closed trade's charges and net
 * P/L, and the ledger entries of the event (and, at a close, of the trade with its charges): one
 * transaction, so a trade is never stored without its charges or outside the ledger. The event row
 * keeps its ledger entry's seq and hash and the transition's latency stamps; `record` answers them with
 * the commit's time, which the broadcast and the alerts carry.
 */
import { MODEL_NAMES } from "@kalpa/contracts/api/models";
import type { LedgerRef } from "@kalpa/contracts/ledger-ref";
import type { ModelId } from "@kalpa/contracts/names";
import type { SignalWire, TransitionTiming } from "@kalpa/contracts/signals";
import type { TransitionEvent } from "@kalpa/market/signals/lifecycle";
import type { Signal, SignalChanges } from "@kalpa/market/signals/signal";
import { dayKeyOf } from "@kalpa/market/time/day-key";
import { and, asc, desc, eq, inArray, isNotNull, or, sql } from "drizzle-orm";
import type { AppDb, DbExecutor } from "../../db/client";
import { alertEvents, signalAlertSends, signalEvents, signals } from "../../db/schema";
import { accessKeyOfModel } from "../access/rules";
import { alertEventOf, storedSignalAlertContent } from "../alerts/content";
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

/** A signal as it crosses the wire (with its transitions' timing when read). */
export function toWire(signal: Signal, timing?: readonly TransitionTiming[]): SignalWire {
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
    ...(timing ? { timing: [...timing] } : {}),
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
  /** When the engine decided it (absent: not known, as for the demo journal). */
  stamps?: DecisionStamps | undefined;
  /**
   * False: subscribers are not told of it (no alert event). The engine's catch-up of the day so far at
   * start-up: a transition hours old in market time is no longer news.
   */
  alert?: false | undefined;
}

/** The engine's stamps of a decision (see TransitionTimingSchema). */
export interface DecisionStamps {
  /** Market time of the tick, bar close or clock reading that decided it. */
  tickAt: number;
  /** Real time of the decision. */
  decidedAt: number;
  /** How long after `tickAt` the engine decided, in real ms. */
  decidedAfterMs: number;
}

/** The key of a signal transition's alert event (alert_events.key, signal_alert_sends.alert_key). */
export const signalAlertKey = (signalId: string, event: string) => `signal:${signalId}:${event}`;

/** A recorded transition as the engine publishes it: its ledger entry and stamps, nothing sent yet. */
export interface CommittedTransition {
  signalId: string;
  /** The signal_events row's seq. */
  eventSeq: number;
  timing: TransitionTiming;
}

/**
 * THE one write path of a signal's lifecycle: the signal row (inserted when generated, updated
 * otherwise) and its event row, with the caller's transaction as `tx`. A close also writes the trade's
 * charges and net P/L. Every event is appended to the ledger (a close: the event, then the trade), and the
 * event row keeps its entry's seq and hash. Answers the event row's seq and its ledger entry.
 */
export async function recordTransition(
  tx: DbExecutor,
  record: TransitionRecord,
): Promise<{ eventSeq: number; ledger: LedgerRef }> {
  const { signal, changes, event, stamps } = record;
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
  const day = dayKeyOf(at);
  const entry = await appendLedgerEntry(tx, {
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
  const [row] = await tx
    .insert(signalEvents)
    .values({
      signalId: signal.id,
      seq: sql`(select coalesce(max(${signalEvents.seq}), 0) + 1 from ${signalEvents} where ${signalEvents.signalId} = ${signal.id})`,
      kind: event,
      at: new Date(at),
      changes: { ...changes },
      actor: record.actor ?? null,
      ledgerSeq: entry.seq,
      ledgerHash: entry.hash,
      tickAt: date(stamps?.tickAt ?? null),
      decidedAt: date(stamps?.decidedAt ?? null),
      decidedAfterMs: stamps?.decidedAfterMs ?? null,
    })
    .returning({ seq: signalEvents.seq });
  if (money) {
    await appendLedgerEntry(tx, { day, kind: "trade", content: paperTradeOf(signal, money) });
  }
  return { eventSeq: row?.seq ?? 0, ledger: { seq: entry.seq, hash: entry.hash } };
}

/** A stored event row and its channels' sends as the wire has them. */
function timingOf(
  row: typeof signalEvents.$inferSelect,
  sends: readonly (typeof signalAlertSends.$inferSelect)[],
): TransitionTiming {
  return {
    event: row.kind,
    ledger:
      row.ledgerSeq !== null && row.ledgerHash !== null
        ? { seq: row.ledgerSeq, hash: row.ledgerHash }
        : null,
    tickAt: ms(row.tickAt),
    decidedAt: ms(row.decidedAt),
    decidedAfterMs: row.decidedAfterMs,
    committedAt: ms(row.committedAt),
    sends: sends.map((send) => ({
      channel: send.channel,
      firstAt: send.firstSentAt.getTime(),
      lastAt: send.lastSentAt.getTime(),
      count: send.sent,
    })),
  };
}

export function createSignalRepository(db: AppDb, realNow: () => number = Date.now) {
  return {
    /**
     * Records transitions in order, all in one transaction, then stamps their commit; answers each one's
     * ledger entry and stamps, in order.
     */
    async record(records: readonly TransitionRecord[]): Promise<CommittedTransition[]> {
      if (records.length === 0) return [];
      const written: Array<{ eventSeq: number; ledger: LedgerRef }> = [];
      await db.transaction(async (tx) => {
        for (const record of records) {
          written.push(await recordTransition(tx, record));
          // Subscribers are told of it (modules/alerts) from this row, committed with the transition.
          const event = record.alert === false ? undefined : alertEventOf(record.event);
          if (!event) continue;
          const instrument = accessKeyOfModel(record.signal.modelId);
          await tx
            .insert(alertEvents)
            .values({
              event,
              instrument,
              key: signalAlertKey(record.signal.id, record.event),
              content: storedSignalAlertContent(
                record.signal,
                event,
                instrument,
                written.at(-1)?.ledger,
              ),
            })
            .onConflictDoNothing();
        }
      });
      // The transaction has returned: committed. Its time is written after it (a crash in between
      // leaves it unknown, never wrong).
      const committedAt = realNow();
      const committed = records.map((record, index): CommittedTransition => {
        const { eventSeq, ledger } = written[index] as (typeof written)[number];
        const timing: TransitionTiming = {
          event: record.event,
          ledger,
          tickAt: record.stamps?.tickAt ?? null,
          decidedAt: record.stamps?.decidedAt ?? null,
          decidedAfterMs: record.stamps?.decidedAfterMs ?? null,
          committedAt,
          sends: [],
        };
        return { signalId: record.signal.id, eventSeq, timing };
      });
      await db
        .update(signalEvents)
        .set({ committedAt: new Date(committedAt) })
        .where(
          or(
            ...committed.map((c) =>
              and(eq(signalEvents.signalId, c.signalId), eq(signalEvents.seq, c.eventSeq)),
            ),
          ),
        );
      return committed;
    },

    /** Each of these signals' recorded transitions, oldest first, with their ledger entries and stamps. */
    async timings(ids: readonly string[]): Promise<Map<string, TransitionTiming[]>> {
      const byId = new Map<string, TransitionTiming[]>();
      if (ids.length === 0) return byId;
      const events = await db
        .select()
        .from(signalEvents)
        .where(inArray(signalEvents.signalId, [...ids]))
        .orderBy(signalEvents.signalId, signalEvents.seq);
      const keys = events.map((e) => signalAlertKey(e.signalId, e.kind));
      const sends =
        keys.length === 0
          ? []
          : await db
              .select()
              .from(signalAlertSends)
              .where(inArray(signalAlertSends.alertKey, keys))
              .orderBy(asc(signalAlertSends.firstSentAt));
      for (const event of events) {
        const key = signalAlertKey(event.signalId, event.kind);
        const list = byId.get(event.signalId) ?? [];
        list.push(
          timingOf(
            event,
            sends.filter((send) => send.alertKey === key),
          ),
        );
        byId.set(event.signalId, list);
      }
      return byId;
    },

    /**
     * Every recorded transition with a decision stamp that some channel sent: its model and the real ms
     * from the decision to its first send on any channel.
     */
    async decisionToSend(): Promise<Array<{ model: string; ms: number }>> {
      const first = sql<Date>`min(${signalAlertSends.firstSentAt})`;
      const rows = await db
        .select({ model: signals.model, decidedAt: signalEvents.decidedAt, firstSentAt: first })
        .from(signalEvents)
        .innerJoin(signals, eq(signals.id, signalEvents.signalId))
        .innerJoin(
          signalAlertSends,
          eq(
            signalAlertSends.alertKey,
            sql`'signal:' || ${signalEvents.signalId} || ':' || ${signalEvents.kind}`,
          ),
        )
        .where(isNotNull(signalEvents.decidedAt))
        .groupBy(signals.model, signalEvents.signalId, signalEvents.seq, signalEvents.decidedAt);
      return rows.map((row) => ({
        model: row.model,
        ms: new Date(row.firstSentAt).getTime() - (row.decidedAt as Date).getTime(),
      }));
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
