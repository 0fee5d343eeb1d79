/**
 * The tamper-evident ledger's arithmetic: every signal event and trade is appended as an entry
 * holding its sequence number, day, kind, canonical content, the previous entry's hash and its own
 * SHA-256 over all of those. Each day's last hash (the day's head) is published outside the table, so that
 * rewriting the chain from an edited row onwards, or cutting rows off its end, no longer matches what was
 * published.
 */
import { canonicalJson, entryHash, GENESIS_HASH, type LedgerEntry } from "@kalpa/verify";

// The hashing is the offline verifier's (packages/verify), so the server and the verifier cannot drift apart.
export { canonicalJson, entryHash, GENESIS_HASH, type LedgerEntry };

/** A day's head as published: the last entry of the day when it was published. */
export interface PublishedHead {
  day: string;
  seq: number;
  hash: string;
}

/** "signature": a published head is not signed by the served key over what it says (service.ts). */
export type ChainBreakReason = "edited" | "missing" | "relinked" | "unpublished" | "signature";

export interface ChainBreak {
  seq: number;
  reason: ChainBreakReason;
  detail: string;
}

export interface ChainVerdict {
  ok: boolean;
  entries: number;
  head: { seq: number; hash: string } | null;
  headsChecked: number;
  /** The earliest place the chain stops being what was written, or null when intact. */
  firstBreak: ChainBreak | null;
}

/** The entry that follows `previous` (or starts the chain). */
export function nextEntry(
  previous: Pick<LedgerEntry, "seq" | "hash"> | null,
  entry: { day: string; kind: string; content: unknown },
): LedgerEntry {
  const base = {
    seq: previous ? previous.seq + 1 : 1,
    day: entry.day,
    kind: entry.kind,
    content: entry.content,
    prevHash: previous ? previous.hash : GENESIS_HASH,
  };
  return { ...base, hash: entryHash(base) };
}

/**
 * Recomputes the chain (entries in sequence order) and checks it against the published heads. Finds an
 * edited entry (its hash no longer matches its content), a deleted one (a gap in the sequence), a chain
 * relinked around a change (a previous hash that is not its predecessor's), and rows cut off the end or
 * rewritten after publication (a published head that is missing or different).
 */
export function verifyChain(
  entries: readonly LedgerEntry[],
  heads: readonly PublishedHead[],
): ChainVerdict {
  const breaks: ChainBreak[] = [];
  let previous: LedgerEntry | null = null;
  const bySeq = new Map<number, LedgerEntry>();
  for (const entry of entries) {
    bySeq.set(entry.seq, entry);
    const expectedSeq = previous ? previous.seq + 1 : 1;
    if (entry.seq !== expectedSeq) {
      breaks.push({
        seq: expectedSeq,
        reason: "missing",
        detail: `entry ${expectedSeq} is missing (the next one is ${entry.seq})`,
      });
    } else if (entry.prevHash !== (previous ? previous.hash : GENESIS_HASH)) {
      breaks.push({
        seq: entry.seq,
        reason: "relinked",
        detail: `entry ${entry.seq} does not follow entry ${expectedSeq - 1}`,
      });
    }
    if (entryHash(entry) !== entry.hash) {
      breaks.push({
        seq: entry.seq,
        reason: "edited",
        detail: `entry ${entry.seq} no longer matches its hash`,
      });
    }
    previous = entry;
  }
  for (const head of heads) {
    const entry = bySeq.get(head.seq);
    if (!entry) {
      breaks.push({
        seq: head.seq,
        reason: "missing",
        detail: `entry ${head.seq}, published as the head of ${head.day}, is missing`,
      });
    } else if (entry.hash !== head.hash) {
      breaks.push({
        seq: head.seq,
        reason: "unpublished",
        detail: `entry ${head.seq} differs from the head published for ${head.day}`,
      });
    }
  }
  breaks.sort((a, b) => a.seq - b.seq);
  return {
    ok: breaks.length === 0,
    entries: entries.length,
    head: previous ? { seq: previous.seq, hash: previous.hash } : null,
    headsChecked: heads.length,
    firstBreak: breaks[0] ?? null,
  };
}
