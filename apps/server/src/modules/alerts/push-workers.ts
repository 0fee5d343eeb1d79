/**
 * Web Push's sending off the main thread: each message encrypted for its browser (RFC 8291, aes128gcm, by
 * `web-push`'s own `encrypt`) and POSTed to its push service, in a few worker threads. Every message needs
 * an ECDH agreement with its browser's key under a fresh key pair and salt of its own (RFC 8291 section
 * 3), about 0.3 ms of CPU each, and a POST about 0.1 ms more: 10,000 messages would hold the event loop
 * for seconds, and the database's work for the next batch (and every request to the site) would wait
 * behind them. The main thread reads the subscriptions, signs the VAPID header and records the outcomes;
 * the workers do the rest and answer each message's result.
 *
 * One endpoint's messages always go to the same worker and, there, one after another in the order given
 * (a "closed" never overtakes its "triggered"); different endpoints go side by side.
 *
 * The workers start on first use and are ended by `close()` (the delivery loop's stop, on the app's
 * close). They are unref'd, so a process that forgets to close them can still exit.
 */
import { createRequire } from "node:module";
import { availableParallelism } from "node:os";
import { Worker } from "node:worker_threads";

export interface PushJob {
  /** The delivery's id, echoed in its result. */
  id: number;
  endpoint: string;
  /** The browser's key and auth secret (base64url, as the subscription gives them). */
  p256dh: string;
  auth: string;
  /** The message, UTF-8. */
  payload: string;
  /** TTL, Urgency and Authorization (the body's own headers are added by the worker). */
  headers: Record<string, string | number>;
}

/** What became of one message. */
export type PushResult =
  /** The push service answered. */
  | { id: number; status: number; retryAfter?: string }
  /** The keys are not a browser's: nothing was sent. */
  | { id: number; notEncrypted: string }
  /** No answer (the connection failed, or the timeout passed): it may or may not have arrived. */
  | { id: number; noAnswer: string }
  /** Its worker stopped before answering: it may or may not have been sent. */
  | { id: number; lost: string };

/**
 * The worker's code, run as a script (`eval`): a file of its own would need a place in the bundle
 * (scripts/build.mjs makes one file) and a loader under tsx and vitest. It loads `web-push` by the path
 * the main thread resolved, so both use the same copy. Connections to each push service stay open
 * between messages and batches (keep-alive agents).
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require("node:worker_threads");
const http = require("node:http");
const https = require("node:https");
const webpush = require(workerData.webPush);
const { concurrency, timeoutMs } = workerData;
const agents = {
  "http:": new http.Agent({ keepAlive: true, maxSockets: concurrency }),
  "https:": new https.Agent({ keepAlive: true, maxSockets: concurrency }),
};

function post(job, body) {
  return new Promise((resolve) => {
    const noAnswer = (error) => resolve({ id: job.id, noAnswer: String(error && error.message) });
    const url = new URL(job.endpoint);
    const request = url.protocol === "https:" ? https.request : http.request;
    const headers = {
      ...job.headers,
      "Content-Type": "application/octet-stream",
      "Content-Encoding": "aes128gcm",
      "Content-Length": body.byteLength,
    };
    const options = { method: "POST", headers, agent: agents[url.protocol], signal: AbortSignal.timeout(timeoutMs) };
    const req = request(url, options, (res) => {
      const retryAfter = res.headers["retry-after"];
      // Read to the end so the connection can carry the next message.
      res.resume();
      res.on("end", () => resolve({ id: job.id, status: res.statusCode || 0, retryAfter }));
      res.on("error", noAnswer);
    });
    req.on("error", noAnswer);
    req.end(body);
  });
}

function sendOne(job) {
  let body;
  try {
    body = webpush.encrypt(job.p256dh, job.auth, job.payload, "aes128gcm").cipherText;
  } catch (error) {
    return { id: job.id, notEncrypted: String(error && error.message) };
  }
  return post(job, body);
}

parentPort.on("message", async ({ batch, jobs }) => {
  const byEndpoint = new Map();
  for (const job of jobs) {
    const lane = byEndpoint.get(job.endpoint);
    if (lane) lane.push(job);
    else byEndpoint.set(job.endpoint, [job]);
  }
  const lanes = [...byEndpoint.values()];
  const results = [];
  let next = 0;
  const worker = async () => {
    while (next < lanes.length) for (const job of lanes[next++]) results.push(await sendOne(job));
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, lanes.length) }, worker));
  parentPort.postMessage({ batch, results });
});
`;

interface PoolWorker {
  worker: Worker;
  /** Batches given to it and not yet answered. */
  waiting: Map<number, { resolve(results: PushResult[]): void; reject(error: Error): void }>;
}

