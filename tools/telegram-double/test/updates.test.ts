/**
 * Getting updates (https://core.telegram.org/bots/api#getting-updates): the Update a user's message
 * makes, long polling with getUpdates (offset, limit, timeout, allowed_updates), and webhooks.
 */
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { startTelegramDouble, type TelegramDouble } from "../src/double";
import { call, sleep } from "./support";

let double: TelegramDouble;
beforeEach(async () => {
  double = await startTelegramDouble();
});
afterEach(() => double.close());

describe("the Update of a user's message", () => {
  it("is a private-chat Message with a bot_command entity, as Telegram sends /start <payload>", async () => {
    const queued = double.userSends("/start tok123", {
      userId: 42,
      firstName: "Asha",
      username: "asha_k",
      languageCode: "en",
    });
    const { body } = await call(double, "getUpdates");
    expect(body).toEqual({
      ok: true,
      result: [
        {
          update_id: 1,
          message: {
            message_id: 1,
            from: {
              id: 42,
              is_bot: false,
              first_name: "Asha",
              username: "asha_k",
              language_code: "en",
            },
            chat: { id: 42, type: "private", first_name: "Asha", username: "asha_k" },
            date: expect.any(Number),
            text: "/start tok123",
            entities: [{ type: "bot_command", offset: 0, length: 6 }],
          },
        },
      ],
    });
    expect(body.result[0]).toEqual(queued);
  });

  it("marks /command@botname whole, and plain text not at all", async () => {
    double.userSends("/status@kalpa_test_bot", { userId: 42 });
    double.userSends("hello /start", { userId: 42 });
    const { body } = await call(double, "getUpdates");
    expect(body.result[0].message.entities).toEqual([
      { type: "bot_command", offset: 0, length: 22 },
    ]);
    expect(body.result[1].message.entities).toBeUndefined();
  });

  it("numbers updates in sequence and a chat's messages in sequence", async () => {
    for (const text of ["/start a", "/status", "/stop"]) double.userSends(text, { userId: 7 });
    double.userSends("/start", { userId: 8 });
    const { body } = await call(double, "getUpdates");
    expect(body.result.map((u: { update_id: number }) => u.update_id)).toEqual([1, 2, 3, 4]);
    expect(
      body.result.map((u: { message: { message_id: number } }) => u.message.message_id),
    ).toEqual([1, 2, 3, 1]);
  });

  it("block queues a my_chat_member update (member → kicked), unblock the reverse", async () => {
    double.userSends("/start", { userId: 9 });
    double.block(9);
    double.unblock(9);
    const { body } = await call(double, "getUpdates", { offset: 2 });
    const [blocked, unblocked] = body.result;
    expect(blocked.my_chat_member).toMatchObject({
      chat: { id: 9, type: "private" },
      from: { id: 9, is_bot: false },
      old_chat_member: { status: "member", user: { id: 123456, is_bot: true } },
      new_chat_member: { status: "kicked", user: { id: 123456 }, until_date: 0 },
    });
    expect(unblocked.my_chat_member.new_chat_member.status).toBe("member");
  });
});

