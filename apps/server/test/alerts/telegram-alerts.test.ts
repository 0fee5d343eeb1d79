/**
 * Alerts by Telegram, end to end against the local Bot API double (tools/telegram-double), through grammY
 * as in production: a subscriber links their chat with the one-time deep link Settings gives, the bot
 * answers /start, /status and /stop, and a signal's transitions reach the linked chat. A link works once;
 * a chat that blocked the bot is unlinked. A link ends, and the chat is told why, with a password reset or
 * change and the operator's force-logout or unlink; nothing queued for a chat that was unlinked or moved
 * to another account is sent.
 */
import { ALERT_MESSAGES } from "@kalpa/contracts/api/alerts";
import { ADMIN_MESSAGES } from "@kalpa/contracts/messages";
import { startTelegramDouble } from "@kalpa/telegram-double";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { alertDeliveries, alertEvents, auditLog } from "../../src/db/schema";
import { TELEGRAM_REPLIES } from "../../src/modules/alerts/channels/telegram/telegram";
import type { CommittedTransition } from "../../src/modules/signals/repository";
import {
  acceptRda,
  createUserKinds,
  giveAccess,
  SUBSCRIBED_INSTRUMENT,
  signedInUser,
} from "../helpers/access";
import { type Browser, useAccountsApp } from "../helpers/accounts";
import { waitFor } from "../helpers/wait";
import { tradeRecords } from "../journal/fixtures";

const BOT = {
  token: "123456789:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw",
  username: "kalpa_test_bot",
  firstName: "Kalpa",
};
const double = await startTelegramDouble({ port: 0, bots: [BOT] });
afterAll(() => double.close());
const h = useAccountsApp({
  env: { TELEGRAM_BOT_TOKEN: BOT.token, TELEGRAM_API_ROOT: double.apiRoot },
});

let kinds: Awaited<ReturnType<typeof createUserKinds>>;
beforeAll(async () => {
  kinds = await createUserKinds(h);
});

const CHAT = 4242;
const none = { Nifty: [], BankNifty: [], CrudeOil: [] };

async function lastReply(chatId: number, count: number) {
  const sent = await double.waitForSent(count, 10_000, chatId);
  return sent.at(-1)?.text;
}

async function linkChat(
  chatId: number,
  browser: Browser = kinds.subscriber.browser,
  from: { firstName?: string; username?: string } = { firstName: "Asha" },
) {
  const link = await browser.post("/api/alerts/telegram/link");
  expect(link.statusCode, link.body).toBe(200);
  const url = new URL(link.json().data.url);
  expect(`${url.origin}${url.pathname}`).toBe(`https://t.me/${BOT.username}`);
  const token = url.searchParams.get("start") ?? "";
  const before = double.sent(chatId).length;
  double.userSends(`/start ${token}`, { userId: chatId, ...from });
  return { token, reply: await lastReply(chatId, before + 1) };
}

