/**
 * End to end with the `web-push` package the product sends with. `web-push` sends with
 * `https.request` whatever the endpoint's scheme, so it reaches the plain-HTTP double through
 * `double.agent`; over HTTPS it needs only to trust the double's certificate.
 */
import https from "node:https";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import webpush, { WebPushError } from "web-push";
import { type PushDouble, startPushDouble } from "../src/double";

const vapid = webpush.generateVAPIDKeys();
const vapidDetails = {
  subject: "mailto:ops@example.com",
  publicKey: vapid.publicKey,
  privateKey: vapid.privateKey,
};

/** The status a rejected send reports, or the error itself when it is not a push service's answer. */
async function statusOf(sending: Promise<unknown>): Promise<WebPushError> {
  try {
    await sending;
  } catch (error) {
    if (error instanceof WebPushError) return error;
    throw error;
  }
  throw new Error("the push service accepted it");
}

describe("web-push against the plain-HTTP double", () => {
  let double: PushDouble;
  beforeAll(async () => {
    double = await startPushDouble({ port: 0 });
  });
  afterAll(() => double.close());

  it("sends: 201, and the double decrypts the payload exactly", async () => {
    const subscription = double.subscribe();
    const result = await webpush.sendNotification(subscription, JSON.stringify({ title: "x" }), {
      vapidDetails,
      TTL: 60,
      agent: double.agent,
    });
    expect(result.statusCode).toBe(201);
    expect(result.headers.location).toMatch(new RegExp(`^${double.origin}/m/`));
    expect(double.messages(subscription)).toEqual(['{"title":"x"}']);
    const [message] = double.received(subscription);
    expect(message).toMatchObject({
      ttl: 60,
      urgency: "normal",
      topic: undefined,
      vapid: {
        key: vapid.publicKey,
        claims: { aud: double.origin, sub: "mailto:ops@example.com" },
      },
    });
    expect(message?.headers["content-encoding"]).toBe("aes128gcm");
    expect(message?.headers.authorization).toMatch(/^vapid t=[\w-]+\.[\w-]+\.[\w-]+, k=[\w-]+$/);
  });

  it("passes Urgency and Topic through, and a payload near the 3993-byte limit", async () => {
    const subscription = double.subscribe();
    const long = "é".repeat(1996); // 3992 bytes of UTF-8
    await webpush.sendNotification(subscription, long, {
      vapidDetails,
      TTL: 5,
      urgency: "high",
      topic: "signal-update",
      agent: double.agent,
    });
    expect(double.received(subscription)[0]).toMatchObject({
      urgency: "high",
      topic: "signal-update",
    });
    expect(double.messages(subscription)).toEqual([long]);
  });

  it("is answered 410 after the subscription expires", async () => {
    const subscription = double.subscribe();
    double.expire(subscription);
    const error = await statusOf(
      webpush.sendNotification(subscription, "x", { vapidDetails, TTL: 60, agent: double.agent }),
    );
    expect(error.statusCode).toBe(410);
    expect(error.endpoint).toBe(subscription.endpoint);
  });

  it("is answered 404 for an id the double never issued", async () => {
    const subscription = { ...double.subscribe(), endpoint: `${double.endpointBase}unknown-id` };
    const error = await statusOf(
      webpush.sendNotification(subscription, "x", { vapidDetails, TTL: 60, agent: double.agent }),
    );
    expect(error.statusCode).toBe(404);
  });

  it("is answered 401 without VAPID details", async () => {
    const subscription = double.subscribe();
    const error = await statusOf(
      webpush.sendNotification(subscription, "x", { TTL: 60, agent: double.agent }),
    );
    expect(error.statusCode).toBe(401);
    expect(error.body).toMatch(/no Authorization header/);
    expect(double.count(subscription)).toBe(0);
  });

  it("is answered 403 when the subscription is restricted to another key", async () => {
    const subscription = double.subscribe({
      applicationServerKey: webpush.generateVAPIDKeys().publicKey,
    });
    const error = await statusOf(
      webpush.sendNotification(subscription, "x", { vapidDetails, TTL: 60, agent: double.agent }),
    );
    expect(error.statusCode).toBe(403);
    const mine = double.subscribe({ applicationServerKey: vapid.publicKey });
    const sent = await webpush.sendNotification(mine, "x", {
      vapidDetails,
      TTL: 60,
      agent: double.agent,
    });
    expect(sent.statusCode).toBe(201);
  });

  it("sees 429 and 503 with Retry-After, then gets through", async () => {
    const subscription = double.subscribe();
    double.failNext(subscription, 1, 429, 2);
    const limited = await statusOf(
      webpush.sendNotification(subscription, "a", { vapidDetails, TTL: 60, agent: double.agent }),
    );
    expect([limited.statusCode, limited.headers["retry-after"]]).toEqual([429, "2"]);
    double.failNext(subscription, 1);
    const down = await statusOf(
      webpush.sendNotification(subscription, "b", { vapidDetails, TTL: 60, agent: double.agent }),
    );
    expect([down.statusCode, down.headers["retry-after"]]).toEqual([503, "1"]);
    await webpush.sendNotification(subscription, "c", {
      vapidDetails,
      TTL: 60,
      agent: double.agent,
    });
    expect(double.messages(subscription)).toEqual(["c"]);
  });

  it("takes a burst of 200 sends and waitFor sees them all", async () => {
    const subscriptions = Array.from({ length: 200 }, () => double.subscribe());
    const before = double.count();
    const waiting = double.waitFor(before + 200, 20_000);
    await Promise.all(
      subscriptions.map((subscription, i) =>
        webpush.sendNotification(subscription, JSON.stringify({ i }), {
          vapidDetails,
          TTL: 60,
          agent: double.agent,
        }),
      ),
    );
    expect((await waiting).length).toBe(before + 200);
    expect(subscriptions.map((s) => double.messages(s)[0])).toEqual(
      subscriptions.map((_, i) => JSON.stringify({ i })),
    );
  });
});

