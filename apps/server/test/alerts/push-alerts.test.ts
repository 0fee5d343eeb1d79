/**
 * Alerts by Web Push, end to end: a browser subscribes through the API with keys it made (the
 * local push service double keeps the private half and decrypts what it receives, RFC 8291), the
 * subscriber chooses what to hear, and a signal transition committed by the engine's repository reaches
 * the push service, signed with the server's VAPID key. Nothing goes to someone without access at the
 * moment of sending, or in their quiet hours; a subscription the service says is gone is removed. A
 * browser signed in to another account is that account's alone; the ten-browser cap holds under
 * requests that race, and new browsers are limited per hour.
 */
import { ALERT_MESSAGES, type AlertPreferences } from "@kalpa/contracts/api/alerts";
import { TERMS_SUMMARY_VERSION } from "@kalpa/contracts/api/research-analyst";
import { currentModelVersion } from "@kalpa/market/models/model-versions";
import { type PushSubscriptionJSON, startPushDouble } from "@kalpa/push-double";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { alertDeliveries, pushSubscriptions } from "../../src/db/schema";
import type { TransitionRecord } from "../../src/modules/signals/repository";
import {
  acceptRda,
  adminApi,
  createUserKinds,
  giveAccess,
  type KindUser,
  SUBSCRIBED_INSTRUMENT,
  signedInUser,
} from "../helpers/access";
import { useAccountsApp } from "../helpers/accounts";
import { TEST_RA_PROFILE } from "../helpers/research-analyst";
import { bankNiftyTradeRecords, commitTrade, ledgerOfTransitions } from "./trades";

const double = await startPushDouble({ port: 0 });
afterAll(() => double.close());
const h = useAccountsApp({ env: { PUSH_SERVICE_HOSTS: `127.0.0.1:${double.port}` } });

const everything: AlertPreferences["channels"]["push"] = {
  Nifty: ["new-signal", "triggered", "closed"],
  BankNifty: ["new-signal", "triggered", "closed"],
  CrudeOil: ["new-signal", "triggered", "closed"],
};
const none = { Nifty: [], BankNifty: [], CrudeOil: [] };

async function subscribe(user: KindUser, preferences: Partial<AlertPreferences> = {}) {
  const subscription = double.subscribe();
  const added = await user.browser.post("/api/alerts/push-subscriptions", subscription);
  expect(added.statusCode, added.body).toBe(200);
  expect(added.json().message).toBe(ALERT_MESSAGES.pushSubscribed);
  const saved = await user.browser.put("/api/alerts/preferences", {
    channels: { push: everything, telegram: none, email: none },
    quietHours: null,
    ...preferences,
  });
  expect(saved.statusCode, saved.body).toBe(200);
  return subscription;
}

const bankNiftyTrade = () => commitTrade(h.t.signals);

/** A new subscriber of the instrument (signed in, risk disclosure accepted) with a browser's alerts on. */
async function newSubscriber(preferences: Partial<AlertPreferences> = {}) {
  const person = await signedInUser(h);
  await giveAccess(kinds.admin.browser, person.id, [SUBSCRIBED_INSTRUMENT]);
  await acceptRda(person.browser);
  const user = {
    kind: "subscriber",
    browser: person.browser,
    id: person.id,
    username: person.username,
  };
  return { person, subscription: await subscribe(user as KindUser, preferences) };
}

/**
 * Commits a new signal whose first push to the browser the push service refuses (503, retry after 3 s),
 * and waits for that refusal: the user's delivery then waits in the queue. Answers a reader of the user's
 * push deliveries.
 */