describe("Telegram alerts", () => {
  it("links a chat with a one-time deep link, and says so", async () => {
    const status = await kinds.subscriber.browser.get("/api/alerts/telegram");
    expect(status.json().data).toEqual({
      available: true,
      linked: false,
      botUsername: BOT.username,
      chat: null,
    });
    const { token, reply } = await linkChat(CHAT);
    expect(reply).toBe(TELEGRAM_REPLIES.linked(kinds.subscriber.username as string));
    // Settings shows which chat, since when: one the subscriber does not know is theirs to unlink.
    const linked = (await kinds.subscriber.browser.get("/api/alerts/telegram")).json().data;
    expect(linked).toMatchObject({ linked: true, chat: { name: "Asha" } });
    expect(Date.parse(linked.chat.linkedAt)).toBeGreaterThan(Date.now() - 60_000);
    // The same link from another chat: used already.
    double.userSends(`/start ${token}`, { userId: 777 });
    expect(await lastReply(777, 1)).toBe(TELEGRAM_REPLIES.badLink);
  });

  it("links private chats only: a group is told why, and the link stays unused", async () => {
    const link = await kinds.otherInstrument.browser.post("/api/alerts/telegram/link");
    const token = new URL(link.json().data.url).searchParams.get("start") ?? "";
    const GROUP = -9001;
    const before = double.sent(GROUP).length;
    double.userSends(`/start ${token}`, { userId: 5151, chatId: GROUP });
    expect(await lastReply(GROUP, before + 1)).toBe(TELEGRAM_REPLIES.privateOnly);
    double.userSends("/status", { userId: 5151, chatId: GROUP });
    expect(await lastReply(GROUP, before + 2)).toBe(TELEGRAM_REPLIES.privateOnly);
    const status = await kinds.otherInstrument.browser.get("/api/alerts/telegram");
    expect(status.json().data.linked).toBe(false);
    // The same link still works from the user's own chat.
    double.userSends(`/start ${token}`, { userId: 5151 });
    expect(await lastReply(5151, 1)).toBe(
      TELEGRAM_REPLIES.linked(kinds.otherInstrument.username as string),
    );
    await kinds.otherInstrument.browser.delete("/api/alerts/telegram");
  });

  it("sends a signal's transitions to the linked chat, and /status lists the choices", async () => {
    await kinds.subscriber.browser.put("/api/alerts/preferences", {
      channels: {
        push: none,
        telegram: { ...none, BankNifty: ["new-signal", "closed"] },
        email: none,
      },
      quietHours: null,
    });
    const before = double.sent(CHAT).length;
    const entryTime = Date.now() - 10 * 60_000;
    const committed: CommittedTransition[] = [];
    for (const record of tradeRecords({
      model: "BankNifty:HFT",
      entryTime,
      entryPrice: 100,
      exitTime: entryTime + 60_000,
      exitPrice: 90,
    })) {
      // Decided a moment before it is committed, as the engine stamps it.
      const decidedAt = Date.now();
      const stamps = { tickAt: decidedAt - 5, decidedAt, decidedAfterMs: 5 };
      committed.push(...(await h.t.signals.record([{ ...record, stamps }])));
    }
    const sent = await double.waitForSent(before + 2, 10_000, CHAT);
    const texts = sent.slice(before).map((message) => message.text.split("\n")[0]);
    // Triggered was not chosen.
    expect(texts).toEqual(["BANKNIFTY · HFT: new signal", "BANKNIFTY · HFT: closed −₹650"]);
    // The last line names the ledger entry committed with the transition: seq and 12 of the hash.
    const told = committed.filter((c) => c.timing.event !== "triggered");
    expect(sent.slice(before).map((message) => message.text.split("\n").at(-1))).toEqual(
      told.map(
        ({ timing }) => `Ledger #${timing.ledger?.seq} · ${timing.ledger?.hash.slice(0, 12)}`,
      ),
    );

    // The sends are kept per transition and channel; the model's decision-to-send is read from them.
    const signalId = committed[0]?.signalId as string;
    // Written as the sender's batch is recorded sent, a moment after the chat has it.
    const timing = await waitFor(async () => {
      const read = (await h.t.signals.timings([signalId])).get(signalId) ?? [];
      return read.filter((t) => t.sends.length > 0).length === 2 ? read : undefined;
    });
    expect(timing.map((t) => [t.event, t.sends.map((send) => [send.channel, send.count])])).toEqual(
      [
        ["generated", [["telegram", 1]]],
        ["triggered", []],
        ["closed", [["telegram", 1]]],
      ],
    );
    const waits = timing
      .filter((t) => t.sends.length > 0)
      .map((t) => (t.sends[0]?.firstAt ?? 0) - (t.decidedAt ?? 0))
      .sort((a, b) => a - b);
    expect(waits[0]).toBeGreaterThanOrEqual(0);
    const latency = await h.browser().get("/api/signals/latency");
    expect(latency.statusCode, latency.body).toBe(200);
    const hft = latency
      .json()
      .data.models.find((m: { model: string }) => m.model === "BankNifty:HFT");
    // Nearest rank of two: the median is the first, the 99th percentile the second.
    expect(hft).toEqual({ model: "BankNifty:HFT", count: 2, p50Ms: waits[0], p99Ms: waits[1] });

    double.userSends("/status", { userId: CHAT });
    expect(await lastReply(CHAT, before + 3)).toBe(
      TELEGRAM_REPLIES.status(kinds.subscriber.username as string, [
        "BankNifty: new-signal, closed",
      ]),
    );
  });

  it("unlinks the chat on /stop, and when the user has blocked the bot", async () => {
    const before = double.sent(CHAT).length;
    double.userSends("/stop", { userId: CHAT });
    expect(await lastReply(CHAT, before + 1)).toBe(TELEGRAM_REPLIES.stopped);
    expect((await kinds.subscriber.browser.get("/api/alerts/telegram")).json().data.linked).toBe(
      false,
    );

    await linkChat(CHAT);
    double.block(CHAT);
    const entryTime = Date.now() - 5 * 60_000;
    await h.t.signals.record(
      tradeRecords({ model: "BankNifty:HFT", entryTime, entryPrice: 100 }).slice(0, 1),
    );
    let linked = true;
    for (let i = 0; i < 50 && linked; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      linked = (await kinds.subscriber.browser.get("/api/alerts/telegram")).json().data.linked;
    }
    expect(linked).toBe(false);
  });
});

