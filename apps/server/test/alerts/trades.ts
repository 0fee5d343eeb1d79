/**
 * The trade the alert tests tell of: a BankNifty KalpaVruksha signal generated, triggered at 210.50 and
 * closed at 260.50 (+₹3250), its transitions committed one by one as the engine commits them.
 */
import type { LedgerRef } from "@kalpa/contracts/ledger-ref";
import { asc, eq } from "drizzle-orm";
import type { AppDb } from "../../src/db/client";
import { ledgerEntries, signalEvents } from "../../src/db/schema";
import type { SignalRepository, TransitionRecord } from "../../src/modules/signals/repository";
import { tradeRecords } from "../journal/fixtures";

export function bankNiftyTradeRecords(): TransitionRecord[] {
  const entryTime = Date.now() - 10 * 60_000;
  return tradeRecords({
    model: "BankNifty:KalpaVruksha",
    entryTime,
    entryPrice: 210.5,
    exitTime: entryTime + 5 * 60_000,
    exitPrice: 260.5,
  });
}

/** Commits the records (by default the whole trade); answers the signal's id. */
export async function commitTrade(
  signals: Pick<SignalRepository, "record">,
  records = bankNiftyTradeRecords(),
): Promise<string> {
  for (const record of records) await signals.record([record]);
  return records[0]?.signal.id as string;
}

/**
 * Each recorded transition of the signal, in order, with the ledger entry its event row names, read back
 * from the chain (kind and the entry's own hash): what an alert must quote.
 */
export async function ledgerOfTransitions(
  db: AppDb,
  signalId: string,
): Promise<Array<{ kind: string; ledger: LedgerRef; entryKind: string; entryHash: string }>> {
  const rows = await db
    .select({
      kind: signalEvents.kind,
      seq: signalEvents.ledgerSeq,
      hash: signalEvents.ledgerHash,
      entryKind: ledgerEntries.kind,
      entryHash: ledgerEntries.hash,
    })
    .from(signalEvents)
    .innerJoin(ledgerEntries, eq(ledgerEntries.seq, signalEvents.ledgerSeq))
    .where(eq(signalEvents.signalId, signalId))
    .orderBy(asc(signalEvents.seq));
  return rows.map((row) => ({
    kind: row.kind,
    ledger: { seq: row.seq as number, hash: row.hash as string },
    entryKind: row.entryKind,
    entryHash: row.entryHash,
  }));
}
