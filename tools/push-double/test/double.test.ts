import { createECDH } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { userAgentKeysFrom } from "../src/browser-keys";
import { type PushDouble, startPushDouble } from "../src/double";
import {
  b64,
  encryptWebPush,
  type RawResponse,
  RFC8291,
  send,
  vapidAuthorization,
  vapidKeys,
} from "./support";

const vapid = vapidKeys();
let double: PushDouble;

beforeAll(async () => {
  double = await startPushDouble({ port: 0 });
});
afterAll(() => double.close());

/** A well-formed push of `text` to `subscription`, with `headers` changed as a test says. */
function push(
  subscription: { endpoint: string; keys: { p256dh: string; auth: string } },
  text: string,
  headers: Record<string, string | string[] | undefined> = {},
  body: Uint8Array = encryptWebPush(subscription, [{ plaintext: text }]),
): Promise<RawResponse> {
  const all: Record<string, string | string[] | undefined> = {
    TTL: "60",
    "Content-Encoding": "aes128gcm",
    "Content-Type": "application/octet-stream",
    Authorization: vapidAuthorization(vapid, double.origin),
    ...headers,
  };
  const defined = Object.fromEntries(
    Object.entries(all).filter(
      (entry): entry is [string, string | string[]] => entry[1] !== undefined,
    ),
  );
  return send(subscription.endpoint, defined, body);
}

describe("subscribing", () => {
  it("gives the browser-side JSON with an endpoint under the double's origin", () => {
    const subscription = double.subscribe();
    expect(Object.keys(subscription).sort()).toEqual(["endpoint", "keys"]);
    expect(subscription.endpoint).toMatch(
      new RegExp(`^http://127\\.0\\.0\\.1:${double.port}/push/[A-Za-z0-9_-]{22}$`),
    );
    expect(b64(subscription.keys.p256dh).length).toBe(65);
    expect(b64(subscription.keys.auth).length).toBe(16);
    expect(double.idOf(subscription)).toBe(subscription.endpoint.split("/").pop());
    expect(double.state(subscription)).toBe("active");
    expect(double.keysOf(subscription).publicKey.toString("base64url")).toBe(
      subscription.keys.p256dh,
    );
  });
});

describe("a push message as RFC 8030 has it", () => {
  it("is accepted 201 with a Location, recorded raw with timestamps, decrypted on asking", async () => {
    const subscription = double.subscribe();
    const before = performance.now();
    const res = await push(subscription, '{"title":"x"}', { Urgency: "high", Topic: "signal_42" });
    expect(res.status).toBe(201);
    expect(res.headers.location).toMatch(new RegExp(`^${double.origin}/m/[0-9a-z]+$`));
    expect(res.headers.ttl).toBe("60");
    const [message] = double.received(subscription);
    expect(message).toMatchObject({
      id: double.idOf(subscription),
      ttl: 60,
      urgency: "high",
      topic: "signal_42",
      vapid: { key: vapid.publicKey, claims: { sub: "mailto:ops@example.com" } },
    });
    expect(res.headers.location?.endsWith(`/m/${message?.messageId}`)).toBe(true);
    expect(message?.headers["content-encoding"]).toBe("aes128gcm");
    expect(message?.body.readUInt32BE(16)).toBe(4096);
    expect(message?.receivedAt.performanceNow).toBeGreaterThanOrEqual(before);
    expect(Math.abs((message?.receivedAt.dateNow ?? 0) - Date.now())).toBeLessThan(5000);
    expect(double.messages(subscription)).toEqual(['{"title":"x"}']);
    expect(double.messages(double.idOf(subscription))).toEqual(['{"title":"x"}']);
  });

  it("defaults Urgency to normal and keeps arrival order", async () => {
    const subscription = double.subscribe();
    for (const text of ["one", "two", "three"]) {
      expect((await push(subscription, text)).status).toBe(201);
    }
    expect(double.messages(subscription)).toEqual(["one", "two", "three"]);
    expect(double.received(subscription).map((m) => m.urgency)).toEqual([
      "normal",
      "normal",
      "normal",
    ]);
    expect(double.count(subscription)).toBe(3);
  });

  it("carries RFC 8291's example body byte for byte to the example's receiver", async () => {
    const subscription = double.subscribe({
      keys: userAgentKeysFrom(RFC8291.uaPrivate, RFC8291.authSecret),
    });
    expect(subscription.keys.p256dh).toBe(RFC8291.uaPublic);
    const res = await push(subscription, "", { TTL: "10" }, b64(RFC8291.body));
    expect(res.status).toBe(201);
    expect(double.received(subscription)[0]?.body.toString("base64url")).toBe(RFC8291.body);
    expect(double.messages(subscription)).toEqual(["When I grow up, I want to be a watermelon"]);
  });

  it("may carry no data at all (no body, no Content-Encoding)", async () => {
    const subscription = double.subscribe();
    const res = await push(
      subscription,
      "",
      { "Content-Encoding": undefined, "Content-Type": undefined },
      Buffer.alloc(0),
    );
    expect(res.status).toBe(201);
    expect(double.messages(subscription)).toEqual([null]);
  });

  it("takes a TTL of 0 and caps one past 2^31", async () => {
    const subscription = double.subscribe();
    expect((await push(subscription, "a", { TTL: "0" })).status).toBe(201);
    expect((await push(subscription, "b", { TTL: "99999999999" })).headers.ttl).toBe("2147483648");
    expect(double.received(subscription).map((m) => m.ttl)).toEqual([0, 2 ** 31]);
  });
});