const telegramOnly = {
  channels: {
    push: none,
    telegram: { ...none, BankNifty: ["new-signal", "closed"] },
    email: none,
  },
  quietHours: null,
};

/** A new subscriber of BankNifty who chose Telegram alerts and linked `chatId`. */
async function subscriberWithChat(chatId: number, from: { username?: string } = {}) {
  const person = await signedInUser(h);
  await giveAccess(kinds.admin.browser, person.id, [SUBSCRIBED_INSTRUMENT]);
  await acceptRda(person.browser);
  expect((await person.browser.put("/api/alerts/preferences", telegramOnly)).statusCode).toBe(200);
  const { reply } = await linkChat(chatId, person.browser, { firstName: "Ravi", ...from });
  expect(reply).toBe(TELEGRAM_REPLIES.linked(person.username));
  return person;
}

/** Commits a new BankNifty signal (its "new signal" alert). */
async function fireSignal(): Promise<void> {
  const entryTime = Date.now() - 5 * 60_000;
  await h.t.signals.record(
    tradeRecords({ model: "BankNifty:HFT", entryTime, entryPrice: 100 }).slice(0, 1),
  );
}

async function resetPassword(email: string) {
  const b = h.browser();
  const before = h.trap.mailsFor(email).length;
  await b.post("/api/auth/forgot-password", { email });
  const otp = (await h.trap.nextMailFor(email, before)).text.match(/is: (\d{6})/)?.[1];
  expect((await b.post("/api/auth/verify-reset-otp", { email, otp })).statusCode).toBe(200);
  const reset = await b.post("/api/auth/reset-password", {
    email,
    newPassword: "Reset-From-Mail-8",
    confirmPassword: "Reset-From-Mail-8",
  });
  expect(reset.statusCode, reset.body).toBe(200);
}

describe("a linked chat ends with the account's sessions", () => {
  it("a password reset unlinks the chat, tells it why, and a later signal reaches only the control chat", async () => {
    const victim = await subscriberWithChat(6101);
    const control = await subscriberWithChat(6102);
    await resetPassword(victim.account.email);
    expect(await lastReply(6101, 2)).toBe(TELEGRAM_REPLIES.ended.password_reset);

    await fireSignal();
    // The control chat hears of the signal; the reset account's chat hears nothing more.
    expect((await lastReply(6102, 2))?.split("\n")[0]).toBe("BANKNIFTY · HFT: new signal");
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(double.sent(6101)).toHaveLength(2);
    double.userSends("/status", { userId: 6101 });
    expect(await lastReply(6101, 3)).toBe(TELEGRAM_REPLIES.notLinked);
    // Signed in again with the new password, Settings shows no chat.
    const again = h.browser();
    await again.login({ username: victim.username, password: "Reset-From-Mail-8" });
    expect((await again.get("/api/alerts/telegram")).json().data).toMatchObject({
      linked: false,
      chat: null,
    });
    await control.browser.delete("/api/alerts/telegram");
  });

  it("a password change and the operator's force-logout unlink the chat and tell it why", async () => {
    const changer = await subscriberWithChat(6201);
    const change = await changer.browser.put("/api/profile/password", {
      currentPassword: changer.account.password,
      newPassword: "Changed-Pass-41",
      confirmPassword: "Changed-Pass-41",
    });
    expect(change.statusCode, change.body).toBe(200);
    expect(await lastReply(6201, 2)).toBe(TELEGRAM_REPLIES.ended.password_changed);
    // The browser that changed it stays signed in, and may link a chat again.
    expect((await changer.browser.get("/api/alerts/telegram")).json().data.linked).toBe(false);

    const forced = await subscriberWithChat(6202);
    const logout = await kinds.admin.browser.post(`/api/admin/users/${forced.id}/logout`);
    expect(logout.statusCode, logout.body).toBe(200);
    expect(logout.json().data.telegram).toBeNull();
    expect(await lastReply(6202, 2)).toBe(TELEGRAM_REPLIES.ended.admin_logout);
  });

  it("the operator sees the linked chat, unlinks it (audited, the chat told), and is told when none is linked", async () => {
    const person = await subscriberWithChat(6301, { username: "ravi_k" });
    const detail = await kinds.admin.browser.get(`/api/admin/users/${person.id}`);
    expect(detail.json().data.telegram).toMatchObject({ chat: "@ravi_k" });

    const unlinked = await kinds.admin.browser.post(
      `/api/admin/users/${person.id}/telegram/unlink`,
    );
    expect(unlinked.statusCode, unlinked.body).toBe(200);
    expect(unlinked.json().message).toBe(ADMIN_MESSAGES.telegramUnlinked);
    expect(unlinked.json().data.telegram).toBeNull();
    expect(await lastReply(6301, 2)).toBe(TELEGRAM_REPLIES.ended.operator_unlink);
    const [entry] = await h.t.database.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, "user.telegram_unlinked"),
          eq(auditLog.target, `user:${person.id}`),
        ),
      );
    expect(entry?.actor).toBe(kinds.admin.username);
    expect(entry?.details).toMatchObject({ chat: "@ravi_k" });

    const again = await kinds.admin.browser.post(`/api/admin/users/${person.id}/telegram/unlink`);
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe(ADMIN_MESSAGES.telegramNotLinked);
    // Only the operator may.
    const refused = await person.browser.post(`/api/admin/users/${person.id}/telegram/unlink`);
    expect(refused.statusCode).toBe(403);
  });
});