describe("getUpdates", () => {
  it("keeps updates until an offset above their update_id confirms them", async () => {
    double.userSends("/start a", { userId: 1 });
    double.userSends("/start b", { userId: 2 });
    expect((await call(double, "getUpdates")).body.result).toHaveLength(2);
    // Not confirmed yet: the same updates again.
    expect((await call(double, "getUpdates")).body.result).toHaveLength(2);
    const afterFirst = await call(double, "getUpdates", { offset: 2 });
    expect(afterFirst.body.result.map((u: { update_id: number }) => u.update_id)).toEqual([2]);
    expect((await call(double, "getUpdates", { offset: 3 })).body.result).toEqual([]);
    expect(double.pendingUpdates()).toEqual([]);
  });

  it("limit caps a batch; a negative offset keeps only the last updates", async () => {
    for (let i = 0; i < 5; i += 1) double.userSends(`m${i}`, { userId: 3 });
    expect((await call(double, "getUpdates", { limit: 2 })).body.result).toHaveLength(2);
    const last = await call(double, "getUpdates", { offset: -2 });
    expect(last.body.result.map((u: { update_id: number }) => u.update_id)).toEqual([4, 5]);
    expect(double.pendingUpdates().map((u) => u.update_id)).toEqual([4, 5]);
  });

  it("holds a long poll until an update arrives, then answers at once", async () => {
    const started = Date.now();
    const poll = call(double, "getUpdates", { offset: 1, timeout: 30 });
    await sleep(150);
    double.userSends("/start fast", { userId: 4 });
    const { body } = await poll;
    const waited = Date.now() - started;
    expect(body.result.map((u: { message: { text: string } }) => u.message.text)).toEqual([
      "/start fast",
    ]);
    expect(waited).toBeGreaterThanOrEqual(140);
    expect(waited).toBeLessThan(1500);
  });

  it("answers an empty list when the timeout passes", async () => {
    const started = Date.now();
    const { body } = await call(double, "getUpdates", { timeout: 1 });
    expect(body).toEqual({ ok: true, result: [] });
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
  });

  it("timeout 0 (the default) is a short poll", async () => {
    const started = Date.now();
    expect((await call(double, "getUpdates")).body.result).toEqual([]);
    expect(Date.now() - started).toBeLessThan(500);
  });

  it("takes its parameters form-encoded, in the query string and as JSON alike", async () => {
    double.userSends("/start q", { userId: 5 });
    double.userSends("/start r", { userId: 5 });
    for (const encoding of ["form", "query", "json", "multipart"] as const) {
      const { body } = await call(double, "getUpdates", { offset: 2, limit: 1 }, { encoding });
      expect(body.result.map((u: { update_id: number }) => u.update_id)).toEqual([2]);
    }
  });

  it("a second long poll for the same bot ends the first with 409 Conflict", async () => {
    const first = call(double, "getUpdates", { timeout: 30 });
    await sleep(100);
    const second = call(double, "getUpdates", { timeout: 30 });
    const ended = await first;
    expect(ended.status).toBe(409);
    expect(ended.body).toEqual({
      ok: false,
      error_code: 409,
      description:
        "Conflict: terminated by other getUpdates request; make sure that only one bot instance is running",
    });
    double.userSends("/status", { userId: 6 });
    expect((await second).body.result).toHaveLength(1);
  });

  it("allowed_updates filters the updates created after it; [] restores the default", async () => {
    await call(double, "getUpdates", { allowed_updates: ["callback_query"] });
    double.userSends("ignored", { userId: 10 });
    expect((await call(double, "getUpdates")).body.result).toEqual([]);
    // Omitted: the previous setting stays.
    double.userSends("still ignored", { userId: 10 });
    expect((await call(double, "getUpdates")).body.result).toEqual([]);
    await call(double, "getUpdates", { allowed_updates: [] }, { encoding: "form" });
    double.userSends("seen", { userId: 10 });
    const { body } = await call(double, "getUpdates");
    expect(body.result.map((u: { message: { text: string } }) => u.message.text)).toEqual(["seen"]);
  });

  it("chat_member updates are not sent unless asked for (the documented default)", async () => {
    double.pushUpdate({ chat_member: { note: "not by default" } });
    double.pushUpdate({ edited_message: { message_id: 1 } });
    const { body } = await call(double, "getUpdates");
    expect(Object.keys(body.result[0])).toEqual(["update_id", "edited_message"]);
  });

  it("close() answers a waiting long poll", async () => {
    const poll = call(double, "getUpdates", { timeout: 30 });
    await sleep(50);
    await double.close();
    expect((await poll).body).toEqual({ ok: true, result: [] });
  });
});