describe("refusals", () => {
  const refusal = async (res: Promise<RawResponse>, status: number, reason: RegExp) => {
    const answer = await res;
    expect({ status: answer.status, text: answer.text }).toEqual({
      status,
      text: expect.stringMatching(reason),
    });
    return answer;
  };

  it("400 without TTL, or with one that is not a number of seconds", async () => {
    const subscription = double.subscribe();
    await refusal(push(subscription, "x", { TTL: undefined }), 400, /TTL header is missing/);
    await refusal(push(subscription, "x", { TTL: "-1" }), 400, /TTL "-1"/);
    await refusal(push(subscription, "x", { TTL: "1.5" }), 400, /TTL "1.5"/);
    expect(double.count(subscription)).toBe(0);
  });

  it("400 for an Urgency outside the four, or given twice", async () => {
    const subscription = double.subscribe();
    await refusal(push(subscription, "x", { Urgency: "urgent" }), 400, /Urgency "urgent"/);
    await refusal(
      push(subscription, "x", { Urgency: ["low", "high"] }),
      400,
      /Urgency "low, high"/,
    );
    for (const urgency of ["very-low", "low", "normal", "high"]) {
      expect((await push(subscription, urgency, { Urgency: urgency })).status).toBe(201);
    }
  });

  it("400 for a Topic longer than 32 or outside the URL-safe base64 alphabet", async () => {
    const subscription = double.subscribe();
    await refusal(push(subscription, "x", { Topic: "a".repeat(33) }), 400, /Topic/);
    await refusal(push(subscription, "x", { Topic: "a b" }), 400, /Topic/);
    await refusal(push(subscription, "x", { Topic: "a+b" }), 400, /Topic/);
    expect((await push(subscription, "x", { Topic: "A-z_09".padEnd(32, "x") })).status).toBe(201);
  });

  it("415 for a content coding other than aes128gcm", async () => {
    const subscription = double.subscribe();
    await refusal(
      push(subscription, "x", { "Content-Encoding": "aesgcm" }),
      415,
      /"aesgcm" is not/,
    );
    await refusal(push(subscription, "x", { "Content-Encoding": undefined }), 415, /is missing/);
    await refusal(
      push(subscription, "x", { "Content-Encoding": "aes128gcm, gzip" }),
      415,
      /aes128gcm/,
    );
  });

  it("400 for a body whose header cannot be a push message's", async () => {
    const subscription = double.subscribe();
    const good = encryptWebPush(subscription, [{ plaintext: "x" }]);
    const noKey = Buffer.from(good);
    noKey[20] = 0;
    await refusal(push(subscription, "", {}, noKey), 400, /keyid is 0 bytes/);
    const smallRs = Buffer.from(good);
    smallRs.writeUInt32BE(10, 16);
    await refusal(push(subscription, "", {}, smallRs), 400, /record size 10/);
    await refusal(push(subscription, "", {}, good.subarray(0, 90)), 400, /too short/);
  });

  it("400 when the message is encrypted with the VAPID signing key (RFC 8292 section 3.2)", async () => {
    const subscription = double.subscribe();
    const sender = createECDH("prime256v1");
    sender.generateKeys();
    const jwk = {
      kty: "EC",
      crv: "P-256",
      d: sender.getPrivateKey().toString("base64url"),
      x: sender.getPublicKey().subarray(1, 33).toString("base64url"),
      y: sender.getPublicKey().subarray(33).toString("base64url"),
    };
    const { createPrivateKey } = await import("node:crypto");
    const sameKey = {
      privateKey: createPrivateKey({ key: jwk, format: "jwk" }),
      publicKey: sender.getPublicKey().toString("base64url"),
    };
    const body = encryptWebPush(subscription, [{ plaintext: "x" }], { sender });
    await refusal(
      push(subscription, "", { Authorization: vapidAuthorization(sameKey, double.origin) }, body),
      400,
      /VAPID signing key/,
    );
  });

  it("413 for a body past 4096 bytes (and 201 at 4096)", async () => {
    const subscription = double.subscribe();
    const big = encryptWebPush(subscription, [{ plaintext: "x".repeat(3994) }]);
    expect(big.length).toBe(4097);
    await refusal(push(subscription, "", {}, big), 413, /4097 bytes/);
    const fits = encryptWebPush(subscription, [{ plaintext: "x".repeat(3993) }]);
    expect((await push(subscription, "", {}, fits)).status).toBe(201);
    expect(double.messages(subscription)).toEqual(["x".repeat(3993)]);
  });

  it("401 without VAPID credentials, 403 with ones that do not hold", async () => {
    const subscription = double.subscribe();
    await refusal(push(subscription, "x", { Authorization: undefined }), 401, /no Authorization/);
    await refusal(push(subscription, "x", { Authorization: "WebPush abc" }), 401, /not "vapid"/);
    await refusal(
      push(subscription, "x", {
        Authorization: vapidAuthorization(vapid, "https://push.example.net"),
      }),
      403,
      /aud "https:\/\/push.example.net"/,
    );
    await refusal(
      push(subscription, "x", {
        Authorization: vapidAuthorization(vapid, double.origin, {
          exp: Math.floor(Date.now() / 1000) - 1,
        }),
      }),
      403,
      /expired/,
    );
    expect(double.count(subscription)).toBe(0);
  });

  it("403 for another key than a restricted subscription's (RFC 8292 section 4.2)", async () => {
    const subscription = double.subscribe({ applicationServerKey: vapid.publicKey });
    expect((await push(subscription, "mine")).status).toBe(201);
    await refusal(
      push(subscription, "theirs", {
        Authorization: vapidAuthorization(vapidKeys(), double.origin),
      }),
      403,
      /restricted/,
    );
    expect(double.messages(subscription)).toEqual(["mine"]);
  });

  it("404 for an endpoint the double never issued", async () => {
    const subscription = { ...double.subscribe(), endpoint: `${double.endpointBase}nobody` };
    await refusal(push(subscription, "x"), 404, /no push subscription "nobody"/);
    expect(double.state(`${double.endpointBase}nobody`)).toBeUndefined();
  });

  it("410 Gone once a test expires the subscription", async () => {
    const subscription = double.subscribe();
    expect((await push(subscription, "before")).status).toBe(201);
    double.expire(subscription);
    expect(double.state(subscription)).toBe("expired");
    await refusal(push(subscription, "after"), 410, /expired/);
    expect(double.messages(subscription)).toEqual(["before"]);
  });

  it("503 or 429 with Retry-After for the next n pushes a test fails, then 201", async () => {
    const subscription = double.subscribe();
    double.failNext(subscription, 2);
    const first = await refusal(push(subscription, "1"), 503, /unavailable/);
    expect(first.headers["retry-after"]).toBe("1");
    await refusal(push(subscription, "2"), 503, /unavailable/);
    expect((await push(subscription, "3")).status).toBe(201);
    double.failNext(subscription, 1, 429, 7);
    const limited = await refusal(push(subscription, "4"), 429, /too many requests/);
    expect(limited.headers["retry-after"]).toBe("7");
    expect((await push(subscription, "5")).status).toBe(201);
    expect(double.messages(subscription)).toEqual(["3", "5"]);
  });

  it("405 for another method on a push resource, 404 elsewhere", async () => {
    const subscription = double.subscribe();
    const get = await send(subscription.endpoint, {}, Buffer.alloc(0), "GET");
    expect(get.status).toBe(405);
    expect(get.headers.allow).toBe("POST");
    expect((await send(`${double.origin}/elsewhere`, {}, Buffer.alloc(0))).status).toBe(404);
  });
});

