/**
 * Alerts by Telegram, end to end against the local Bot API double (tools/telegram-double), through grammY
 * as in production: a subscriber links their chat with the one-time deep link Settings gives, the bot
 * answers /start, /status and /stop, and a signal's transitions reach the linked chat. A link works once;
 * a chat that blocked the bot is unlinked.
 */
import { startTelegramDouble } from "@kalpa/telegram-double";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TELEGRAM_REPLIES } from "../../src/modules/alerts/telegram";
import { createUserKinds } from "../helpers/access";
import { useAccountsApp } from "../helpers/accounts";
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

async function linkChat(chatId: number) {
  const link = await kinds.subscriber.browser.post("/api/alerts/telegram/link");
  expect(link.statusCode, link.body).toBe(200);
  const url = new URL(link.json().data.url);
  expect(`${url.origin}${url.pathname}`).toBe(`https://t.me/${BOT.username}`);
  const token = url.searchParams.get("start") ?? "";
  const before = double.sent(chatId).length;
  double.userSends(`/start ${token}`, { userId: chatId, firstName: "Asha" });
  return { token, reply: await lastReply(chatId, before + 1) };
}

describe("Telegram alerts", () => {
  it("links a chat with a one-time deep link, and says so", async () => {
    const status = await kinds.subscriber.browser.get("/api/alerts/telegram");
    expect(status.json().data).toEqual({
      available: true,
      linked: false,
      botUsername: BOT.username,
    });
    const { token, reply } = await linkChat(CHAT);
    expect(reply).toBe(TELEGRAM_REPLIES.linked(kinds.subscriber.username as string));
    expect((await kinds.subscriber.browser.get("/api/alerts/telegram")).json().data.linked).toBe(
      true,
    );
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
    for (const record of tradeRecords({
      model: "BankNifty:HFT",
      entryTime,
      entryPrice: 100,
      exitTime: entryTime + 60_000,
      exitPrice: 90,
    })) {
      await h.t.signals.record([record]);
    }
    const sent = await double.waitForSent(before + 2, 10_000, CHAT);
    const texts = sent.slice(before).map((message) => message.text.split("\n")[0]);
    // Triggered was not chosen.
    expect(texts).toEqual(["BANKNIFTY · HFT: new signal", "BANKNIFTY · HFT: closed −₹650"]);

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