describe("what was queued for a chat is not sent once it is unlinked or changes hands", () => {
  /** A pending Telegram delivery of a new event to the chat, due later (as a retry would be). */
  async function queued(userId: string, chatId: number, key: string) {
    const db = h.t.database.db;
    const [event] = await db
      .insert(alertEvents)
      .values({
        key,
        event: "new-signal",
        instrument: "BankNifty",
        content: { title: "t", body: "b", url: "/", tag: key },
        fannedOutAt: new Date(),
      })
      .returning({ id: alertEvents.id });
    const [row] = await db
      .insert(alertDeliveries)
      .values({
        dedupeKey: `${key}:telegram:${chatId}`,
        eventId: event?.id as number,
        userId: Number(userId),
        channel: "telegram",
        target: String(chatId),
        nextAttemptAt: new Date(Date.now() + 60 * 60_000),
      })
      .returning({ id: alertDeliveries.id });
    return row?.id as number;
  }
  const statusOf = async (id: number) =>
    (
      await h.t.database.db
        .select({ status: alertDeliveries.status, lastError: alertDeliveries.lastError })
        .from(alertDeliveries)
        .where(eq(alertDeliveries.id, id))
    )[0];

  it("unlinking in Settings cancels the chat's queued alerts and tells the chat", async () => {
    const person = await subscriberWithChat(6401);
    const id = await queued(person.id, 6401, `test:${person.id}:settings`);
    const res = await person.browser.delete("/api/alerts/telegram");
    expect(res.json().message).toBe(ALERT_MESSAGES.telegramUnlinked);
    expect(await statusOf(id)).toEqual({
      status: "skipped",
      lastError: "cancelled: the chat was unlinked",
    });
    expect(await lastReply(6401, 2)).toBe(TELEGRAM_REPLIES.ended.user_unlink);
  });

  it("a chat linked to another account drops what was queued for the first", async () => {
    const first = await subscriberWithChat(6501);
    const id = await queued(first.id, 6501, `test:${first.id}:moved`);
    await subscriberWithChat(6501);
    expect(await statusOf(id)).toEqual({
      status: "skipped",
      lastError: "cancelled: the chat was linked to another account",
    });
    expect((await first.browser.get("/api/alerts/telegram")).json().data.linked).toBe(false);
  });

  it("/stop cancels the chat's queued alerts", async () => {
    const person = await subscriberWithChat(6601);
    const id = await queued(person.id, 6601, `test:${person.id}:stop`);
    double.userSends("/stop", { userId: 6601 });
    expect(await lastReply(6601, 2)).toBe(TELEGRAM_REPLIES.stopped);
    expect((await statusOf(id))?.status).toBe("skipped");
  });
});

describe("Telegram links are rate-limited per user", () => {
  it("refuses an eleventh link in an hour with a clear message", async () => {
    const person = await signedInUser(h);
    for (let i = 0; i < 10; i++) {
      expect((await person.browser.post("/api/alerts/telegram/link")).statusCode).toBe(200);
    }
    const refused = await person.browser.post("/api/alerts/telegram/link");
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toBe(ALERT_MESSAGES.tooManyTelegramLinks);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
  });
});
