/**
 * Web Push's sending off the main thread: each message encrypted for its browser (RFC 8291's aes128gcm)
 * and POSTed to its push service, in a few worker threads. Every message needs an ECDH agreement with its
 * browser's key under a key pair of its own (RFC 8291 section 3), about 0.3 ms of CPU each, and a POST
 * about 0.1 ms more: 10,000 messages would hold the event loop for seconds, and the database's work for
 * the next batch (and every request to the site) would wait behind them. The main thread reads the
 * subscriptions, signs the VAPID header and records the outcomes; the workers do the rest and answer each
 * message's result.
 *
 * The agreement does not depend on the message, so a worker makes it ahead of time, while it has nothing
 * to send: for each browser it keeps the keying material of its next message (a fresh key pair's public
 * key and the secret derived with the browser's keys, RFC 8291 section 3.4; never the private key), used
 * once and made again after. It is made for the browsers it has sent to, and for those `prepare` names
 * (the sender names every subscribed browser once). A message whose browser has none ready makes it
 * inline. What is left per message, a salt, four HMACs and AES-GCM (RFC 8188, one record), costs a few
 * microseconds.
 *
 * One endpoint's messages always go to the same worker and, there, one after another in the order given
 * (a "closed" never overtakes its "triggered"); different endpoints go side by side.
 *
 * The workers start on first use and are ended by `close()` (the delivery loop's stop, on the app's
 * close). They are unref'd, so a process that forgets to close them can still exit.
 */
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
 * (scripts/build.mjs makes one file) and a loader under tsx and vitest. It needs only Node's own modules.
 * Connections to each push service stay open between messages and batches (keep-alive agents). The push
 * service double decrypts every message the tests and the benchmark send, with the browser's private key
 * (tools/push-double, whose own tests pin RFC 8291's Appendix A).
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require("node:worker_threads");
const crypto = require("node:crypto");
const http = require("node:http");
const https = require("node:https");
const { concurrency, timeoutMs, maxReady, quietMs } = workerData;
const agents = {
  "http:": new http.Agent({ keepAlive: true, maxSockets: concurrency }),
  "https:": new https.Agent({ keepAlive: true, maxSockets: concurrency }),
};

// RFC 8291 and RFC 8188's labels, and the one record a message is sealed in.
const KEY_INFO = Buffer.from("WebPush: info\\0", "latin1");
const CEK_INFO = Buffer.from("Content-Encoding: aes128gcm\\0\\x01", "latin1");
const NONCE_INFO = Buffer.from("Content-Encoding: nonce\\0\\x01", "latin1");
const ONE = Buffer.from([1]);
const LAST_RECORD = Buffer.from([2]);
const RECORD_SIZE = 4096;
const hmac = (key, ...parts) => {
  const h = crypto.createHmac("sha256", key);
  for (const part of parts) h.update(part);
  return h.digest();
};

/** RFC 8291 section 3.4: one message's input keying material, under a key pair of its own. */
function keyMaterial(p256dh, auth) {
  const browserKey = Buffer.from(p256dh, "base64url");
  const authSecret = Buffer.from(auth, "base64url");
  if (browserKey.length !== 65 || browserKey[0] !== 4 || authSecret.length !== 16) {
    throw new Error("the subscription's p256dh or auth is not a browser's");
  }
  const ecdh = crypto.createECDH("prime256v1");
  const serverKey = ecdh.generateKeys();
  const prk = hmac(authSecret, ecdh.computeSecret(browserKey));
  return { p256dh, auth, serverKey, ikm: hmac(prk, KEY_INFO, browserKey, serverKey, ONE) };
}

/** RFC 8188 in one record: salt, record size, the key id (the message's public key), sealed text. */
function seal(material, payload) {
  const text = Buffer.from(payload, "utf8");
  if (text.length + 17 > RECORD_SIZE) throw new Error("the message is too long for one record");
  const salt = crypto.randomBytes(16);
  const prk = hmac(salt, material.ikm);
  const cipher = crypto.createCipheriv(
    "aes-128-gcm",
    hmac(prk, CEK_INFO).subarray(0, 16),
    hmac(prk, NONCE_INFO).subarray(0, 12),
  );
  const header = Buffer.alloc(21 + material.serverKey.length);
  salt.copy(header, 0);
  header.writeUInt32BE(RECORD_SIZE, 16);
  header[20] = material.serverKey.length;
  material.serverKey.copy(header, 21);
  return Buffer.concat([header, cipher.update(text), cipher.update(LAST_RECORD), cipher.final(), cipher.getAuthTag()]);
}

// Each browser's next message's keying material, made once nothing has been sent for a quiet spell: a
// burst of alerts comes in batches with short gaps between them, and the keys made in a gap would take the
// CPU the burst's next batch (and the main thread's database work) needs.
const ready = new Map();
const toPrepare = new Map();
let sending = 0;
let preparing = false;
let lastSent = 0;
let waitTimer;
function prepareWhenIdle() {
  if (preparing || sending > 0 || toPrepare.size === 0 || waitTimer) return;
  const quietFor = Date.now() - lastSent;
  if (quietFor < quietMs) {
    waitTimer = setTimeout(() => {
      waitTimer = undefined;
      prepareWhenIdle();
    }, quietMs - quietFor);
    waitTimer.unref();
    return;
  }
  preparing = true;
  setImmediate(function step() {
    // A batch came: it goes first; this carries on after a quiet spell once it is sent.
    if (sending > 0) {
      preparing = false;
      return;
    }
    let made = 0;
    for (const [endpoint, keys] of toPrepare) {
      toPrepare.delete(endpoint);
      if (ready.size < maxReady) {
        try {
          ready.set(endpoint, keyMaterial(keys.p256dh, keys.auth));
        } catch {
          // Not a browser's keys: its message answers why when it comes.
        }
      }
      if (++made === 16) break;
    }
    if (toPrepare.size > 0) setImmediate(step);
    else preparing = false;
  });
}
function materialFor(job) {
  const kept = ready.get(job.endpoint);
  ready.delete(job.endpoint);
  toPrepare.set(job.endpoint, { p256dh: job.p256dh, auth: job.auth });
  return kept && kept.p256dh === job.p256dh && kept.auth === job.auth
    ? kept
    : keyMaterial(job.p256dh, job.auth);
}

// Each endpoint parsed once (a URL costs more than the message's encryption); as many as keys are kept.
const urls = new Map();
function urlOf(endpoint) {
  let url = urls.get(endpoint);
  if (!url) {
    if (urls.size >= maxReady) urls.clear();
    url = new URL(endpoint);
    urls.set(endpoint, url);
  }
  return url;
}

function post(job, body) {
  return new Promise((resolve) => {
    const noAnswer = (error) => resolve({ id: job.id, noAnswer: String(error && error.message) });
    const url = urlOf(job.endpoint);
    const request = url.protocol === "https:" ? https.request : http.request;
    const headers = {
      ...job.headers,
      "Content-Type": "application/octet-stream",
      "Content-Encoding": "aes128gcm",
      "Content-Length": body.byteLength,
    };
    const options = { method: "POST", headers, agent: agents[url.protocol] };
    const req = request(url, options, (res) => {
      const retryAfter = res.headers["retry-after"];
      // Read to the end so the connection can carry the next message.
      res.resume();
      res.on("end", () => resolve({ id: job.id, status: res.statusCode || 0, retryAfter }));
      res.on("error", noAnswer);
    });
    req.on("error", noAnswer);
    // No answer in time: the socket's own timer (an AbortSignal's per message costs a timer and listeners).
    req.setTimeout(timeoutMs, () => req.destroy(new Error("timed out")));
    req.end(body);
  });
}

function sendOne(job) {
  let body;
  try {
    body = seal(materialFor(job), job.payload);
  } catch (error) {
    return { id: job.id, notEncrypted: String(error && error.message) };
  }
  return post(job, body);
}

parentPort.on("message", async (message) => {
  if (message.prepare) {
    for (const keys of message.prepare) {
      if (!ready.has(keys.endpoint)) toPrepare.set(keys.endpoint, keys);
    }
    prepareWhenIdle();
    return;
  }
  const { batch, jobs } = message;
  sending++;
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
  sending--;
  lastSent = Date.now();
  parentPort.postMessage({ batch, results });
  prepareWhenIdle();
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
/** Browsers whose next message's keys a worker keeps ready, at most (about 250 bytes each). */
const MAX_READY = 50_000;
const SEND_TIMEOUT_MS = 10_000;
/**
 * Keys are made ahead only once a worker has sent nothing for this long: not in the short gaps between a
 * burst's batches, where they would take the CPU its next batch needs.
 */
const PREPARE_AFTER_QUIET_MS = 2_000;

/** A string's hash, to give each endpoint one worker. */
function laneOf(endpoint: string, lanes: number): number {
  let hash = 0;
  for (let i = 0; i < endpoint.length; i++) hash = (hash * 31 + endpoint.charCodeAt(i)) | 0;
  return Math.abs(hash) % lanes;
}

export function createPushWorkers(
  size = PUSH_THREADS,
  options: {
    /** A message with no answer in this long counts as not answered (tests shorten it). */
    timeoutMs?: number;
  } = {},
) {
  const workers: (PoolWorker | undefined)[] = Array.from({ length: size }, () => undefined);
  let nextBatch = 0;
  let closed = false;

  function start(slot: number): PoolWorker {
    const entry: PoolWorker = {
      worker: new Worker(WORKER_SOURCE, {
        eval: true,
        workerData: {
          maxReady: MAX_READY,
          concurrency: Math.max(1, Math.floor(PUSH_CONCURRENCY / size)),
          timeoutMs: options.timeoutMs ?? SEND_TIMEOUT_MS,
          quietMs: PREPARE_AFTER_QUIET_MS,
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

    /** Has each browser's worker make the keys of its next message while it has nothing to send. */
    prepare(browsers: readonly { endpoint: string; p256dh: string; auth: string }[]): void {
      if (closed || browsers.length === 0) return;
      const parts: (typeof browsers)[number][][] = Array.from({ length: size }, () => []);
      for (const browser of browsers) parts[laneOf(browser.endpoint, size)]?.push(browser);
      parts.forEach((part, slot) => {
        if (part.length > 0) (workers[slot] ?? start(slot)).worker.postMessage({ prepare: part });
      });
    },

    async close(): Promise<void> {
      closed = true;
      const running = workers.splice(0).filter((entry) => entry !== undefined);
      await Promise.all(running.map((entry) => entry.worker.terminate()));
    },
  };
}

export type PushWorkers = ReturnType<typeof createPushWorkers>;