describe("webhooks", () => {
  async function receiver(reply: (update: unknown) => { status: number; body?: unknown }) {
    const received: { update: unknown; headers: IncomingHttpHeaders }[] = [];
    const server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (chunk: Buffer) => chunks.push(chunk));
      req.on("end", () => {
        const update = JSON.parse(Buffer.concat(chunks).toString("utf8"));
        received.push({ update, headers: req.headers });
        const { status, body } = reply(update);
        res.writeHead(status, { "Content-Type": "application/json" });
        res.end(body === undefined ? "" : JSON.stringify(body));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/telegram/webhook`;
    return {
      url,
      received,
      close: () => new Promise<void>((resolve) => server.close(() => resolve())),
    };
  }

  async function until(check: () => boolean | Promise<boolean>, timeoutMs = 3000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!(await check())) {
      if (Date.now() > deadline) throw new Error("timed out");
      await sleep(10);
    }
  }

  it("POSTs updates to the webhook with the secret token header, and getUpdates is refused", async () => {
    const hook = await receiver(() => ({ status: 200 }));
    try {
      const set = await call(double, "setWebhook", { url: hook.url, secret_token: "s3cret-token" });
      expect(set.body).toEqual({ ok: true, result: true, description: "Webhook was set" });
      double.userSends("/start w", { userId: 11 });
      await until(() => hook.received.length === 1);
      expect(hook.received[0]?.headers["x-telegram-bot-api-secret-token"]).toBe("s3cret-token");
      expect(hook.received[0]?.headers["content-type"]).toMatch(/^application\/json/);
      expect(hook.received[0]?.update).toMatchObject({
        update_id: 1,
        message: { text: "/start w" },
      });
      await until(() => double.pendingUpdates().length === 0);

      const polled = await call(double, "getUpdates");
      expect(polled.status).toBe(409);
      expect(polled.body.description).toBe(
        "Conflict: can't use getUpdates method while webhook is active; use deleteWebhook to delete the webhook first",
      );
      const info = await call(double, "getWebhookInfo");
      expect(info.body.result).toMatchObject({
        url: hook.url,
        has_custom_certificate: false,
        pending_update_count: 0,
      });

      expect((await call(double, "deleteWebhook")).body).toEqual({
        ok: true,
        result: true,
        description: "Webhook was deleted",
      });
      expect((await call(double, "deleteWebhook")).body.description).toBe(
        "Webhook is already deleted",
      );
      expect((await call(double, "getUpdates")).status).toBe(200);
    } finally {
      await hook.close();
    }
  });

  it("retries an update the webhook refused, and reports the error in getWebhookInfo", async () => {
    let refuse = true;
    const hook = await receiver(() => ({ status: refuse ? 500 : 200 }));
    try {
      await call(double, "setWebhook", { url: hook.url });
      double.userSends("/start again", { userId: 12 });
      let info = await call(double, "getWebhookInfo");
      await until(async () => {
        info = await call(double, "getWebhookInfo");
        return info.body.result.last_error_message !== undefined;
      });
      expect(info.body.result).toMatchObject({
        url: hook.url,
        pending_update_count: 1,
        last_error_date: expect.any(Number),
        last_error_message: "Wrong response from the webhook: 500 Internal Server Error",
      });
      refuse = false;
      await until(() => double.pendingUpdates().length === 0);
      expect(hook.received.length).toBeGreaterThanOrEqual(2);
    } finally {
      await hook.close();
    }
  });

  it("runs a method the webhook answers with (a webhook reply)", async () => {
    const hook = await receiver((update) => ({
      status: 200,
      body: {
        method: "sendMessage",
        chat_id: (update as { message: { chat: { id: number } } }).message.chat.id,
        text: "linked via webhook reply",
      },
    }));
    try {
      await call(double, "setWebhook", { url: hook.url });
      double.userSends("/start reply", { userId: 13 });
      const [sent] = await double.waitForSent(1, 3000);
      expect(sent).toMatchObject({ chatId: 13, text: "linked via webhook reply" });
    } finally {
      await hook.close();
    }
  });

  it("setWebhook ends a waiting long poll with 409, and refuses a URL that is not http(s)", async () => {
    const poll = call(double, "getUpdates", { timeout: 30 });
    await sleep(50);
    await call(double, "setWebhook", { url: "http://127.0.0.1:9/never" });
    expect((await poll).body).toEqual({
      ok: false,
      error_code: 409,
      description: "Conflict: terminated by setWebhook request",
    });
    expect(
      (await call(double, "setWebhook", { url: "ftp://example.com/hook" })).body.description,
    ).toBe("Bad Request: bad webhook: An HTTPS URL must be provided for webhook");
    // An empty url removes the webhook, as documented.
    expect((await call(double, "setWebhook", { url: "" })).body.description).toBe(
      "Webhook was deleted",
    );
  });
});
