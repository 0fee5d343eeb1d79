/**
 * The ledger's SQL (schema: ledger_entries, ledger_heads). `appendLedgerEntry` runs inside the caller's
 * transaction (recordTransition's): it takes a transaction-scoped advisory lock, so appends from several
 * processes on one PostgreSQL (or concurrent transactions on the embedded database) form one chain, reads
 * the chain's head and inserts the next entry. The lock is released when the transaction ends.
 */
import type { SignedLedgerHead } from "@kalpa/contracts/api/ledger";
import { HEAD_KIND, HEAD_VERSION, type HeadRef } from "@kalpa/verify";
import { and, asc, desc, eq, gt, isNotNull, isNull, lte, sql } from "drizzle-orm";
import type { AppDb, DbExecutor } from "../../db/client";
import { ledgerEntries, ledgerHeads } from "../../db/schema";
import { canonicalJson, type LedgerEntry, nextEntry, type PublishedHead } from "./hash-chain";

/** Arbitrary constant: the advisory lock that serialises ledger appends across processes. */
const LEDGER_LOCK_KEY = 7_245_311_008;

export interface LedgerAppend {
  /** The Asia/Kolkata day of the recorded instant. */
  day: string;
  kind: string;
  content: unknown;
}

/**
 * The chain's head as a transaction holding the lock last wrote it: later appends in the same transaction
 * need neither the lock again nor the head read again (the lock is held until the transaction ends, so no
 * one else can have appended).
 */
const headInTransaction = new WeakMap<object, { seq: number; hash: string }>();

/** A drizzle transaction (not the database itself, where a transaction-scoped lock would not hold). */
function isTransaction(tx: DbExecutor): boolean {
  return typeof (tx as { rollback?: unknown }).rollback === "function";
}

/** Appends one entry to the chain in the caller's transaction. */
export async function appendLedgerEntry(tx: DbExecutor, entry: LedgerAppend): Promise<LedgerEntry> {
  if (!isTransaction(tx)) throw new Error("ledger entries are appended inside a transaction");
  let last = headInTransaction.get(tx);
  if (!last) {
    await tx.execute(sql`select pg_advisory_xact_lock(${LEDGER_LOCK_KEY})`);
    [last] = await tx
      .select({ seq: ledgerEntries.seq, hash: ledgerEntries.hash })
      .from(ledgerEntries)
      .orderBy(desc(ledgerEntries.seq))
      .limit(1);
  }
  // The content is stored as the very text the hash covers: reading it back gives the same bytes.
  const content = JSON.parse(canonicalJson(entry.content)) as unknown;
  const next = nextEntry(last ?? null, { day: entry.day, kind: entry.kind, content });
  await tx.insert(ledgerEntries).values({
    seq: next.seq,
    day: next.day,
    kind: next.kind,
    content: canonicalJson(next.content),
    prevHash: next.prevHash,
    hash: next.hash,
  });
  headInTransaction.set(tx, { seq: next.seq, hash: next.hash });
  return next;
}

export interface StoredHead extends PublishedHead {
  publishedAt: number;
  /** The head published before this one, as its signature covers it; null for the first (or unsigned). */
  prev: HeadRef | null;
  /** The operator's Ed25519 signature (base64) and its key's id; null on a head published unsigned. */
  signature: string | null;
  keyId: string | null;
  /** Base64 of the RFC 3161 token stamping the signed message; null without one (yet). */
  timestamp: string | null;
}

/** A head as published (docs/record-format.md). */
export function signedHeadOf(head: StoredHead): SignedLedgerHead {
  return {
    v: HEAD_VERSION,
    kind: HEAD_KIND,
    day: head.day,
    seq: head.seq,
    hash: head.hash,
    prev: head.prev,
    publishedAt: head.publishedAt,
    signature: head.signature,
    keyId: head.keyId,
    timestamp: head.timestamp,
  };
}

function storedHeadOf(row: typeof ledgerHeads.$inferSelect): StoredHead {
  return {
    day: row.day,
    seq: row.seq,
    hash: row.hash,
    publishedAt: row.publishedAt.getTime(),
    prev:
      row.prevDay !== null && row.prevSeq !== null && row.prevHash !== null
        ? { day: row.prevDay, seq: row.prevSeq, hash: row.prevHash }
        : null,
    signature: row.signature,
    keyId: row.keyId,
    timestamp: row.timestampToken,
  };
}

/** Entry content as stored: the very text its hash covers. */
function entryOf(row: typeof ledgerEntries.$inferSelect): LedgerEntry {
  let content: unknown;
  try {
    content = JSON.parse(row.content);
  } catch {
    // An edited row that is no longer JSON still fails its hash: keep the raw text.
    content = row.content;
  }
  return {
    seq: row.seq,
    day: row.day,
    kind: row.kind,
    content,
    prevHash: row.prevHash,
    hash: row.hash,
  };
}

