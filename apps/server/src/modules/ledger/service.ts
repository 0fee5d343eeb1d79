/**
 * The ledger's two jobs beside appending (which recordTransition does):
 *
 * - Publishing day heads. When a trading day is over (the engine's day rollover, and at start-up for any
 *   finished day not yet published), each finished day holding entries gets its head: the chain's last
 *   entry on or before that day, naming the head published before it, signed with the operator's Ed25519
 *   key (docs/record-format.md). Heads go to the append-only file first (fsync'd), then to the database's
 *   copy. The engine's process publishes (one per cluster); publishing runs one at a time.
 * - Time-stamping, when an authority is configured (LEDGER_TSA_URL): each signed head is stamped before it
 *   is written, so its line carries the token. An authority out of reach does not hold publishing up: the
 *   head is published without a token, the failure is logged and kept with the head, and every head still
 *   without one is stamped at the next publication (a later line of the file carries the token).
 * - Serving the signed record: the heads, and each day's bundle (the entries its head covers, with the
 *   previous head and its own) for anyone to check offline with kalpa-verify.
 * - Verifying. The whole chain is recomputed against the heads of the file (and, for a day the file lacks,
 *   the database's copy): an edited row, a missing one, a relinked chain, and a chain cut or rewritten after
 *   a head was published are each found (hash-chain.ts verifyChain). Each published head's Ed25519
 *   signature is checked with the served key too: a head that is unsigned, names another key, or whose
 *   signature does not cover what it says is a break at its entry.
 */
import {
  LEDGER_HEADS_DEFAULT_LIMIT,
  type LedgerBundle,
  type LedgerHeadsQuery,
  type LedgerKey,
  type SignedLedgerHead,
} from "@kalpa/contracts/api/ledger";
import type { LedgerVerdict } from "@kalpa/contracts/api/paper";
import {
  type HeadRef,
  headMessage,
  headSignatureValid,
  readKeyDocument,
  type SignedHead,
  signHead,
} from "@kalpa/verify";
import type { FastifyBaseLogger as Logger } from "fastify";
import type { AppDb } from "../../db/client";
import { type ChainBreak, verifyChain } from "./hash-chain";
import { appendHeads, headsFilePath, readHeadsFile } from "./heads-file";
import { createLedgerRepository, type StoredHead, signedHeadOf } from "./repository";
import type { LedgerSigningKey } from "./signing-key";
import type { TimeStamper } from "./time-stamp";

export interface LedgerServiceOptions {
  db: AppDb;
  dataDir: string;
  log: Logger;
  /** The operator's key: signs the heads this process publishes; its public half is served. */
  signingKey: LedgerSigningKey;
  /** The RFC 3161 authority that stamps each signed head (LEDGER_TSA_URL); none: heads are signed only. */
  timeStamper?: TimeStamper;
  /** Real time, for publishedAt and checkedAt. */
  realNow?: () => number;
}

function storedOf(head: SignedHead): StoredHead {
  return {
    day: head.day,
    seq: head.seq,
    hash: head.hash,
    publishedAt: head.publishedAt,
    prev: head.prev,
    signature: head.signature,
    keyId: head.keyId,
    timestamp: null,
  };
}

/**
 * The first published head (in day order) whose signature is not the served key's over what it says:
 * unsigned, signed by another key, or altered after signing. Null when every head verifies.
 */
