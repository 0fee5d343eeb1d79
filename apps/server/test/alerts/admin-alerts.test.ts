/**
 * The console's view of alerts (GET /api/admin/alerts): for the admin only; each channel's
 * counts and health from real deliveries (a signal's transitions through the push service double, one
 * browser receiving and one the service says is gone); failures listed with their error; the queue.
 */
import type { AdminAlerts } from "@kalpa/contracts/api/admin-alerts";
import type { AlertPreferences } from "@kalpa/contracts/api/alerts";
import { ADMIN_MESSAGES } from "@kalpa/contracts/messages";
import { startPushDouble } from "@kalpa/push-double";
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { alertDeliveries, alertEvents } from "../../src/db/schema";
import { createAlertsOverviewRepository } from "../../src/modules/admin/alerts-overview-repository";
import { createUserKinds } from "../helpers/access";
import { useAccountsApp } from "../helpers/accounts";
import { tradeRecords } from "../journal/fixtures";

const double = await startPushDouble({ port: 0 });
afterAll(() => double.close());
const h = useAccountsApp({ env: { PUSH_SERVICE_HOSTS: `127.0.0.1:${double.port}` } });

const none = { Nifty: [], BankNifty: [], CrudeOil: [] };
const signals: AlertPreferences["channels"]["push"] = {
  Nifty: ["new-signal", "triggered", "closed"],
  BankNifty: ["new-signal", "triggered", "closed"],
  CrudeOil: ["new-signal", "triggered", "closed"],
};
const MINUTE = 60_000;

let kinds: Awaited<ReturnType<typeof createUserKinds>>;
beforeAll(async () => {
  kinds = await createUserKinds(h);
});

