/**
 * The published day heads: an append-only file, DATA_DIR/ledger/heads.jsonl, one JSON line per day, each
 * line flushed to disk (fsync) before the head counts as published. A line is the day's signed head
 * (docs/record-format.md: {v, kind, day, seq, hash, prev, publishedAt, signature, keyId, timestamp}); lines
 * written before heads were signed hold only {day, seq, hash, publishedAt}. A head stamped by the
 * time-stamping authority after its line was written gets a later line: the same head with its token. It lives outside the database on
 * purpose: whoever can rewrite the ledger's rows (and its copy of the heads) still has to rewrite this file
 * too, and cannot sign what they write. Verification reads the file.
 */
import { mkdir, open, readFile } from "node:fs/promises";
import path from "node:path";
import { canonicalJson } from "@kalpa/verify";
import { type StoredHead, signedHeadOf } from "./repository";

export function headsFilePath(dataDir: string): string {
  return path.join(dataDir, "ledger", "heads.jsonl");
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

function isRef(value: unknown): value is { day: string; seq: number; hash: string } {
  if (typeof value !== "object" || value === null) return false;
  const ref = value as Record<string, unknown>;
  return (
    typeof ref.day === "string" &&
    DAY.test(ref.day) &&
    Number.isInteger(ref.seq) &&
    typeof ref.hash === "string"
  );
}

/** A line's head: a signed one, or one written before heads were signed. */
function headOfLine(value: unknown): StoredHead | undefined {
  if (!isRef(value)) return undefined;
  const head = value as Record<string, unknown>;
  if (typeof head.publishedAt !== "number") return undefined;
  const base = { day: head.day as string, seq: head.seq as number, hash: head.hash as string };
  if (head.signature === undefined || head.signature === null) {
    return {
      ...base,
      publishedAt: head.publishedAt,
      prev: null,
      signature: null,
      keyId: null,
      timestamp: null,
    };
  }
  if (typeof head.signature !== "string" || typeof head.keyId !== "string") return undefined;
  const timestamp = typeof head.timestamp === "string" ? head.timestamp : null;
  if (head.prev !== null && !isRef(head.prev)) return undefined;
  const prev = isRef(head.prev)
    ? { day: head.prev.day, seq: head.prev.seq, hash: head.prev.hash }
    : null;
  return {
    ...base,
    publishedAt: head.publishedAt,
    prev,
    signature: head.signature,
    keyId: head.keyId,
    timestamp,
  };
}

/** Whether two heads name the same entry, published at the same moment. */
export function sameHead(a: StoredHead, b: StoredHead): boolean {
  return a.day === b.day && a.seq === b.seq && a.hash === b.hash && a.publishedAt === b.publishedAt;
}

/**
 * The heads the file holds, in the order written; the first line of a day wins (a line written again
 * after a crash between the file and the database is a copy), except that an unsigned head takes the
 * signature of a later line signing that very head, and a head without a time-stamp takes the token of a
 * later line holding that very signed head. Lines that are not heads (a torn last line after a
 * power cut) are skipped and reported.
 */
export async function readHeadsFile(
  file: string,
): Promise<{ heads: StoredHead[]; unreadable: number }> {
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return { heads: [], unreadable: 0 };
    throw error;
  }
  const heads: StoredHead[] = [];
  const byDay = new Map<string, StoredHead>();
  let unreadable = 0;
  for (const line of text.split("\n")) {
    if (line.trim() === "") continue;
    let parsed: unknown;
    try {
      parsed = JSON.parse(line);
    } catch {
      unreadable += 1;
      continue;
    }
    const head = headOfLine(parsed);
    if (!head) {
      unreadable += 1;
      continue;
    }
    const first = byDay.get(head.day);
    if (!first) {
      byDay.set(head.day, head);
      heads.push(head);
    } else if (first.signature === null && head.signature !== null && sameHead(first, head)) {
      // A head published before heads were signed, signed later as it stood.
      first.prev = head.prev;
      first.signature = head.signature;
      first.keyId = head.keyId;
      first.timestamp = head.timestamp;
    } else if (
      first.signature !== null &&
      first.timestamp === null &&
      head.timestamp !== null &&
      sameHead(first, head) &&
      head.signature === first.signature
    ) {
      // A signed head time-stamped after it was published (the authority was out of reach then).
      first.timestamp = head.timestamp;
    }
  }
  return { heads, unreadable };
}

/** Appends heads to the file and waits until they are on disk. */
export async function appendHeads(file: string, heads: readonly StoredHead[]): Promise<void> {
  if (heads.length === 0) return;
  await mkdir(path.dirname(file), { recursive: true });
  const handle = await open(file, "a+");
  try {
    // A line torn by a crash is closed first, so the next head starts a line of its own.
    const { size } = await handle.stat();
    let prefix = "";
    if (size > 0) {
      const last = Buffer.alloc(1);
      await handle.read(last, 0, 1, size - 1);
      if (last.toString("utf8") !== "\n") prefix = "\n";
    }
    const lines = heads.map((head) => canonicalJson(signedHeadOf(head))).join("\n");
    await handle.appendFile(`${prefix}${lines}\n`, "utf8");
    await handle.sync();
  } finally {
    await handle.close();
  }
}