describe("web-push against the HTTPS double", () => {
  let double: PushDouble;
  beforeAll(async () => {
    double = await startPushDouble({ port: 0, tls: true });
  });
  afterAll(() => double.close());

  it("sends to an https endpoint with only the certificate trusted", async () => {
    const subscription = double.subscribe();
    expect(subscription.endpoint.startsWith(`https://127.0.0.1:${double.port}/push/`)).toBe(true);
    const agent = new https.Agent({ ca: double.certificate });
    try {
      const result = await webpush.sendNotification(subscription, JSON.stringify({ title: "x" }), {
        vapidDetails,
        TTL: 60,
        agent,
      });
      expect(result.statusCode).toBe(201);
    } finally {
      agent.destroy();
    }
    expect(double.messages(subscription)).toEqual(['{"title":"x"}']);
  });

  it("takes the call exactly as the product makes it once the process trusts the certificate", async () => {
    // What NODE_EXTRA_CA_CERTS does for a server started beside the double, for this process only.
    const options = https.globalAgent.options as { ca?: unknown };
    const saved = options.ca;
    options.ca = double.certificate;
    try {
      const subscription = double.subscribe();
      const result = await webpush.sendNotification(subscription, JSON.stringify({ title: "x" }), {
        vapidDetails,
        TTL: 60,
      });
      expect(result.statusCode).toBe(201);
      expect(double.messages(subscription)).toEqual(['{"title":"x"}']);
      const gone = double.subscribe();
      double.expire(gone);
      expect(
        (await statusOf(webpush.sendNotification(gone, "x", { vapidDetails, TTL: 60 }))).statusCode,
      ).toBe(410);
      const unknown = { ...gone, endpoint: `${double.endpointBase}nobody` };
      expect(
        (await statusOf(webpush.sendNotification(unknown, "x", { vapidDetails, TTL: 60 })))
          .statusCode,
      ).toBe(404);
      expect(
        (await statusOf(webpush.sendNotification(subscription, "x", { TTL: 60 }))).statusCode,
      ).toBe(401);
    } finally {
      options.ca = saved;
      https.globalAgent.destroy();
    }
  });

  it("is refused by a client that does not trust the certificate", async () => {
    const subscription = double.subscribe();
    const agent = new https.Agent();
    try {
      await expect(
        webpush.sendNotification(subscription, "x", { vapidDetails, TTL: 60, agent }),
      ).rejects.toThrow(/self[- ]signed/i);
    } finally {
      agent.destroy();
    }
  });
});
