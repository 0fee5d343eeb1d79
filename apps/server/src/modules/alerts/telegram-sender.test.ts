/**
 * The Telegram sender against the Bot API double, through grammY: a 429 (Telegram's flood control) is
 * retried after its `retry_after`, and until then the bot sends nothing more, handing the rest back to
 * be retried at the same time.
 */
import type { PushPayload } from "@kalpa/contracts/api/alerts";
import { startTelegramDouble } from "@kalpa/telegram-double";
import { afterAll, describe, expect, it } from "vitest";
import type { Delivery } from "./delivery";
import { createTelegramBot, createTelegramSender, type TelegramLinks } from "./telegram";

const BOT = { token: "123456789:AAsenderTestToken", username: "kalpa_sender_bot", firstName: "K" };
const double = await startTelegramDouble({ port: 0, bots: [BOT], acceptAnyChat: true });
afterAll(() => double.close());

const content: PushPayload = { title: "Title", body: "Body", url: "/", tag: "t" };
const delivery = (chatId: number): Delivery => ({
  id: chatId,
  userId: chatId,
  channel: "telegram",
  target: String(chatId),
  attempts: 1,
  event: "new-signal",
  instrument: "Nifty",
  content,
});
const links = { unlinkChat: async () => true } as unknown as TelegramLinks;

describe("the Telegram sender", () => {
  it("waits out a 429 for the whole bot, then sends", async () => {
    const sender = createTelegramSender(
      createTelegramBot({ token: BOT.token, apiRoot: double.apiRoot }).bot,
      links,
    );
    double.rateLimitNext(1, 3);
    const first = await sender.send([delivery(501)]);
    expect(first.get(501)).toMatchObject({ outcome: "retry", retryAfterMs: 3000 });

    // Within the wait: nothing reaches Telegram, and each is handed back for after it.
    const calls = double.calls("sendMessage").length;
    const during = await sender.send([delivery(502), delivery(503)]);
    expect(double.calls("sendMessage")).toHaveLength(calls);
    for (const id of [502, 503]) {
      const outcome = during.get(id);
      // Never tried: it uses none of its attempts (delivery.ts gives the claim's back).
      expect(outcome).toMatchObject({ outcome: "retry", untried: true });
      expect(outcome?.outcome === "retry" && outcome.retryAfterMs).toBeGreaterThan(2000);
    }

    await new Promise((resolve) => setTimeout(resolve, 3100));
    const after = await sender.send([delivery(502), delivery(503)]);
    expect([...after.values()]).toEqual([{ outcome: "sent" }, { outcome: "sent" }]);
    expect(double.sent(502).map((m) => m.text)).toEqual(["Title\n\nBody"]);
  });
});