describe("waiting and counting", () => {
  it("waitFor resolves once enough have arrived, in all or for one subscription", async () => {
    const subscription = double.subscribe();
    const total = double.count();
    const forOne = double.waitFor(2, 2000, subscription);
    const overall = double.waitFor(total + 2, 2000);
    await Promise.all([push(subscription, "a"), push(subscription, "b")]);
    expect((await forOne).map((m) => double.decrypt(m)).sort()).toEqual(["a", "b"]);
    expect((await overall).length).toBeGreaterThanOrEqual(total + 2);
  });

  it("waitFor rejects after its timeout saying how many arrived", async () => {
    const subscription = double.subscribe();
    await push(subscription, "only one");
    await expect(double.waitFor(3, 50, subscription)).rejects.toThrow(
      /waited 50 ms for 3 push messages to .*; 1 arrived/,
    );
  });

  it("counts arrivals by status and forgets them on reset", async () => {
    const local = await startPushDouble({ port: 0 });
    try {
      const subscription = local.subscribe();
      const auth = { Authorization: vapidAuthorization(vapid, local.origin) };
      const body = () => encryptWebPush(subscription, [{ plaintext: "x" }]);
      const base = { TTL: "5", "Content-Encoding": "aes128gcm", ...auth };
      await send(subscription.endpoint, base, body());
      await send(subscription.endpoint, { ...base, TTL: "soon" }, body());
      local.expire(subscription);
      await send(subscription.endpoint, base, body());
      expect(local.stats()).toEqual({
        subscriptions: 1,
        expired: 1,
        accepted: 1,
        byStatus: { 201: 1, 400: 1, 410: 1 },
      });
      local.reset();
      expect(local.stats()).toMatchObject({ accepted: 0, byStatus: {} });
      expect(local.received()).toEqual([]);
    } finally {
      await local.close();
    }
  });

  it("takes 500 pushes at once and counts each with its arrival time", async () => {
    const local = await startPushDouble({ port: 0 });
    try {
      const subscriptions = Array.from({ length: 500 }, () => local.subscribe());
      const authorization = vapidAuthorization(vapid, local.origin);
      const requests = subscriptions.map((subscription, i) => ({
        subscription,
        body: encryptWebPush(subscription, [{ plaintext: `n${i}` }]),
      }));
      const waiting = local.waitFor(500, 10_000);
      const answers = await Promise.all(
        requests.map(({ subscription, body }) =>
          send(
            subscription.endpoint,
            { TTL: "60", "Content-Encoding": "aes128gcm", Authorization: authorization },
            body,
          ),
        ),
      );
      expect(answers.every((answer) => answer.status === 201)).toBe(true);
      const received = await waiting;
      expect(received.length).toBe(500);
      const times = received.map((m) => m.receivedAt.performanceNow);
      expect(times.every((t, i) => i === 0 || t >= (times[i - 1] as number))).toBe(true);
      expect(local.messages(subscriptions[123] ?? "")).toEqual(["n123"]);
    } finally {
      await local.close();
    }
  });
});