async function overview(): Promise<AdminAlerts> {
  const res = await kinds.admin.browser.get("/api/admin/alerts");
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

/** Waits until nothing is pending or being sent (the delivery loop runs every second). */
async function settled() {
  const db = h.t.database.db;
  for (let i = 0; i < 100; i++) {
    const busy = await db
      .select({ id: alertDeliveries.id })
      .from(alertDeliveries)
      .where(inArray(alertDeliveries.status, ["pending", "sending"]));
    const waiting = await db.select().from(alertEvents);
    if (busy.length === 0 && waiting.every((event) => event.fannedOutAt !== null)) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error("the alert queue did not settle");
}

/** An event as the reminder pass writes it, already fanned out (written `at`, before its deliveries). */
async function writeEvent(title: string, at: Date) {
  const [event] = await h.t.database.db
    .insert(alertEvents)
    .values({
      key: `test:${title}:${Math.random()}`,
      event: "access-expiring",
      instrument: "Nifty",
      userId: Number(kinds.noAccess.id),
      content: { title, body: "", url: "/contribute", tag: "test" },
      createdAt: at,
      fannedOutAt: at,
    })
    .returning();
  return event as typeof alertEvents.$inferSelect;
}

describe("the console's view of alerts", () => {
  it("is for the admin only", async () => {
    expect((await kinds.anonymous.browser.get("/api/admin/alerts")).statusCode).toBe(401);
    const refused = await kinds.subscriber.browser.get("/api/admin/alerts");
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe(ADMIN_MESSAGES.adminOnly);
    const empty = await overview();
    expect(empty.channels.push).toMatchObject({ configured: true, health: "idle", recipients: 0 });
    // No TELEGRAM_BOT_TOKEN in the tests: the channel is off, whatever its rows say.
    expect(empty.channels.telegram).toMatchObject({ configured: false, health: "off" });
    expect(empty.queue).toEqual({ pending: 0, oldestDueSeconds: null, eventsWaiting: 0 });
    expect(empty.recentFailures).toEqual([]);
    expect(empty.recentEvents).toEqual([]);
  });

  it("counts a signal's real deliveries, and lists a browser the push service says is gone with its error", async () => {
    const receiving = double.subscribe();
    const gone = double.subscribe();
    for (const subscription of [receiving, gone]) {
      const added = await kinds.subscriber.browser.post(
        "/api/alerts/push-subscriptions",
        subscription,
      );
      expect(added.statusCode, added.body).toBe(200);
    }
    const saved = await kinds.subscriber.browser.put("/api/alerts/preferences", {
      channels: { push: signals, telegram: none, email: none },
      quietHours: null,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    double.expire(gone);

    // A BankNifty trade's three transitions, committed as the engine commits them.
    const entryTime = Date.now() - 10 * MINUTE;
    const records = tradeRecords({
      model: "BankNifty:KalpaVruksha",
      entryTime,
      entryPrice: 210.5,
      exitTime: entryTime + 5 * MINUTE,
      exitPrice: 260.5,
    });
    for (const record of records) await h.t.signals.record([record]);
    await double.waitFor(3, 10_000, receiving);
    await settled();

    const data = await overview();
    const push = data.channels.push;
    expect(push.counts).toMatchObject({ sent: 3, skipped: 0, unknown: 0, pending: 0 });
    // The gone browser fails once or more: the first 410 forgets it, and a transition already queued
    // for it by then fails as unsubscribed.
    expect(push.counts.failed).toBeGreaterThanOrEqual(1);
    // Sends came after the failure: a dead device does not make the channel "failing".
    expect(push.health).toBe("ok");
    expect(push.lastError).toBe(data.recentFailures[0]?.error);
    expect(Date.parse(push.lastSentAt ?? "")).toBeGreaterThan(Date.parse(push.lastFailureAt ?? ""));
    expect(push.recipients).toBe(1);

    expect(data.recentFailures.length).toBe(push.counts.failed);
    // The oldest failure is the push service's answer.
    expect(data.recentFailures.at(-1)).toMatchObject({
      channel: "push",
      status: "failed",
      instrument: "BankNifty",
      username: kinds.subscriber.username,
      attempts: 1,
      error: "push service: 410",
      nextAttemptAt: null,
    });

    // What each transition became, newest first.
    expect(data.recentEvents.map((event) => [event.event, event.title])).toEqual([
      ["closed", "BANKNIFTY · KalpaVruksha: closed +₹3250"],
      ["triggered", "BANKNIFTY · KalpaVruksha: entry triggered"],
      ["new-signal", "BANKNIFTY · KalpaVruksha: new signal"],
    ]);
    for (const event of data.recentEvents) {
      expect(event).toMatchObject({ instrument: "BankNifty", fannedOut: true });
      expect(event.counts.sent).toBe(1);
    }
    expect(data.recentEvents.reduce((sum, event) => sum + event.counts.failed, 0)).toBe(
      push.counts.failed,
    );
    expect(data.queue).toEqual({ pending: 0, oldestDueSeconds: null, eventsWaiting: 0 });
  });

  it("says a channel is failing when nothing went through after its failures, and lists retries", async () => {
    const db = h.t.database.db;
    const now = Date.now();
    expect((await overview()).channels.email.health).toBe("idle");
    const event = await writeEvent(
      "Nifty: access ends in 5 days",
      new Date(now - 26 * 60 * MINUTE),
    );
    const userId = Number(kinds.noAccess.id);
    const row = (key: string, minutesAgo: number) => ({
      dedupeKey: `${event.key}:${key}`,
      eventId: event.id,
      userId,
      channel: "email" as const,
      target: String(userId),
      createdAt: new Date(now - minutesAgo * MINUTE),
    });
    await db.insert(alertDeliveries).values([
      // Out of the 24 hours: neither counted nor listed.
      { ...row("old", 25 * 60), status: "failed", attempts: 1, lastError: "old failure" },
      // 60 refusals, the newest 5 minutes ago: only the latest 50 are listed.
      ...Array.from({ length: 60 }, (_, i) => ({
        ...row(`refused-${i}`, 5 + i),
        status: "failed" as const,
        attempts: 1,
        lastError: `smtp: 550 mailbox unavailable (${i})`,
      })),
      // Waiting for its third attempt, an hour from now (the loop leaves it alone until then).
      {
        ...row("retrying", 4),
        status: "pending",
        attempts: 2,
        lastError: "smtp: 421 try again later",
        nextAttemptAt: new Date(now + 60 * MINUTE),
      },
      {
        ...row("lost", 30),
        status: "unknown",
        attempts: 1,
        lastError: "the process sending it stopped",
      },
      { ...row("quiet", 3), status: "skipped", attempts: 1, lastError: "quiet hours" },
    ]);

    const data = await overview();
    const email = data.channels.email;
    expect(email).toMatchObject({
      configured: true,
      health: "failing",
      lastSentAt: null,
      lastError: "smtp: 421 try again later",
      counts: { sent: 0, failed: 60, skipped: 1, unknown: 1, pending: 1 },
    });
    expect(Date.parse(email.lastFailureAt ?? "")).toBe(now - 4 * MINUTE);
    // The push failures of the test before are newer; all in all, the latest 50.
    expect(data.recentFailures).toHaveLength(50);
    const emailFailures = data.recentFailures.filter((failure) => failure.channel === "email");
    expect(emailFailures[0]).toMatchObject({
      channel: "email",
      status: "retrying",
      event: "access-expiring",
      instrument: "Nifty",
      username: kinds.noAccess.username,
      attempts: 2,
      error: "smtp: 421 try again later",
      nextAttemptAt: new Date(now + 60 * MINUTE).toISOString(),
    });
    expect(emailFailures[1]?.error).toBe("smtp: 550 mailbox unavailable (0)");
    const times = data.recentFailures.map((failure) => Date.parse(failure.queuedAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(data.recentFailures.map((failure) => failure.status)).toContain("unknown");
    expect(data.recentFailures.map((failure) => failure.error)).not.toContain("quiet hours");
    expect(data.recentFailures.map((failure) => failure.error)).not.toContain("old failure");
    // An event's counts are all its deliveries, the one older than a day too.
    expect(data.recentEvents[0]).toMatchObject({
      title: "Nifty: access ends in 5 days",
      counts: { sent: 0, failed: 61, skipped: 1, unknown: 1, pending: 1 },
    });
    // Pending, but not yet due.
    expect(data.queue).toMatchObject({ pending: 1, oldestDueSeconds: null });
    // The queue's lateness, as the console would see it once the retry is due and not yet taken.
    const queue = await createAlertsOverviewRepository(db).queue(new Date(now + 62 * MINUTE));
    expect(queue.oldestDue?.getTime()).toBe(now + 60 * MINUTE);

    // A send after the failures: the channel works again.
    await db.insert(alertDeliveries).values({
      ...row("sent", 2),
      status: "sent",
      attempts: 1,
      sentAt: new Date(now - MINUTE),
    });
    expect((await overview()).channels.email).toMatchObject({
      health: "ok",
      lastSentAt: new Date(now - MINUTE).toISOString(),
    });
    // Failures more than an hour old, with nothing sent since, are not "failing" any more.
    await db.delete(alertDeliveries).where(eq(alertDeliveries.dedupeKey, `${event.key}:sent`));
    await db
      .delete(alertDeliveries)
      .where(
        inArray(alertDeliveries.dedupeKey, [
          `${event.key}:retrying`,
          `${event.key}:lost`,
          ...Array.from({ length: 60 }, (_, i) => `${event.key}:refused-${i}`),
        ]),
      );
    await db.insert(alertDeliveries).values({
      ...row("hour-ago", 61),
      status: "failed",
      attempts: 1,
      lastError: "smtp: 550",
    });
    expect((await overview()).channels.email.health).toBe("ok");
  });

  it("counts who each channel can reach: browsers, linked chats, users choosing e-mail", async () => {
    const before = (await overview()).channels;
    expect(before.push.recipients).toBe(1);
    expect(before.telegram.recipients).toBe(0);
    // Those who never chose keep the defaults (the access reminders by e-mail); choosing none removes one.
    const choose = async (email: AlertPreferences["channels"]["email"]) => {
      const saved = await kinds.otherInstrument.browser.put("/api/alerts/preferences", {
        channels: { push: none, telegram: none, email },
        quietHours: null,
      });
      expect(saved.statusCode, saved.body).toBe(200);
      return (await overview()).channels.email.recipients;
    };
    expect(await choose(none)).toBe(before.email.recipients - 1);
    expect(await choose({ ...none, Nifty: ["closed"] })).toBe(before.email.recipients);
  });
});