/** One worker per core but one (the main thread keeps a core for the database), one to four. */
export const PUSH_THREADS = Math.max(1, Math.min(4, availableParallelism() - 1));

/** Messages in flight at once, over all the workers. */
export const PUSH_CONCURRENCY = 64;
const SEND_TIMEOUT_MS = 10_000;

/** A string's hash, to give each endpoint one worker. */
function laneOf(endpoint: string, lanes: number): number {
  let hash = 0;
  for (let i = 0; i < endpoint.length; i++) hash = (hash * 31 + endpoint.charCodeAt(i)) | 0;
  return Math.abs(hash) % lanes;
}

export function createPushWorkers(size = PUSH_THREADS) {
  const webPush = createRequire(import.meta.url).resolve("web-push");
  const workers: (PoolWorker | undefined)[] = Array.from({ length: size }, () => undefined);
  let nextBatch = 0;
  let closed = false;

  function start(slot: number): PoolWorker {
    const entry: PoolWorker = {
      worker: new Worker(WORKER_SOURCE, {
        eval: true,
        workerData: {
          webPush,
          concurrency: Math.max(1, Math.floor(PUSH_CONCURRENCY / size)),
          timeoutMs: SEND_TIMEOUT_MS,
        },
      }),
      waiting: new Map(),
    };
    entry.worker.unref();
    entry.worker.on("message", ({ batch, results }: { batch: number; results: PushResult[] }) => {
      entry.waiting.get(batch)?.resolve(results);
      entry.waiting.delete(batch);
    });
    // A worker that stops fails what it was given, and another takes its place on the next batch.
    const fail = (error: Error) => {
      if (workers[slot] === entry) workers[slot] = undefined;
      for (const waiter of entry.waiting.values()) waiter.reject(error);
      entry.waiting.clear();
    };
    entry.worker.on("error", fail);
    entry.worker.on("exit", (code) => fail(new Error(`a push worker stopped (${code})`)));
    workers[slot] = entry;
    return entry;
  }

  function run(slot: number, jobs: PushJob[]): Promise<PushResult[]> {
    const entry = workers[slot] ?? start(slot);
    const batch = nextBatch++;
    return new Promise((resolve, reject) => {
      entry.waiting.set(batch, { resolve, reject });
      entry.worker.postMessage({ batch, jobs });
    });
  }

  return {
    /** Encrypts and sends the messages, each endpoint's in the order given; answers each one's result. */
    async send(jobs: readonly PushJob[]): Promise<PushResult[]> {
      if (closed) throw new Error("the push workers are closed");
      const parts: PushJob[][] = Array.from({ length: size }, () => []);
      for (const job of jobs) parts[laneOf(job.endpoint, size)]?.push(job);
      const answered = await Promise.all(
        parts.map((part, slot) =>
          part.length === 0
            ? []
            : run(slot, part).catch((error: Error) =>
                part.map((job): PushResult => ({ id: job.id, lost: error.message })),
              ),
        ),
      );
      return answered.flat();
    },

    async close(): Promise<void> {
      closed = true;
      const running = workers.splice(0).filter((entry) => entry !== undefined);
      await Promise.all(running.map((entry) => entry.worker.terminate()));
    },
  };
}

export type PushWorkers = ReturnType<typeof createPushWorkers>;