describe("the test controls over HTTP", () => {
  const control = async (method: string, path: string, body?: unknown) => {
    const res = await send(
      `${double.origin}/__double/${path}`,
      { "Content-Type": "application/json" },
      Buffer.from(body === undefined ? "" : JSON.stringify(body)),
      method,
    );
    return { status: res.status, body: JSON.parse(res.text) as Record<string, unknown> };
  };

  it("subscribe, fail, expire and read back the decrypted messages", async () => {
    const made = await control("POST", "subscriptions");
    expect(made.status).toBe(201);
    const subscription = made.body as unknown as {
      id: string;
      endpoint: string;
      keys: { p256dh: string; auth: string };
    };
    expect(subscription.endpoint).toBe(`${double.endpointBase}${subscription.id}`);
    expect(
      (
        await control("POST", `subscriptions/${subscription.id}/fail`, {
          count: 1,
          status: 429,
          retryAfter: 3,
        })
      ).status,
    ).toBe(200);
    const limited = await push(subscription, "x");
    expect([limited.status, limited.headers["retry-after"]]).toEqual([429, "3"]);
    expect((await push(subscription, "hello", { Topic: "t1" })).status).toBe(201);
    const messages = await control("GET", `subscriptions/${subscription.id}/messages`);
    expect(messages.body).toEqual([
      expect.objectContaining({ payload: "hello", ttl: 60, urgency: "normal", topic: "t1" }),
    ]);
    expect((await control("POST", `subscriptions/${subscription.id}/expire`)).body).toEqual({
      id: subscription.id,
      state: "expired",
    });
    expect((await push(subscription, "x")).status).toBe(410);
    expect((await control("GET", "subscriptions/nobody/messages")).status).toBe(404);
    expect((await control("GET", "stats")).body).toMatchObject({ accepted: expect.any(Number) });
  });
});
