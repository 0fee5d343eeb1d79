/**
 * The published day heads: an append-only file, DATA_DIR/ledger/heads.jsonl, one JSON line per day
 * ({day, seq, hash, publishedAt}), each line flushed to disk (fsync) before the head counts as published.
 * It lives outside the database on purpose: whoever can rewrite the ledger's rows (and its copy of the
 * heads) still has to rewrite this file too. Verification reads the file.
 */
import { mkdir, open, readFile } from "node:fs/promises";
import path from "node:path";
import type { StoredHead } from "./repository";

export function headsFilePath(dataDir: string): string {
  return path.join(dataDir, "ledger", "heads.jsonl");
}

function isHead(value: unknown): value is StoredHead {
  if (typeof value !== "object" || value === null) return false;
  const head = value as Record<string, unknown>;
  return (
    typeof head.day === "string" &&
    /^\d{4}-\d{2}-\d{2}$/.test(head.day) &&
    Number.isInteger(head.seq) &&
    typeof head.hash === "string" &&
    typeof head.publishedAt === "number"
  );
}

/**
 * The heads the file holds, in the order written; the first line of a day wins (a line written again
 * after a crash between the file and the database is a copy). Lines that are not heads (a torn last line
 * after a power cut) are skipped and reported.
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
  const seen = new Set<string>();
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
    if (!isHead(parsed)) {
      unreadable += 1;
      continue;
    }
    if (seen.has(parsed.day)) continue;
    seen.add(parsed.day);
    heads.push({
      day: parsed.day,
      seq: parsed.seq,
      hash: parsed.hash,
      publishedAt: parsed.publishedAt,
    });
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
    const lines = heads
      .map((head) =>
        JSON.stringify({
          day: head.day,
          seq: head.seq,
          hash: head.hash,
          publishedAt: head.publishedAt,
        }),
      )
      .join("\n");
    await handle.appendFile(`${prefix}${lines}\n`, "utf8");
    await handle.sync();
  } finally {
    await handle.close();
  }
}