export function createLedgerRepository(db: AppDb) {
  return {
    /** Every entry in sequence order, as the hash chain reads them. */
    async entries(): Promise<LedgerEntry[]> {
      const rows = await db.select().from(ledgerEntries).orderBy(asc(ledgerEntries.seq));
      return rows.map(entryOf);
    },

    /** The entries after `afterSeq` through `throughSeq`, in sequence order: what one head covers. */
    async entriesBetween(afterSeq: number, throughSeq: number): Promise<LedgerEntry[]> {
      const rows = await db
        .select()
        .from(ledgerEntries)
        .where(and(gt(ledgerEntries.seq, afterSeq), lte(ledgerEntries.seq, throughSeq)))
        .orderBy(asc(ledgerEntries.seq));
      return rows.map(entryOf);
    },

    /** The chain's last entry on or before `day`: what that day's head is when published. */
    async headThrough(day: string): Promise<{ seq: number; hash: string } | undefined> {
      const [row] = await db
        .select({ seq: ledgerEntries.seq, hash: ledgerEntries.hash })
        .from(ledgerEntries)
        .where(lte(ledgerEntries.day, day))
        .orderBy(desc(ledgerEntries.seq))
        .limit(1);
      return row;
    },

    /** The days holding entries, after `after` (exclusive) and before `before` (exclusive), oldest first. */
    async daysWithEntries(after: string | undefined, before: string): Promise<string[]> {
      const rows = await db
        .selectDistinct({ day: ledgerEntries.day })
        .from(ledgerEntries)
        .where(
          and(
            after === undefined ? undefined : gt(ledgerEntries.day, after),
            sql`${ledgerEntries.day} < ${before}`,
          ),
        )
        .orderBy(asc(ledgerEntries.day));
      return rows.map((row) => row.day);
    },

    /** The database's copy of the published heads, newest first. */
    async heads(): Promise<StoredHead[]> {
      const rows = await db.select().from(ledgerHeads).orderBy(desc(ledgerHeads.day));
      return rows.map(storedHeadOf);
    },

    async saveHead(head: StoredHead): Promise<void> {
      await db
        .insert(ledgerHeads)
        .values({
          day: head.day,
          seq: head.seq,
          hash: head.hash,
          publishedAt: new Date(head.publishedAt),
          prevDay: head.prev?.day ?? null,
          prevSeq: head.prev?.seq ?? null,
          prevHash: head.prev?.hash ?? null,
          signature: head.signature,
          keyId: head.keyId,
          timestampToken: head.timestamp,
        })
        .onConflictDoNothing();
    },

    /** Signs a head published unsigned (only while it is: a signature, once kept, never changes). */
    async addSignature(head: StoredHead): Promise<void> {
      await db
        .update(ledgerHeads)
        .set({
          prevDay: head.prev?.day ?? null,
          prevSeq: head.prev?.seq ?? null,
          prevHash: head.prev?.hash ?? null,
          signature: head.signature,
          keyId: head.keyId,
        })
        .where(
          and(
            eq(ledgerHeads.day, head.day),
            eq(ledgerHeads.seq, head.seq),
            eq(ledgerHeads.hash, head.hash),
            isNull(ledgerHeads.signature),
          ),
        );
    },

    /** Keeps a head's time-stamp (only while it has none: a token, once kept, never changes). */
    async addTimestamp(head: StoredHead): Promise<void> {
      if (head.timestamp === null || head.signature === null) return;
      await db
        .update(ledgerHeads)
        .set({ timestampToken: head.timestamp, timestampFailure: null, timestampFailedAt: null })
        .where(
          and(
            eq(ledgerHeads.day, head.day),
            eq(ledgerHeads.signature, head.signature),
            isNull(ledgerHeads.timestampToken),
          ),
        );
    },

    /** Records why a head could not be stamped; it is tried again at the next publication. */
    async recordTimestampFailure(day: string, reason: string, at: Date): Promise<void> {
      await db
        .update(ledgerHeads)
        .set({ timestampFailure: reason, timestampFailedAt: at })
        .where(and(eq(ledgerHeads.day, day), isNull(ledgerHeads.timestampToken)));
    },

    /** The heads whose last stamping failed, with why and when (the operator's console shows them). */
    async timestampFailures(): Promise<Array<{ day: string; reason: string; at: number }>> {
      const rows = await db
        .select({
          day: ledgerHeads.day,
          reason: ledgerHeads.timestampFailure,
          at: ledgerHeads.timestampFailedAt,
        })
        .from(ledgerHeads)
        .where(and(isNull(ledgerHeads.timestampToken), isNotNull(ledgerHeads.timestampFailure)))
        .orderBy(asc(ledgerHeads.day));
      return rows.map((row) => ({
        day: row.day,
        reason: row.reason ?? "",
        at: row.at?.getTime() ?? 0,
      }));
    },

    async headOf(day: string): Promise<StoredHead | undefined> {
      const [row] = await db.select().from(ledgerHeads).where(eq(ledgerHeads.day, day));
      return row ? storedHeadOf(row) : undefined;
    },
  };
}

export type LedgerRepository = ReturnType<typeof createLedgerRepository>;
