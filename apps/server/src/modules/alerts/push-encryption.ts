/**
 * Web Push message encryption (RFC 8291, aes128gcm) off the main thread. Every message needs an ECDH
 * agreement with its browser's key under a fresh key pair and salt of its own (RFC 8291 section 3),
 * about 0.3 ms of CPU each: 10,000 messages would hold the event loop for seconds, and the sockets that
 * carry the messages out (and every request to the site) would wait behind them. So `web-push`'s own
 * `encrypt` runs in a few worker threads, in batches, while the main thread sends what is ready.
 *
 * The workers start on first use and are ended by `close()` (the delivery loop's stop, on the app's
 * close). They are unref'd, so a process that forgets to close them can still exit.
 */
import { createRequire } from "node:module";
import { availableParallelism } from "node:os";
import { Worker } from "node:worker_threads";

export interface EncryptJob {
  /** The browser's key and auth secret (base64url, as the subscription gives them). */
  p256dh: string;
  auth: string;
  /** The message, UTF-8. */
  payload: string;
}

/** The encrypted body (the aes128gcm header and record), or why it could not be made. */
export type Encrypted = Uint8Array | { error: string };

/**
 * The worker's code, run as a script (`eval`): a file of its own would need a place in the bundle
 * (scripts/build.mjs makes one file) and a loader under tsx and vitest. It loads `web-push` by the path
 * the main thread resolved, so both use the same copy.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require("node:worker_threads");
const webpush = require(workerData.webPush);
parentPort.on("message", (jobs) => {
  const bodies = jobs.map((job) => {
    try {
      const body = webpush.encrypt(job.p256dh, job.auth, job.payload, "aes128gcm").cipherText;
      return new Uint8Array(body.buffer, body.byteOffset, body.byteLength);
    } catch (error) {
      return { error: String(error && error.message) };
    }
  });
  parentPort.postMessage(bodies);
});
`;

interface PoolWorker {
  worker: Worker;
  /** Batches sent to it and not yet answered, oldest first (a worker answers in order). */
  waiting: { resolve(bodies: Encrypted[]): void; reject(error: Error): void }[];
}

/** One worker per core but one (the main thread keeps a core for sending), at least one, at most four. */
export const ENCRYPTION_THREADS = Math.max(1, Math.min(4, availableParallelism() - 1));

export function createEncryptionPool(size = ENCRYPTION_THREADS) {
  const webPush = createRequire(import.meta.url).resolve("web-push");
  const workers: PoolWorker[] = [];
  let closed = false;

  function start(): PoolWorker {
    const entry: PoolWorker = {
      worker: new Worker(WORKER_SOURCE, { eval: true, workerData: { webPush } }),
      waiting: [],
    };
    entry.worker.unref();
    entry.worker.on("message", (bodies: Encrypted[]) => entry.waiting.shift()?.resolve(bodies));
    // A worker that dies fails what it was given (those messages are retried later) and is replaced on
    // the next batch.
    const fail = (error: Error) => {
      const index = workers.indexOf(entry);
      if (index >= 0) workers.splice(index, 1);
      for (const waiter of entry.waiting.splice(0)) waiter.reject(error);
    };
    entry.worker.on("error", fail);
    entry.worker.on("exit", (code) => fail(new Error(`an encryption worker stopped (${code})`)));
    workers.push(entry);
    return entry;
  }

  /** The least busy worker, starting another while there are fewer than `size`. */
  function pick(): PoolWorker {
    const idle = workers.find((entry) => entry.waiting.length === 0);
    if (idle) return idle;
    if (workers.length < size) return start();
    return workers.reduce((a, b) => (b.waiting.length < a.waiting.length ? b : a));
  }

  return {
    /** Encrypts a batch in one worker; answers each job's body (or error) in the same order. */
    encrypt(jobs: readonly EncryptJob[]): Promise<Encrypted[]> {
      if (closed) return Promise.reject(new Error("the encryption pool is closed"));
      if (jobs.length === 0) return Promise.resolve([]);
      const entry = pick();
      return new Promise((resolve, reject) => {
        entry.waiting.push({ resolve, reject });
        entry.worker.postMessage(jobs);
      });
    },

    async close(): Promise<void> {
      closed = true;
      await Promise.all(workers.splice(0).map((entry) => entry.worker.terminate()));
    },
  };
}

export type EncryptionPool = ReturnType<typeof createEncryptionPool>;