async function queuedForRetry(userId: string, subscription: PushSubscriptionJSON) {
  double.failNext(subscription, 1, 503, 3);
  const [generated] = bankNiftyTradeRecords();
  await commitTrade(h.t.signals, [generated as TransitionRecord]);
  const mine = async () =>
    (await h.t.database.db.select().from(alertDeliveries)).filter(
      (row) => row.userId === Number(userId) && row.channel === "push",
    );
  const deadline = Date.now() + 10_000;
  while (!(await mine()).some((row) => row.lastError === "push service: 503")) {
    if (Date.now() > deadline) throw new Error("the first attempt never failed");
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return mine;
}

let kinds: Awaited<ReturnType<typeof createUserKinds>>;
beforeAll(async () => {
  kinds = await createUserKinds(h);
});

describe("push alerts", () => {
  it("tells a subscriber of each transition, encrypted for their browser and signed with the server's key", async () => {
    const publicKey = (await h.browser().get("/api/alerts/vapid-public-key")).json().data.publicKey;
    expect(Buffer.from(publicKey, "base64url")).toHaveLength(65);
    const subscription = await subscribe(kinds.subscriber);
    const signalId = await bankNiftyTrade();

    const arrived = await double.waitFor(3, 10_000, subscription);
    expect(
      arrived.map((message) => message.vapid?.publicKey ?? message.headers.authorization),
    ).not.toContain(undefined);
    const payloads = double.messages(subscription).map((text) => JSON.parse(text ?? "{}"));
    expect(payloads.map((p) => p.title)).toEqual([
      "BANKNIFTY · KalpaVruksha: new signal",
      "BANKNIFTY · KalpaVruksha: entry triggered",
      "BANKNIFTY · KalpaVruksha: closed +₹3250",
    ]);
    for (const payload of payloads) {
      expect(payload.url).toBe("/live-trade/banknifty/kalpavruksha");
      expect(payload.tag).toBe(`signal:${signalId}`);
      expect(payload.body).toContain("Paper trade, educational research only.");
    }
    // Each carries the ledger entry its transition was committed with, as the chain holds it.
    const transitions = await ledgerOfTransitions(h.t.database.db, signalId);
    expect(transitions.map((t) => [t.kind, t.entryKind, t.entryHash])).toEqual(
      ["generated", "triggered", "closed"].map((kind, i) => [
        kind,
        kind,
        transitions[i]?.ledger.hash,
      ]),
    );
    expect(payloads.map((p) => p.ledger)).toEqual(transitions.map((t) => t.ledger));
    // Signals are urgent, and stale after a quarter of an hour.
    expect(arrived[0]?.urgency).toBe("high");
    expect(arrived[0]?.ttl).toBe(900);
    // The account export names the browser the alerts go to.
    const exported = (await kinds.subscriber.browser.get("/api/account/export")).json();
    expect(exported.alerts.browsers.length).toBeGreaterThan(0);
    expect(exported.alerts.preferences.channels.push).toEqual(everything);
  });

  it("says in one short line which model and version made the call, and the research analyst while there is a profile", async () => {
    const version = currentModelVersion("BankNifty:KalpaVruksha").version;
    const { person, subscription } = await newSubscriber();
    const newSignal = () => {
      const [generated] = bankNiftyTradeRecords();
      return commitTrade(h.t.signals, [generated as TransitionRecord]);
    };
    await newSignal();
    await double.waitFor(1, 10_000, subscription);
    const plain = JSON.parse(double.messages(subscription)[0] ?? "{}");
    expect(plain.body.split("\n").at(-1)).toBe(`By an algorithm: KalpaVruksha ${version}`);
    expect(plain.model).toEqual({ name: "KalpaVruksha", version });
    expect(plain.analyst).toBeUndefined();

    const set = await kinds.admin.browser.put("/api/admin/research-analyst", TEST_RA_PROFILE);
    expect(set.statusCode, set.body).toBe(200);
    try {
      // With a profile, alerts wait for the terms summary too (decision 031).
      const accepted = await person.browser.post("/api/terms-summary/accept", {
        version: TERMS_SUMMARY_VERSION,
      });
      expect(accepted.statusCode, accepted.body).toBe(200);
      await newSignal();
      await double.waitFor(2, 10_000, subscription);
      const named = JSON.parse(double.messages(subscription)[1] ?? "{}");
      expect(named.body.split("\n").at(-1)).toBe(
        `By an algorithm: KalpaVruksha ${version} · RA Kalpa Research LLP, INH000012345`,
      );
      expect(named.analyst).toEqual({
        name: "Kalpa Research LLP",
        registrationNumber: "INH000012345",
      });
    } finally {
      await kinds.admin.browser.delete("/api/admin/research-analyst");
      // This browser hears nothing more: the tests below count every push.
      await person.browser.put("/api/alerts/preferences", {
        channels: { push: none, telegram: none, email: none },
        quietHours: null,
      });
    }
  });

  it("sends nothing without access and the risk disclosure accepted, nor in quiet hours", async () => {
    const noAccess = await subscribe(kinds.noAccess);
    const otherInstrument = await subscribe(kinds.otherInstrument);
    const rdaPending = await subscribe(kinds.rdaPending);
    // A second subscriber, whose quiet hours are now.
    const minutes = (Date.now() + 5.5 * 3_600_000) % 86_400_000;
    const hhmm = (ms: number) => new Date(ms).toISOString().slice(11, 16);
    const { subscription: quietUser } = await newSubscriber({
      quietHours: { from: hhmm(minutes - 3_600_000), to: hhmm(minutes + 3_600_000) },
    });
    const before = double.count();
    await bankNiftyTrade();
    // The subscriber's three arrive; the others' never.
    await double.waitFor(before + 3, 10_000);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(double.count()).toBe(before + 3);
    expect(double.count(noAccess)).toBe(0);
    expect(double.count(otherInstrument)).toBe(0);
    expect(double.count(rdaPending)).toBe(0);
    expect(double.count(quietUser)).toBe(0);
  });

  it("removes a browser's subscription when the push service says it is gone", async () => {
    const subscription = double.subscribe();
    await kinds.subscriber.browser.post("/api/alerts/push-subscriptions", subscription);
    double.expire(subscription);
    await bankNiftyTrade();
    await new Promise((resolve) => setTimeout(resolve, 2500));
    const rows = await h.t.database.db.select().from(pushSubscriptions);
    expect(rows.map((row) => row.endpoint)).not.toContain(subscription.endpoint);
  });

  it("sends nothing to a browser whose session ended, until it sends its subscription again when signed in", async () => {
    const { person, subscription } = await newSubscriber();
    const loggedOut = await person.browser.post("/api/auth/logout");
    expect(loggedOut.statusCode, loggedOut.body).toBe(200);
    await bankNiftyTrade();
    await new Promise((resolve) => setTimeout(resolve, 2000));
    expect(double.count(subscription)).toBe(0);

    // Signing in again does not by itself turn them back on: the browser sends its subscription again
    // (the site does on sign-in), and it is bound to the new session.
    await person.browser.login(person.account);
    await bankNiftyTrade();
    await new Promise((resolve) => setTimeout(resolve, 2000));
    expect(double.count(subscription)).toBe(0);
    const again = await person.browser.post("/api/alerts/push-subscriptions", subscription);
    expect(again.statusCode, again.body).toBe(200);
    await bankNiftyTrade();
    await double.waitFor(3, 10_000, subscription);
    // Signing in again while signed in (the old session rotated away) keeps them.
    await person.browser.login(person.account);
    await bankNiftyTrade();
    await double.waitFor(6, 10_000, subscription);
  });

  it("checks access again at sending: an alert queued while access was open is not sent after it ends", async () => {
    const { person, subscription } = await newSubscriber();
    // The push service refuses the first attempt for a while: the delivery waits for its retry.
    const mine = await queuedForRetry(person.id, subscription);
    // Access ends before the retry.
    const ended = await adminApi(kinds.admin.browser).deactivate(person.id, [
      SUBSCRIBED_INSTRUMENT,
    ]);
    expect(ended.statusCode, ended.body).toBe(200);
    const settled = Date.now() + 15_000;
    while ((await mine()).some((row) => row.status === "pending" || row.status === "sending")) {
      if (Date.now() > settled) throw new Error("the retry never came");
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect((await mine()).map((row) => [row.status, row.lastError])).toEqual([
      ["skipped", "no access when it was due"],
    ]);
    expect(double.count(subscription)).toBe(0);
  });

  it("refuses a push service that is not on the allow-list, and keys that are not a browser's", async () => {
    const foreign = {
      ...double.subscribe(),
      endpoint: "https://169.254.169.254/latest/meta-data/",
    };
    const refused = await kinds.subscriber.browser.post("/api/alerts/push-subscriptions", foreign);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toBe(ALERT_MESSAGES.pushServiceNotAllowed);
    const badKeys = { ...double.subscribe(), keys: { p256dh: "AAAA", auth: "BBBB" } };
    const refusedKeys = await kinds.subscriber.browser.post(
      "/api/alerts/push-subscriptions",
      badKeys,
    );
    expect(refusedKeys.statusCode).toBe(400);
    expect(refusedKeys.json().error).toBe(ALERT_MESSAGES.pushKeysInvalid);
    const signedOut = await h.browser().post("/api/alerts/push-subscriptions", double.subscribe());
    expect(signedOut.statusCode).toBe(401);
  });

  it("counts one browser's endpoint spelt several ways as one subscription, and removes it by any spelling", async () => {
    const person = await signedInUser(h);
    const subscription = double.subscribe();
    const url = new URL(subscription.endpoint);
    const spellings = [
      subscription.endpoint,
      subscription.endpoint.replace(/^http:/, "HTTP:"),
      `${url.protocol}//${url.host}\t${url.pathname}`,
      subscription.endpoint.replace(url.host, url.host.toUpperCase()),
    ];
    for (const endpoint of spellings) {
      const added = await person.browser.post("/api/alerts/push-subscriptions", {
        ...subscription,
        endpoint,
      });
      expect(added.statusCode, added.body).toBe(200);
    }
    const stored = () =>
      h.t.database.db
        .select({ endpoint: pushSubscriptions.endpoint })
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.userId, Number(person.id)));
    expect(await stored()).toEqual([{ endpoint: new URL(subscription.endpoint).href }]);
    const removed = await person.browser.request("DELETE", "/api/alerts/push-subscriptions", {
      payload: { endpoint: spellings[1] },
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await stored()).toEqual([]);
  });

  it("a browser signed in to another account is not sent what was queued for the first", async () => {
    const { person, subscription } = await newSubscriber();
    // The push service refuses the first attempt: the delivery waits for its retry, 3 s later.
    const mine = await queuedForRetry(person.id, subscription);
    // Someone without access signs in on the same computer and turns alerts on in that browser.
    const other = await signedInUser(h);
    const taken = await other.browser.post("/api/alerts/push-subscriptions", subscription);
    expect(taken.statusCode, taken.body).toBe(200);
    expect((await mine()).map((row) => [row.status, row.lastError])).toEqual([
      ["skipped", "cancelled: the browser was signed in to another account"],
    ]);
    const [row] = await h.t.database.db
      .select({ userId: pushSubscriptions.userId })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, new URL(subscription.endpoint).href));
    expect(row?.userId).toBe(Number(other.id));
    await new Promise((resolve) => setTimeout(resolve, 3500));
    expect(double.count(subscription)).toBe(0);
  });

  it("holds the ten-browser cap when requests race, and limits new browsers per hour", async () => {
    const person = await signedInUser(h);
    const browsers = Array.from({ length: 14 }, () => double.subscribe());
    const racing = await Promise.all(
      browsers.map((browser) => person.browser.post("/api/alerts/push-subscriptions", browser)),
    );
    expect(racing.filter((res) => res.statusCode === 200)).toHaveLength(10);
    expect(racing.filter((res) => res.statusCode === 409)).toHaveLength(4);
    expect(racing.find((res) => res.statusCode === 409)?.json().error).toBe(
      ALERT_MESSAGES.tooManyDevices,
    );
    const stored = await h.t.database.db
      .select({ id: pushSubscriptions.id })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, Number(person.id)));
    expect(stored).toHaveLength(10);

    // Twenty new browsers an hour are counted (those refused for the cap too); the next is refused.
    for (let i = 0; i < 6; i++) {
      const res = await person.browser.post("/api/alerts/push-subscriptions", double.subscribe());
      expect(res.statusCode).toBe(409);
    }
    const limited = await person.browser.post("/api/alerts/push-subscriptions", double.subscribe());
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error).toBe(ALERT_MESSAGES.tooManyPushSubscriptions);
    // A browser already on is sent again on each visit: never limited.
    const on = browsers[racing.findIndex((res) => res.statusCode === 200)];
    const again = await person.browser.post("/api/alerts/push-subscriptions", on);
    expect(again.statusCode, again.body).toBe(200);
  });

  it("says Telegram is not set up, as a 404, on a site without a bot", async () => {
    const status = await kinds.subscriber.browser.get("/api/alerts/telegram");
    expect(status.json().data).toEqual({
      available: false,
      linked: false,
      botUsername: null,
      chat: null,
    });
    const link = await kinds.subscriber.browser.post("/api/alerts/telegram/link");
    expect(link.statusCode).toBe(404);
    expect(link.json().error).toBe(ALERT_MESSAGES.telegramUnavailable);
  });
});
