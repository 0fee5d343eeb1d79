/**
 * The journal's SQL: closed trades of a model over a span of exit days, and the charges backfill.
 */
import type { PaperTrade } from "@kalpa/contracts/api/paper";
import type { ModelId } from "@kalpa/contracts/names";
import { dayKeyOf } from "@kalpa/market/time/day-key";
import { and, asc, eq, gte, inArray, isNull, sql } from "drizzle-orm";
import type { AppDb } from "../../db/client";
import { signals, tradeExcursions } from "../../db/schema";
import { appendLedgerEntry } from "../ledger/repository";
import { signalOfRow } from "../signals/repository";
import { type ClosedTradeMoney, closedTradeMoney, paperTradeOf } from "./trade";

/** What the analysis reads beside a published trade (not part of it: the ledger signs the trade's fields). */
export interface TradeContext {
  trade: PaperTrade;
  /** The stop's trigger at entry (the initial risk). */
  stopLoss: number;
  entryLow: number;
  entryHigh: number;
  /** The contract's expiry instant (epoch ms), for pricing its premium's path. */
  expiresAt: number;
}

export interface StoredExcursion {
  signalId: string;
  mae: number;
  mfe: number;
  minutes: number;
  spanMinutes: number;
}

export function createJournalRepository(db: AppDb) {
  /**
   * The closed trades of `model` (of its `version` only, when given) that exited at or after `from`
   * (epoch ms), oldest exit first, each with its stop's trigger at entry (the analysis's initial risk; not
   * part of the published trade, whose fields the ledger signs).
   */
  async function closedTradesWithStops(
    model: ModelId,
    from: number,
    version?: string,
  ): Promise<TradeContext[]> {
    const rows = await db
      .select()
      .from(signals)
      .where(
        and(
          eq(signals.model, model),
          version === undefined ? undefined : eq(signals.modelVersion, version),
          eq(signals.status, "closed"),
          gte(signals.exitTime, new Date(from)),
          sql`${signals.entryPrice} is not null`,
        ),
      )
      .orderBy(asc(signals.exitTime), asc(signals.id));
    return rows.flatMap((row) => {
      const signal = signalOfRow(row);
      const money: ClosedTradeMoney | undefined =
        row.charges !== null && row.netPnl !== null
          ? { charges: row.charges, netPnl: row.netPnl }
          : closedTradeMoney(signal);
      return money
        ? [
            {
              trade: paperTradeOf(signal, money),
              stopLoss: signal.stopLoss,
              entryLow: signal.entryLow,
              entryHigh: signal.entryHigh,
              expiresAt: signal.expiresAt,
            },
          ]
        : [];
    });
  }

  return {
    closedTradesWithStops,

    /** The stored excursions of these trades (by signal id). */
    async excursionsOf(ids: readonly string[]): Promise<Map<string, StoredExcursion>> {
      const found = new Map<string, StoredExcursion>();
      for (let i = 0; i < ids.length; i += 1000) {
        const rows = await db
          .select()
          .from(tradeExcursions)
          .where(inArray(tradeExcursions.signalId, ids.slice(i, i + 1000)));
        for (const row of rows) found.set(row.signalId, row);
      }
      return found;
    },

    /** Keeps a trade's excursions; one already kept (by another reader meanwhile) stays as it was. */
    async saveExcursion(excursion: StoredExcursion): Promise<void> {
      await db.insert(tradeExcursions).values(excursion).onConflictDoNothing();
    },

    /**
     * The closed trades of `model` (of its `version` only, when given) that exited at or after `from`
     * (epoch ms), oldest exit first.
     */
    async closedTrades(model: ModelId, from: number, version?: string): Promise<PaperTrade[]> {
      return (await closedTradesWithStops(model, from, version)).map((entry) => entry.trade);
    },

    /**
     * Writes the charges of closed trades stored without them (before charges were written with the
     * close), each with its ledger entry in one transaction. Idempotent: a trade that has its
     * charges (here or in another process meanwhile) is left alone. Returns how many were filled
     * in.
     */
    async backfillCharges(): Promise<number> {
      const rows = await db
        .select({ id: signals.id })
        .from(signals)
        .where(and(eq(signals.status, "closed"), isNull(signals.charges)));
      let filled = 0;
      for (const { id } of rows) {
        await db.transaction(async (tx) => {
          const [row] = await tx
            .select()
            .from(signals)
            .where(and(eq(signals.id, id), isNull(signals.charges)))
            .for("update");
          if (!row) return;
          const signal = signalOfRow(row);
          const money = closedTradeMoney(signal);
          if (!money || signal.exitTime === null) return;
          await tx
            .update(signals)
            .set({ charges: money.charges, netPnl: money.netPnl })
            .where(eq(signals.id, id));
          await appendLedgerEntry(tx, {
            day: dayKeyOf(signal.exitTime),
            kind: "trade",
            content: paperTradeOf(signal, money),
          });
          filled += 1;
        });
      }
      return filled;
    },

    /** The latest day before `day` holding a signal (demo seeding resumes after it). */
    async latestDayBefore(day: string): Promise<string | undefined> {
      const [row] = await db
        .select({ day: sql<string>`max(${signals.day})::text` })
        .from(signals)
        .where(sql`${signals.day} < ${day}`);
      return row?.day ?? undefined;
    },
  };
}

export type JournalRepository = ReturnType<typeof createJournalRepository>;
