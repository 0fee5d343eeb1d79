/**
 * The ledger's two jobs beside appending (which recordTransition does):
 *
 * - Publishing day heads. When a trading day is over (the engine's day rollover, and at start-up for any
 *   finished day not yet published), each finished day holding entries gets its head: the chain's last
 *   entry on or before that day. Heads go to the append-only file first (fsync'd), then to the database's
 *   copy. The engine's process publishes (one per cluster); publishing runs one at a time.
 * - Verifying. The whole chain is recomputed against the heads of the file (and, for a day the file lacks,
 *   the database's copy): an edited row, a missing one, a relinked chain, and a chain cut or rewritten after
 *   a head was published are each found (hash-chain.ts verifyChain).
 */
import type { LedgerHead, LedgerVerdict } from "@kalpa/contracts/api/paper";
import type { FastifyBaseLogger as Logger } from "fastify";
import type { AppDb } from "../../db/client";
import { verifyChain } from "./hash-chain";
import { appendHeads, headsFilePath, readHeadsFile } from "./heads-file";
import { createLedgerRepository, type StoredHead } from "./repository";

export interface LedgerServiceOptions {
  db: AppDb;
  dataDir: string;
  log: Logger;
  /** Real time, for publishedAt and checkedAt. */
  realNow?: () => number;
}

export function createLedgerService(options: LedgerServiceOptions) {
  const repository = createLedgerRepository(options.db);
  const file = headsFilePath(options.dataDir);
  const realNow = options.realNow ?? Date.now;
  let queue: Promise<unknown> = Promise.resolve();

  function serial<T>(task: () => Promise<T>): Promise<T> {
    const run = queue.then(task, task);
    queue = run.catch(() => undefined);
    return run;
  }

  /** The published heads: the file's, plus the database's copy of any day the file lacks. */
  async function publishedHeads(): Promise<StoredHead[]> {
    const [{ heads: filed, unreadable }, stored] = await Promise.all([
      readHeadsFile(file),
      repository.heads(),
    ]);
    if (unreadable > 0)
      options.log.warn({ file, unreadable }, "ledger heads file: unreadable lines");
    const days = new Set(filed.map((head) => head.day));
    return [...filed, ...stored.filter((head) => !days.has(head.day))].sort((a, b) =>
      a.day < b.day ? -1 : a.day > b.day ? 1 : 0,
    );
  }

  return {
    file,

    /** Publishes the head of every finished day (before `today`) that holds entries and has none yet. */
    publishFinishedDays(today: string): Promise<StoredHead[]> {
      return serial(async () => {
        const { heads: filed } = await readHeadsFile(file);
        // A crash between the file and the database: the database's copy catches up from the file.
        for (const head of filed) {
          if (!(await repository.headOf(head.day))) await repository.saveHead(head);
        }
        const stored = await repository.heads();
        const last = [...filed.map((head) => head.day), ...stored.map((head) => head.day)]
          .sort()
          .at(-1);
        const days = await repository.daysWithEntries(last, today);
        const published: StoredHead[] = [];
        for (const day of days) {
          const head = await repository.headThrough(day);
          if (head) published.push({ day, seq: head.seq, hash: head.hash, publishedAt: realNow() });
        }
        if (published.length === 0) return [];
        await appendHeads(file, published);
        for (const head of published) await repository.saveHead(head);
        options.log.info(
          { days: published.map((head) => head.day), file },
          "ledger day heads published",
        );
        return published;
      });
    },

    /** Every published head, newest first. */
    async heads(): Promise<LedgerHead[]> {
      return (await publishedHeads()).reverse();
    },

    async verify(): Promise<LedgerVerdict> {
      const [entries, heads] = await Promise.all([repository.entries(), publishedHeads()]);
      const verdict = verifyChain(entries, heads);
      return { ...verdict, latestHead: heads.at(-1) ?? null, checkedAt: realNow() };
    },
  };
}

export type LedgerService = ReturnType<typeof createLedgerService>;