export function firstBadHeadSignature(
  heads: readonly StoredHead[],
  published: { keyId: string; publicKey: string },
): ChainBreak | null {
  const { key, keyId } = readKeyDocument({ algorithm: "Ed25519", ...published });
  for (const head of heads) {
    const where = `the head published for ${head.day} (entry ${head.seq})`;
    if (head.signature === null || head.keyId === null) {
      return { seq: head.seq, reason: "signature", detail: `${where} is not signed` };
    }
    if (head.keyId !== keyId) {
      return {
        seq: head.seq,
        reason: "signature",
        detail: `${where} names key ${head.keyId}, not the operator's key ${keyId}`,
      };
    }
    if (!headSignatureValid({ ...signedHeadOf(head), signature: head.signature }, key)) {
      return {
        seq: head.seq,
        reason: "signature",
        detail: `${where} does not match its signature by the operator's key`,
      };
    }
  }
  return null;
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

  /** A crash between the file and the database: the database's copy catches up from the file. */
  async function catchUpFromFile(): Promise<void> {
    const { heads: filed } = await readHeadsFile(file);
    for (const head of filed) {
      const stored = await repository.headOf(head.day);
      if (!stored) await repository.saveHead(head);
      else if (stored.signature === null && head.signature !== null) {
        await repository.addSignature(head);
        await repository.addTimestamp(head);
      } else if (stored.timestamp === null && head.timestamp !== null) {
        await repository.addTimestamp(head);
      }
    }
  }

  /** Failures of this publication, kept with their heads once those are in the database. */
  const failures: Array<{ day: string; reason: string; at: number }> = [];

  /**
   * Stamps each head in turn; stops at the first failure (an authority out of reach would make every
   * further head wait for its timeout), which is logged and kept with the heads left for the next
   * publication. Returns the heads that got a token; the rest keep none.
   */
  async function stamp(heads: StoredHead[]): Promise<StoredHead[]> {
    const stamper = options.timeStamper;
    if (!stamper) return [];
    const stamped: StoredHead[] = [];
    for (const [index, head] of heads.entries()) {
      if (head.signature === null) continue;
      const result = await stamper.stamp(headMessage(signedHeadOf(head)));
      if (!result.ok) {
        const left = heads.slice(index);
        options.log.warn(
          { days: left.map((item) => item.day), tsa: stamper.url, reason: result.reason },
          "ledger day heads not time-stamped; tried again at the next publication",
        );
        const at = realNow();
        for (const item of left) failures.push({ day: item.day, reason: result.reason, at });
        break;
      }
      head.timestamp = result.token;
      stamped.push(head);
    }
    return stamped;
  }

  async function recordFailures(): Promise<void> {
    for (const failure of failures.splice(0)) {
      await repository.recordTimestampFailure(failure.day, failure.reason, new Date(failure.at));
    }
  }

  /**
   * Heads published (and signed) without a time-stamp get one, each in a later line of the file. Returns
   * the reason the authority failed, or undefined when every head is stamped.
   */
  async function stampUnstampedHeads(): Promise<string | undefined> {
    if (!options.timeStamper) return undefined;
    const waiting = (await publishedHeads()).filter(
      (head) => head.signature !== null && head.timestamp === null,
    );
    if (waiting.length === 0) return undefined;
    const stamped = await stamp(waiting.map((head) => ({ ...head })));
    if (stamped.length > 0) {
      await appendHeads(file, stamped);
      for (const head of stamped) await repository.addTimestamp(head);
      options.log.info(
        { days: stamped.map((head) => head.day), tsa: options.timeStamper.url },
        "ledger day heads published earlier, time-stamped",
      );
    }
    const failure = failures[0]?.reason;
    await recordFailures();
    return failure;
  }

  /**
   * Heads published before heads were signed are signed as they stand, each naming the head before it, so
   * every published day can be verified with the key. Their publishedAt stays when they were published.
   */
  async function signUnsignedHeads(): Promise<void> {
    const heads = await publishedHeads();
    const signed: StoredHead[] = [];
    let prev: HeadRef | null = null;
    for (const head of heads) {
      if (head.signature === null) {
        signed.push(storedOf(signHead({ ...head, prev }, options.signingKey.privateKey)));
      }
      prev = { day: head.day, seq: head.seq, hash: head.hash };
    }
    if (signed.length === 0) return;
    await appendHeads(file, signed);
    for (const head of signed) await repository.addSignature(head);
    options.log.info(
      { days: signed.map((head) => head.day), file },
      "ledger day heads published before signing, signed",
    );
  }

  return {
    file,

    /** Publishes the head of every finished day (before `today`) that holds entries and has none yet. */
    publishFinishedDays(today: string): Promise<StoredHead[]> {
      return serial(async () => {
        await catchUpFromFile();
        await signUnsignedHeads();
        // The authority out of reach for an earlier head: new heads are published unstamped, not delayed.
        const unreachable = await stampUnstampedHeads();
        const latest = (await publishedHeads()).at(-1);
        const days = await repository.daysWithEntries(latest?.day, today);
        const published: StoredHead[] = [];
        let prev: HeadRef | null = latest
          ? { day: latest.day, seq: latest.seq, hash: latest.hash }
          : null;
        for (const day of days) {
          const head = await repository.headThrough(day);
          if (!head) continue;
          const signed = signHead(
            { day, seq: head.seq, hash: head.hash, prev, publishedAt: realNow() },
            options.signingKey.privateKey,
          );
          published.push(storedOf(signed));
          prev = { day, seq: head.seq, hash: head.hash };
        }
        if (published.length === 0) return [];
        if (unreachable === undefined) await stamp(published);
        else if (options.timeStamper) {
          const at = realNow();
          for (const head of published) failures.push({ day: head.day, reason: unreachable, at });
        }
        await appendHeads(file, published);
        for (const head of published) await repository.saveHead(head);
        await recordFailures();
        options.log.info(
          {
            days: published.map((head) => head.day),
            file,
            ...(options.timeStamper
              ? { timeStamped: published.filter((head) => head.timestamp !== null).length }
              : {}),
          },
          "ledger day heads published",
        );
        return published;
      });
    },

    /** The authority that stamps the heads, if any, and the heads it has not stamped yet (and why). */
    async timeStamping(): Promise<{
      url: string | null;
      failures: Array<{ day: string; reason: string; at: number }>;
    }> {
      return {
        url: options.timeStamper?.url ?? null,
        failures: options.timeStamper ? await repository.timestampFailures() : [],
      };
    },

    /** The key the heads are signed with, as /.well-known/kalpa-ledger-key publishes it. */
    publicKey(): LedgerKey {
      return options.signingKey.published;
    },

    /** The published heads, newest first, between `after` and `before` (both excluded). */
    async heads(query: LedgerHeadsQuery = {}): Promise<SignedLedgerHead[]> {
      const { after, before, limit = LEDGER_HEADS_DEFAULT_LIMIT } = query;
      return (await publishedHeads())
        .filter(
          (head) =>
            (after === undefined || head.day > after) &&
            (before === undefined || head.day < before),
        )
        .reverse()
        .slice(0, limit)
        .map(signedHeadOf);
    },

    /** One day's published head, if any. */
    async head(day: string): Promise<SignedLedgerHead | undefined> {
      const head = (await publishedHeads()).find((item) => item.day === day);
      return head ? signedHeadOf(head) : undefined;
    },

    /**
     * A day's bundle: the entries its head covers (those after the head published before it, through it),
     * the previous head and its own. Undefined when no head was published for the day.
     */
    async bundle(day: string): Promise<LedgerBundle | undefined> {
      const heads = await publishedHeads();
      const index = heads.findIndex((item) => item.day === day);
      const head = heads[index];
      if (!head) return undefined;
      const prevHead = heads[index - 1] ?? null;
      return {
        v: 1,
        day,
        keyId: head.keyId,
        prevHead: prevHead ? signedHeadOf(prevHead) : null,
        head: signedHeadOf(head),
        entries: await repository.entriesBetween(prevHead?.seq ?? 0, head.seq),
      };
    },

    async verify(): Promise<LedgerVerdict> {
      const [entries, heads] = await Promise.all([repository.entries(), publishedHeads()]);
      const chain = verifyChain(entries, heads);
      const badHead = firstBadHeadSignature(heads, options.signingKey.published);
      // The earliest place the record stops being what was signed: a chain break or a bad head, by entry.
      const firstBreak =
        badHead && (!chain.firstBreak || badHead.seq < chain.firstBreak.seq)
          ? badHead
          : chain.firstBreak;
      const verdict = { ...chain, ok: chain.ok && badHead === null, firstBreak };
      const latest = heads.at(-1);
      return {
        ...verdict,
        latestHead: latest
          ? { day: latest.day, seq: latest.seq, hash: latest.hash, publishedAt: latest.publishedAt }
          : null,
        checkedAt: realNow(),
      };
    },
  };
}

export type LedgerService = ReturnType<typeof createLedgerService>;
