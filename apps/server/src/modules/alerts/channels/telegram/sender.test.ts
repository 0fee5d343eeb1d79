/**
 * The Telegram sender against the Bot API double, through grammY: it paces the bot's messages, and a 429
 * (Telegram's flood control) is retried after its `retry_after`; until then the bot sends nothing more,
 * handing the rest back to be retried at the same time.
 */
import type { PushPayload } from "@kalpa/contracts/api/alerts";
import { startTelegramDouble } from "@kalpa/telegram-double";
import { afterAll, describe, expect, it, vi } from "vitest";
import type { Delivery } from "../channel";
import {
  createPacer,
  createTelegramBot,
  createTelegramSender,
  type TelegramLinks,
} from "./telegram";

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
/** Every chat is linked to the user of the same number (delivery's userId is its chat id). */
const ownChats = async (chatIds: readonly number[]) => new Map(chatIds.map((id) => [id, id]));
const links = { unlinkChat: async () => true, ownersOf: ownChats } as unknown as TelegramLinks;

describe("the Telegram sender", () => {
  it("waits out a 429 for the whole bot, then sends", async () => {
    const sender = createTelegramSender(
      createTelegramBot({ token: BOT.token, apiRoot: double.apiRoot }),
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

  it("never sends to a group chat linked before groups were refused: it is unlinked", async () => {
    const unlinked: number[] = [];
    const sender = createTelegramSender(
      createTelegramBot({ token: BOT.token, apiRoot: double.apiRoot }),
      {
        unlinkChat: async (chatId: number) => {
          unlinked.push(chatId);
          return true;
        },
        ownersOf: ownChats,
      } as unknown as TelegramLinks,
    );
    const before = double.calls("sendMessage").length;
    const outcomes = await sender.send([delivery(-4711), delivery(4711)]);
    expect(outcomes.get(-4711)).toMatchObject({ outcome: "gone" });
    expect(outcomes.get(4711)).toEqual({ outcome: "sent" });
    expect(double.calls("sendMessage")).toHaveLength(before + 1);
    expect(unlinked).toEqual([-4711]);
  });

  it("sends nothing to a chat that is no longer linked to the delivery's user", async () => {
    const sender = createTelegramSender(
      createTelegramBot({ token: BOT.token, apiRoot: double.apiRoot }),
      {
        unlinkChat: async () => true,
        // 4801 was linked to another account since; 4802 was unlinked.
        ownersOf: async () => new Map([[4801, 9999]]),
      } as unknown as TelegramLinks,
    );
    const before = double.calls("sendMessage").length;
    const outcomes = await sender.send([delivery(4801), delivery(4802)]);
    for (const id of [4801, 4802]) {
      expect(outcomes.get(id)).toEqual({
        outcome: "skipped",
        error: "the chat is no longer linked to the subscriber",
      });
    }
    expect(double.calls("sendMessage")).toHaveLength(before);
  });

  it("starts the bot's messages no faster than its rate, all batches together", async () => {
    const sender = createTelegramSender(
      createTelegramBot({ token: BOT.token, apiRoot: double.apiRoot }),
      links,
      { perSecond: 20 },
    );
    expect(sender.perSecond).toBe(20);
    const before = double.calls("sendMessage").length;
    // Two batches at once, as two loops' would be: 10 messages at 20 a second, 50 ms apart. Counted from
    // the second arrival (the first may wait for its connection to open, which shortens the span), the
    // other eight gaps span 400 ms at the sender; at the double, a loaded machine may delay one arrival
    // more than another by tens of milliseconds. Unpaced, they would take a few milliseconds.
    const outcomes = await Promise.all([
      sender.send([601, 602, 603, 604, 605].map(delivery)),
      sender.send([606, 607, 608, 609, 610].map(delivery)),
    ]);
    expect(outcomes.flatMap((batch) => [...batch.values()])).toEqual(
      Array.from({ length: 10 }, () => ({ outcome: "sent" })),
    );
    const times = double
      .calls("sendMessage")
      .slice(before)
      .map((call) => call.at)
      .sort((a, b) => a - b);
    expect(times).toHaveLength(10);
    expect((times[9] as number) - (times[1] as number)).toBeGreaterThanOrEqual(320);
  });
});

describe("the pacer", () => {
  it("lets turns less than a millisecond apart go at once, and keeps the rate over each millisecond", async () => {
    vi.useFakeTimers({ now: 0 });
    try {
      // 4,000 a second: a turn every 0.25 ms.
      const pace = createPacer(4000);
      let done = 0;
      const turns = Array.from({ length: 8 }, () => pace().then(() => done++));
      await vi.advanceTimersByTimeAsync(0);
      // The first four fall within the first millisecond; the next four wait for theirs.
      expect(done).toBe(4);
      await vi.advanceTimersByTimeAsync(1);
      await Promise.all(turns);
      expect(done).toBe(8);
    } finally {
      vi.useRealTimers();
    }
  });

  it("gives each caller its own turn, evenly spaced", async () => {
    vi.useFakeTimers({ now: 0 });
    try {
      const pace = createPacer(10);
      const started: number[] = [];
      const turns = Array.from({ length: 4 }, () => pace().then(() => started.push(Date.now())));
      await vi.advanceTimersByTimeAsync(1000);
      await Promise.all(turns);
      expect(started).toEqual([0, 100, 200, 300]);
      // Idle since: the next one goes at once.
      await vi.advanceTimersByTimeAsync(1000);
      const late = pace().then(() => started.push(Date.now()));
      await vi.advanceTimersByTimeAsync(0);
      await late;
      expect(started.at(-1)).toBe(2000);
    } finally {
      vi.useRealTimers();
    }
  });
});
