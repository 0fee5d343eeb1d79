/**
 * A local double of a Web Push service, from the published specifications: it takes push messages as
 * RFC 8030 describes (POST to the subscription's endpoint, `TTL` required, `Urgency` and `Topic`
 * optional, 201 Created with a `Location`), insists on RFC 8292 VAPID credentials (401 without, 403
 * when they do not hold) and on RFC 8291 bodies (`Content-Encoding: aes128gcm`, the application
 * server's key in the header), and answers 404 for an endpoint it never issued and 410 for one a test
 * has expired, as real push services do. An application server reaches it only through the endpoint
 * URLs it hands out, which is what a deployment changes.
 *
 * A test subscribes as a browser would (`subscribe()`: the double keeps the private key), sends, and
 * reads what arrived: `received()` counts and timestamps without decrypting (cheap enough for the
 * benchmark's 10,000 pushes); `messages(id)` decrypts on demand. Test controls are also served over
 * HTTP under /__double/ for a double run on its own (src/main.ts; see README.md).
 */
import { randomBytes } from "node:crypto";
import {
  createServer as createHttpServer,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from "node:http";
import { createServer as createHttpsServer, Agent as HttpsAgent } from "node:https";
import { type AddressInfo, createConnection, type Socket } from "node:net";
import {
  generateUserAgentKeys,
  type PushSubscriptionJSON,
  subscriptionJSON,
  type UserAgentKeys,
} from "./browser-keys";
import {
  decryptWebPush,
  HEADER_FIXED_BYTES,
  MIN_RECORD_SIZE,
  TAG_BYTES,
  WEB_PUSH_HEADER_BYTES,
} from "./decrypt";
import { selfSignedCertificate } from "./self-signed";
import {
  applicationServerKeyBytes,
  type VapidCheck,
  type VapidIdentity,
  VapidVerifier,
} from "./vapid";

export type { PushSubscriptionJSON, UserAgentKeys } from "./browser-keys";
export { PushDecryptError } from "./decrypt";

export interface PushDoubleOptions {
  /** Default 8790; 0 picks a free port. */
  readonly port?: number;
  /** Default 127.0.0.1. */
  readonly host?: string;
  /**
   * Serve HTTPS with a fresh self-signed certificate (`certificate`), endpoints `https://…`.
   * Default false: plain HTTP, endpoints `http://…`.
   */
  readonly tls?: boolean;
  /**
   * The largest body taken (default 4096: RFC 8030 section 7.2 lets a push service refuse more with
   * 413, and the push services browsers use do).
   */
  readonly maxBodyBytes?: number;
  /** The time VAPID expiry is checked against (epoch ms; default Date.now). */
  readonly now?: () => number;
}

export const PUSH_DOUBLE_DEFAULTS = {
  port: 8790,
  host: "127.0.0.1",
  maxBodyBytes: 4096,
} as const;

export type Urgency = "very-low" | "low" | "normal" | "high";

/** A push message the double accepted (201), as it arrived. */
export interface ReceivedPush {
  /** The subscription's id: the last path segment of its endpoint. */
  readonly id: string;
  /** The push message resource's id (the `Location` ends with it). */
  readonly messageId: string;
  readonly headers: IncomingHttpHeaders;
  /** The body as sent: the aes128gcm header and the encrypted record (empty for a push without data). */
  readonly body: Buffer;
  /** When the last byte of the request arrived: `performance.now()` and `Date.now()`. */
  readonly receivedAt: { readonly performanceNow: number; readonly dateNow: number };
  /** The `TTL` header's value, in seconds. */
  readonly ttl: number;
  /** The `Urgency` header's value (`normal` when absent, RFC 8030 section 5.3). */
  readonly urgency: Urgency;
  readonly topic: string | undefined;
  /** The VAPID credentials that were checked. */
  readonly vapid: VapidIdentity;
}

/** A subscription's id, its endpoint, or its `{ endpoint }` JSON. */
export type SubscriptionRef = string | { readonly endpoint: string };

export type SubscriptionState = "active" | "expired";

export interface PushDoubleStats {
  /** Subscriptions made, and how many of them are expired. */
  readonly subscriptions: number;
  readonly expired: number;
  /** Push messages accepted (201). */
  readonly accepted: number;
  /** Every answer to a push request, by status code. */
  readonly byStatus: Readonly<Record<number, number>>;
}

export interface PushDouble {
  /** `http://host:port` (or `https://`): the origin VAPID's `aud` must name. */
  readonly origin: string;
  /** `origin/push/`: every endpoint starts with it. */
  readonly endpointBase: string;
  readonly host: string;
  readonly port: number;
  readonly tls: boolean;
  /** The self-signed certificate (PEM) in HTTPS mode: what a client must trust. */
  readonly certificate: string | undefined;
  /**
   * An `https.Agent` that reaches this double, for `web-push`'s `agent` option: `web-push` sends with
   * `https.request` whatever the endpoint's scheme, so in plain-HTTP mode this agent opens plain TCP
   * connections; in HTTPS mode it trusts `certificate`. Keep-alive, so a benchmark reuses sockets.
   */
  readonly agent: HttpsAgent;
  /**
   * Subscribes as a browser would: a fresh key pair and auth secret (or `keys`), an endpoint
   * `origin/push/<random id>`; the double keeps the private key. `applicationServerKey` makes a
   * restricted subscription (RFC 8292 section 4): pushes signed with another key are refused 403.
   */
  subscribe(options?: {
    readonly keys?: UserAgentKeys;
    readonly applicationServerKey?: string | Uint8Array;
  }): PushSubscriptionJSON;
  /** The id of a subscription from its endpoint (or JSON, or the id itself). */
  idOf(ref: SubscriptionRef): string;
  /** A subscription's state, or undefined for one the double never made. */
  state(ref: SubscriptionRef): SubscriptionState | undefined;
  /** The user agent's keys of a subscription (throws for one the double never made). */
  keysOf(ref: SubscriptionRef): UserAgentKeys;
  /** Accepted push messages, in arrival order: every one, or one subscription's. Not decrypted. */
  received(ref?: SubscriptionRef): readonly ReceivedPush[];
  /** How many push messages were accepted: in all, or for one subscription. */
  count(ref?: SubscriptionRef): number;
  /**
   * The decrypted payloads (UTF-8) of one subscription's messages, in arrival order: null for a push
   * without data. Decrypts on first asking (then remembers); throws PushDecryptError on a bad body.
   */
  messages(ref: SubscriptionRef): (string | null)[];
  /** One received message's payload (see `messages`). */
  decrypt(message: ReceivedPush): string | null;
  /**
   * Resolves with the accepted messages once `count` have arrived (in all, or for `ref`); rejects
   * after `timeoutMs` (default 5000) saying how many did.
   */
  waitFor(
    count: number,
    timeoutMs?: number,
    ref?: SubscriptionRef,
  ): Promise<readonly ReceivedPush[]>;
  /** Marks a subscription gone: pushes to it are answered 410 Gone from now on. */
  expire(ref: SubscriptionRef): void;
  /**
   * Answers the subscription's next `n` pushes with `status` (503 Service Unavailable or 429 Too Many
   * Requests) and `Retry-After: retryAfterSeconds` (default 1), without recording them.
   */
  failNext(ref: SubscriptionRef, n: number, status?: 429 | 503, retryAfterSeconds?: number): void;
  stats(): PushDoubleStats;
  /** Forgets the received messages and the answer counts; subscriptions stay. */
  reset(): void;
  close(): Promise<void>;
}

const PUSH_PATH = "/push/";
const CONTROL_PATH = "/__double/";
const MAX_CONTROL_BODY = 64 * 1024;
const URGENCIES: ReadonlySet<string> = new Set(["very-low", "low", "normal", "high"]);
/** RFC 8030 section 5.4: at most 32 characters from the URL and filename-safe base64 alphabet. */
const TOPIC = /^[A-Za-z0-9_-]{1,32}$/;
const DIGITS = /^\d+$/;
/** RFC 8030 section 5.2: a TTL too large to represent counts as 2^31. */
const MAX_TTL = 2 ** 31;

interface Subscription {
  readonly id: string;
  readonly endpoint: string;
  readonly keys: UserAgentKeys;
  readonly restrictedTo: Buffer | undefined;
  state: SubscriptionState;
  failures: number;
  failureStatus: 429 | 503;
  retryAfter: string;
  readonly messages: ReceivedPush[];
}

interface Waiter {
  readonly count: number;
  readonly id: string | undefined;
  readonly resolve: (messages: readonly ReceivedPush[]) => void;
  readonly reject: (error: Error) => void;
  readonly timer: NodeJS.Timeout;
}

class Refusal {
  constructor(
    readonly status: number,
    readonly reason: string,
    readonly headers: Readonly<Record<string, string>> = {},
  ) {}
}

function single(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value.join(", ") : value;
}

/** Plain TCP under an `https.Agent`: how `web-push` (always `https.request`) reaches plain HTTP. */
class PlainHttpAgent extends HttpsAgent {
  override createConnection(options: { host?: string; port?: number }): Socket {
    return createConnection({ host: options.host, port: options.port ?? 80 });
  }
}

/**
 * Appends `message`, moving it before any that arrived later: a signature checked in the thread
 * pool can finish after a later request's cached one, and the lists are in order of arrival.
 */
function insertByArrival(list: ReceivedPush[], message: ReceivedPush): void {
  let at = list.length;
  const time = message.receivedAt.performanceNow;
  while (at > 0 && (list[at - 1] as ReceivedPush).receivedAt.performanceNow > time) at--;
  if (at === list.length) list.push(message);
  else list.splice(at, 0, message);
}

function urlHost(host: string): string {
  return host.includes(":") ? `[${host}]` : host;
}

export async function startPushDouble(options: PushDoubleOptions = {}): Promise<PushDouble> {
  const host = options.host ?? PUSH_DOUBLE_DEFAULTS.host;
  const requestedPort = options.port ?? PUSH_DOUBLE_DEFAULTS.port;
  const maxBodyBytes = options.maxBodyBytes ?? PUSH_DOUBLE_DEFAULTS.maxBodyBytes;
  const clock = options.now ?? Date.now;
  const tls = options.tls ?? false;
  const certificate = tls
    ? selfSignedCertificate([host, "127.0.0.1", "::1", "localhost"])
    : undefined;

  const subscriptions = new Map<string, Subscription>();
  const all: ReceivedPush[] = [];
  const byStatus = new Map<number, number>();
  const payloads = new WeakMap<ReceivedPush, string | null>();
  let waiters: Waiter[] = [];
  let messageSeq = 0;

  // Known once listening; the handlers below run only after that.
  let origin = "";
  let endpointBase = "";
  let verifier: VapidVerifier;

  const server: Server = certificate
    ? createHttpsServer({ key: certificate.key, cert: certificate.cert }, onRequest)
    : createHttpServer(onRequest);
  server.keepAliveTimeout = 30_000;

  function countStatus(status: number): void {
    byStatus.set(status, (byStatus.get(status) ?? 0) + 1);
  }

  function send(res: ServerResponse, refusal: Refusal): void {
    const text = `${refusal.reason}\n`;
    res.writeHead(refusal.status, {
      ...refusal.headers,
      "Content-Type": "text/plain; charset=utf-8",
      "Content-Length": Buffer.byteLength(text),
    });
    res.end(text);
  }

  function lookup(ref: SubscriptionRef): Subscription {
    const id = idOf(ref);
    const subscription = subscriptions.get(id);
    if (subscription === undefined) throw new Error(`the push double has no subscription "${id}"`);
    return subscription;
  }

  function idOf(ref: SubscriptionRef): string {
    const text = typeof ref === "string" ? ref : ref.endpoint;
    if (!text.includes("/")) return text;
    if (!text.startsWith(endpointBase)) {
      throw new Error(`"${text}" is not an endpoint of this push double (${endpointBase}…)`);
    }
    return text.slice(endpointBase.length);
  }

  function settleWaiters(): void {
    if (waiters.length === 0) return;
    const pending: Waiter[] = [];
    for (const waiter of waiters) {
      const list = waiter.id === undefined ? all : (subscriptions.get(waiter.id)?.messages ?? []);
      if (list.length >= waiter.count) {
        clearTimeout(waiter.timer);
        waiter.resolve(list.slice());
      } else {
        pending.push(waiter);
      }
    }
    waiters = pending;
  }

  /** RFC 8030 section 5, checked in the order a push service can: who and whether, ... */
  function admit(id: string): Subscription {
    const subscription = subscriptions.get(id);
    if (subscription === undefined) {
      throw new Refusal(404, `no push subscription "${id}" here (RFC 8030 section 7.3)`);
    }
    if (subscription.state === "expired") {
      throw new Refusal(410, `push subscription "${id}" has expired; stop sending to it`);
    }
    if (subscription.failures > 0) {
      subscription.failures--;
      throw new Refusal(
        subscription.failureStatus,
        subscription.failureStatus === 429
          ? "too many requests (a failure the test asked for)"
          : "the push service is unavailable (a failure the test asked for)",
        { "Retry-After": subscription.retryAfter },
      );
    }
    return subscription;
  }

  /** ... then what: the request's headers and body, once its VAPID credentials have held. */
  function accept(
    req: IncomingMessage,
    subscription: Subscription,
    vapid: VapidCheck,
    body: Buffer,
    size: number,
    receivedAt: ReceivedPush["receivedAt"],
  ): ReceivedPush {
    if (!vapid.ok) throw new Refusal(vapid.status, vapid.reason);
    const headers = req.headers;
    const ttlText = single(headers.ttl);
    if (ttlText === undefined || !DIGITS.test(ttlText)) {
      throw new Refusal(
        400,
        ttlText === undefined
          ? "the TTL header is missing (RFC 8030 section 5.2)"
          : `TTL "${ttlText}" is not a number of seconds (RFC 8030 section 5.2)`,
      );
    }
    const ttl = Math.min(Number(ttlText), MAX_TTL);
    const urgencyText = single(headers.urgency);
    if (urgencyText !== undefined && !URGENCIES.has(urgencyText)) {
      throw new Refusal(
        400,
        `Urgency "${urgencyText}" is not one of very-low, low, normal, high (RFC 8030 section 5.3)`,
      );
    }
    const topic = single(headers.topic);
    if (topic !== undefined && !TOPIC.test(topic)) {
      throw new Refusal(
        400,
        `Topic "${topic}" is not 1 to 32 characters of the URL-safe base64 alphabet (RFC 8030 section 5.4)`,
      );
    }
    if (size > maxBodyBytes) {
      throw new Refusal(
        413,
        `the body is ${size} bytes; this push service takes at most ${maxBodyBytes} (RFC 8030 section 7.2)`,
      );
    }
    if (size > 0) checkBody(headers, body, vapid.identity);

    const messageId = (++messageSeq).toString(36);
    const message: ReceivedPush = {
      id: subscription.id,
      messageId,
      headers,
      body,
      receivedAt,
      ttl,
      urgency: (urgencyText ?? "normal") as Urgency,
      topic,
      vapid: vapid.identity,
    };
    insertByArrival(subscription.messages, message);
    insertByArrival(all, message);
    return message;
  }

  /** RFC 8291 section 4 and RFC 8292 section 3.2, on what a push service can see of the body. */
  function checkBody(headers: IncomingHttpHeaders, body: Buffer, vapid: VapidIdentity): void {
    const encoding = single(headers["content-encoding"]);
    if (encoding === undefined || encoding.trim().toLowerCase() !== "aes128gcm") {
      throw new Refusal(
        415,
        `Content-Encoding ${encoding === undefined ? "is missing" : `"${encoding}" is not`} aes128gcm, the only coding RFC 8291 section 4 allows`,
      );
    }
    if (body.length < HEADER_FIXED_BYTES) {
      throw new Refusal(400, `the ${body.length}-byte body is too short for an aes128gcm header`);
    }
    const rs = body.readUInt32BE(16);
    const idlen = body[20] as number;
    if (rs < MIN_RECORD_SIZE) {
      throw new Refusal(400, `the aes128gcm header's record size ${rs} is below 18 (RFC 8188)`);
    }
    if (idlen !== 65 || body[HEADER_FIXED_BYTES] !== 0x04) {
      throw new Refusal(
        400,
        `the aes128gcm keyid is ${idlen} bytes; RFC 8291 section 4 wants the application server's uncompressed P-256 key (65 bytes from 0x04)`,
      );
    }
    if (body.length < WEB_PUSH_HEADER_BYTES + TAG_BYTES + 1) {
      throw new Refusal(400, `the ${body.length}-byte body is too short to hold a record`);
    }
    if (vapid.publicKey.equals(body.subarray(HEADER_FIXED_BYTES, WEB_PUSH_HEADER_BYTES))) {
      throw new Refusal(
        400,
        "the message is encrypted with the VAPID signing key; RFC 8292 section 3.2 requires different keys",
      );
    }
  }

  function onPush(req: IncomingMessage, res: ServerResponse): void {
    const url = req.url as string;
    const query = url.indexOf("?");
    const id = url.slice(PUSH_PATH.length, query < 0 ? undefined : query);
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size <= maxBodyBytes) chunks.push(chunk);
    });
    req.on("end", () => {
      const receivedAt = { performanceNow: performance.now(), dateNow: Date.now() };
      const body =
        chunks.length === 1
          ? (chunks[0] as Buffer)
          : Buffer.concat(chunks, Math.min(size, maxBodyBytes));
      const answer = (decide: () => ReceivedPush) => {
        let message: ReceivedPush;
        try {
          message = decide();
        } catch (error) {
          const refusal =
            error instanceof Refusal
              ? error
              : new Refusal(500, `the push double failed: ${(error as Error).message}`);
          countStatus(refusal.status);
          send(res, refusal);
          return;
        }
        countStatus(201);
        res.writeHead(201, {
          Location: `${origin}/m/${message.messageId}`,
          TTL: String(message.ttl),
          "Content-Length": 0,
        });
        res.end();
        settleWaiters();
      };
      let subscription: Subscription;
      let vapid: VapidCheck | Promise<VapidCheck>;
      try {
        subscription = admit(id);
        vapid = verifier.checkAsync(single(req.headers.authorization), subscription.restrictedTo);
      } catch (error) {
        return answer(() => {
          throw error;
        });
      }
      const decide = (check: VapidCheck) => () =>
        accept(req, subscription, check, body, size, receivedAt);
      if (vapid instanceof Promise) vapid.then((check) => answer(decide(check)));
      else answer(decide(vapid));
    });
  }

  function onRequest(req: IncomingMessage, res: ServerResponse): void {
    req.on("error", () => {});
    const url = req.url ?? "/";
    if (url.startsWith(PUSH_PATH) && req.method === "POST") {
      onPush(req, res);
    } else if (url.startsWith(PUSH_PATH)) {
      req.resume();
      send(res, new Refusal(405, "push resources take POST", { Allow: "POST" }));
    } else if (url.startsWith(CONTROL_PATH)) {
      onControl(req, res, url.slice(CONTROL_PATH.length));
    } else {
      req.resume();
      send(res, new Refusal(404, "not a push resource of this push service"));
    }
  }

  // Test controls for a double run on its own (README.md): the same operations as the API.
  function onControl(req: IncomingMessage, res: ServerResponse, path: string): void {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_CONTROL_BODY) chunks.push(chunk);
    });
    req.on("end", () => {
      const json = (status: number, value: unknown) => {
        const text = JSON.stringify(value);
        res.writeHead(status, {
          "Content-Type": "application/json",
          "Content-Length": Buffer.byteLength(text),
        });
        res.end(text);
      };
      try {
        const text = Buffer.concat(chunks).toString("utf8");
        const input = (text.trim() === "" ? {} : JSON.parse(text)) as Record<string, unknown>;
        const [resource, id, action] = path.split("?")[0]?.split("/") ?? [];
        if (req.method === "GET" && resource === "stats") return json(200, double.stats());
        if (req.method === "POST" && resource === "reset") {
          double.reset();
          return json(200, double.stats());
        }
        if (resource === "subscriptions") {
          if (req.method === "POST" && id === undefined) {
            const key = input.applicationServerKey;
            const subscription = double.subscribe(
              typeof key === "string" ? { applicationServerKey: key } : {},
            );
            return json(201, { id: double.idOf(subscription), ...subscription });
          }
          if (id !== undefined && double.state(id) === undefined) {
            return json(404, { error: `no subscription "${id}"` });
          }
          if (id !== undefined && req.method === "GET" && action === "messages") {
            return json(
              200,
              double.received(id).map((message) => ({
                messageId: message.messageId,
                payload: double.decrypt(message),
                receivedAt: message.receivedAt.dateNow,
                ttl: message.ttl,
                urgency: message.urgency,
                topic: message.topic ?? null,
              })),
            );
          }
          if (id !== undefined && req.method === "POST" && action === "expire") {
            double.expire(id);
            return json(200, { id, state: double.state(id) });
          }
          if (id !== undefined && req.method === "POST" && action === "fail") {
            const status = input.status === 429 ? 429 : 503;
            double.failNext(
              id,
              typeof input.count === "number" ? input.count : 1,
              status,
              typeof input.retryAfter === "number" ? input.retryAfter : 1,
            );
            return json(200, { id, failNext: input.count ?? 1, status });
          }
        }
        json(404, { error: `no control ${req.method} /__double/${path}` });
      } catch (error) {
        json(400, { error: (error as Error).message });
      }
    });
  }

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(requestedPort, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  origin = new URL(`${tls ? "https" : "http"}://${urlHost(host)}:${port}`).origin;
  endpointBase = `${origin}${PUSH_PATH}`;
  verifier = new VapidVerifier(origin, clock);

  const agent: HttpsAgent = certificate
    ? new HttpsAgent({ keepAlive: true, ca: certificate.cert })
    : new PlainHttpAgent({ keepAlive: true });

  const double: PushDouble = {
    origin,
    endpointBase,
    host,
    port,
    tls,
    certificate: certificate?.cert,
    agent,
    subscribe(subscribeOptions = {}) {
      const id = randomBytes(16).toString("base64url");
      const keys = subscribeOptions.keys ?? generateUserAgentKeys();
      const endpoint = `${endpointBase}${id}`;
      subscriptions.set(id, {
        id,
        endpoint,
        keys,
        restrictedTo:
          subscribeOptions.applicationServerKey === undefined
            ? undefined
            : applicationServerKeyBytes(subscribeOptions.applicationServerKey),
        state: "active",
        failures: 0,
        failureStatus: 503,
        retryAfter: "1",
        messages: [],
      });
      return subscriptionJSON(endpoint, keys);
    },
    idOf,
    state(ref) {
      return subscriptions.get(idOf(ref))?.state;
    },
    keysOf(ref) {
      return lookup(ref).keys;
    },
    received(ref) {
      return ref === undefined ? all : lookup(ref).messages;
    },
    count(ref) {
      return ref === undefined ? all.length : lookup(ref).messages.length;
    },
    decrypt(message) {
      let payload = payloads.get(message);
      if (payload === undefined) {
        const subscription = lookup(message.id);
        payload =
          message.body.length === 0
            ? null
            : decryptWebPush(message.body, subscription.keys).toString("utf8");
        payloads.set(message, payload);
      }
      return payload;
    },
    messages(ref) {
      return lookup(ref).messages.map((message) => double.decrypt(message));
    },
    waitFor(count, timeoutMs = 5000, ref) {
      const id = ref === undefined ? undefined : lookup(ref).id;
      const list = id === undefined ? all : lookup(id).messages;
      if (list.length >= count) return Promise.resolve(list.slice());
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          waiters = waiters.filter((waiter) => waiter.timer !== timer);
          const arrived = id === undefined ? all.length : lookup(id).messages.length;
          reject(
            new Error(
              `waited ${timeoutMs} ms for ${count} push messages${id === undefined ? "" : ` to ${id}`}; ${arrived} arrived`,
            ),
          );
        }, timeoutMs);
        waiters.push({ count, id, resolve, reject, timer });
      });
    },
    expire(ref) {
      lookup(ref).state = "expired";
    },
    failNext(ref, n, status = 503, retryAfterSeconds = 1) {
      if (!Number.isInteger(n) || n < 0) throw new Error(`failNext: ${n} is not a count`);
      if (status !== 503 && status !== 429)
        throw new Error(`failNext: ${status} is not 503 or 429`);
      const subscription = lookup(ref);
      subscription.failures = n;
      subscription.failureStatus = status;
      subscription.retryAfter = String(retryAfterSeconds);
    },
    stats() {
      let expired = 0;
      for (const subscription of subscriptions.values()) {
        if (subscription.state === "expired") expired++;
      }
      return {
        subscriptions: subscriptions.size,
        expired,
        accepted: all.length,
        byStatus: Object.fromEntries(byStatus),
      };
    },
    reset() {
      all.length = 0;
      for (const subscription of subscriptions.values()) subscription.messages.length = 0;
      byStatus.clear();
    },
    async close() {
      for (const waiter of waiters) {
        clearTimeout(waiter.timer);
        waiter.reject(new Error("the push double closed"));
      }
      waiters = [];
      agent.destroy();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
  return double;
}
