/**
 * The documented request and response shapes (https://core.telegram.org/bots/api#making-requests):
 * the envelope, getMe, sendMessage and its Message, the four ways of passing parameters, and the
 * documented error answers.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_BOT, startTelegramDouble, type TelegramDouble } from "../src/double";
import { call, type Encoding, TOKEN } from "./support";

const SECOND_BOT = {
  token: "654321:SECOND-bot_token",
  username: "second_test_bot",
  firstName: "Two",
};

let double: TelegramDouble;
beforeAll(async () => {
  double = await startTelegramDouble({ bots: [DEFAULT_BOT, SECOND_BOT] });
});
afterAll(() => double.close());

describe("getMe", () => {
  it("answers the documented envelope with the bot as a User, getMe's fields included", async () => {
    const { status, contentType, body } = await call(double, "getMe");
    expect(status).toBe(200);
    expect(contentType).toMatch(/^application\/json/);
    expect(body).toEqual({
      ok: true,
      result: {
        id: 123456,
        is_bot: true,
        first_name: "Kalpa Test",
        username: "kalpa_test_bot",
        can_join_groups: true,
        can_read_all_group_messages: false,
        supports_inline_queries: false,
        can_connect_to_business: false,
        has_main_web_app: false,
      },
    });
  });

  it("takes GET and POST, and method names in any case", async () => {
    const get = await fetch(`${double.apiRoot}/bot${TOKEN}/getMe`);
    expect(((await get.json()) as { ok: boolean }).ok).toBe(true);
    for (const name of ["getme", "GETME", "GetMe"]) {
      expect((await call(double, name)).body.result.username).toBe("kalpa_test_bot");
    }
  });

  it("answers each bot for its own token", async () => {
    const { body } = await call(double, "getMe", {}, { token: SECOND_BOT.token });
    expect(body.result).toMatchObject({
      id: 654321,
      username: "second_test_bot",
      first_name: "Two",
    });
  });
});

describe("the documented errors", () => {
  it("401 Unauthorized for a token no bot has", async () => {
    for (const token of ["123456:WRONG", "nonsense", "999:TEST-TOKEN"]) {
      const { status, body } = await call(double, "getMe", {}, { token });
      expect(status).toBe(401);
      expect(body).toEqual({ ok: false, error_code: 401, description: "Unauthorized" });
    }
  });

  it("401 comes before 404: a bad token with an unknown method is Unauthorized", async () => {
    const { status } = await call(double, "noSuchMethod", {}, { token: "1:nope" });
    expect(status).toBe(401);
  });

  it("404 Not Found for a method the API does not have, and for paths outside /bot<token>/", async () => {
    const { status, body } = await call(double, "sendTelepathy", { chat_id: 1 });
    expect(status).toBe(404);
    expect(body).toEqual({ ok: false, error_code: 404, description: "Not Found" });
    for (const path of ["/", "/getMe", `/bot${TOKEN}`, `/bot${TOKEN}/getMe/extra`]) {
      const res = await fetch(`${double.apiRoot}${path}`);
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ ok: false, error_code: 404, description: "Not Found" });
    }
  });

  it("400 Bad Request: message text is empty, for a missing, empty or blank text", async () => {
    double.addUser(501);
    for (const params of [
      { chat_id: 501 },
      { chat_id: 501, text: "" },
      { chat_id: 501, text: " \n " },
    ]) {
      const { status, body } = await call(double, "sendMessage", params);
      expect(status).toBe(400);
      expect(body).toEqual({
        ok: false,
        error_code: 400,
        description: "Bad Request: message text is empty",
      });
    }
    // Markup that leaves nothing to show is empty too.
    const { body } = await call(double, "sendMessage", {
      chat_id: 501,
      text: "<b></b>",
      parse_mode: "HTML",
    });
    expect(body.description).toBe("Bad Request: message text is empty");
  });

  it("400 for a missing chat_id and for a chat the bot does not know", async () => {
    expect((await call(double, "sendMessage", { text: "hi" })).body).toEqual({
      ok: false,
      error_code: 400,
      description: "Bad Request: chat_id is empty",
    });
    for (const chatId of [777_000_001, "@nobody", "not-a-chat", -100123]) {
      const { status, body } = await call(double, "sendMessage", { chat_id: chatId, text: "hi" });
      expect(status).toBe(400);
      expect(body).toEqual({
        ok: false,
        error_code: 400,
        description: "Bad Request: chat not found",
      });
    }
  });

  it("403 when the user never started this bot (another bot's user)", async () => {
    double.userSends("/start", { userId: 502 });
    const { status, body } = await call(
      double,
      "sendMessage",
      { chat_id: 502, text: "hello" },
      { token: SECOND_BOT.token },
    );
    expect(status).toBe(403);
    expect(body).toEqual({
      ok: false,
      error_code: 403,
      description: "Forbidden: bot can't initiate conversation with a user",
    });
  });

  it("403 Forbidden: bot was blocked by the user, until the user unblocks it", async () => {
    double.addUser(503);
    expect((await call(double, "sendMessage", { chat_id: 503, text: "before" })).status).toBe(200);
    double.block(503);
    const blocked = await call(double, "sendMessage", { chat_id: 503, text: "during" });
    expect(blocked.status).toBe(403);
    expect(blocked.body).toEqual({
      ok: false,
      error_code: 403,
      description: "Forbidden: bot was blocked by the user",
    });
    expect((await call(double, "sendChatAction", { chat_id: 503, action: "typing" })).status).toBe(
      403,
    );
    double.unblock(503);
    expect((await call(double, "sendMessage", { chat_id: 503, text: "after" })).status).toBe(200);
    expect(double.sent(503).map((sent) => sent.text)).toEqual(["before", "after"]);
  });

  it("429 Too Many Requests with parameters.retry_after for the next n calls, then normal", async () => {
    double.addUser(504);
    double.rateLimitNext(2, 7);
    for (let i = 0; i < 2; i += 1) {
      const { status, body } = await call(double, "sendMessage", { chat_id: 504, text: "x" });
      expect(status).toBe(429);
      expect(body).toEqual({
        ok: false,
        error_code: 429,
        description: "Too Many Requests: retry after 7",
        parameters: { retry_after: 7 },
      });
    }
    expect((await call(double, "sendMessage", { chat_id: 504, text: "x" })).status).toBe(200);
    expect(double.sent(504)).toHaveLength(1);
  });

  it("429 applies to sendMessage unless told otherwise", async () => {
    double.rateLimitNext(1, 3);
    expect((await call(double, "getMe")).status).toBe(200);
    double.addUser(505);
    expect((await call(double, "sendMessage", { chat_id: 505, text: "x" })).status).toBe(429);
    double.rateLimitNext(1, 3, { methods: ["*"] });
    expect((await call(double, "getMe")).body.parameters).toEqual({ retry_after: 3 });
  });

  it("400 for an unsupported parse_mode and for markup Telegram cannot parse", async () => {
    double.addUser(506);
    expect(
      (await call(double, "sendMessage", { chat_id: 506, text: "x", parse_mode: "BBCode" })).body,
    ).toEqual({ ok: false, error_code: 400, description: "Bad Request: unsupported parse_mode" });
    const { body } = await call(double, "sendMessage", {
      chat_id: 506,
      text: "NIFTY at 24,512.5!",
      parse_mode: "MarkdownV2",
    });
    expect(body).toEqual({
      ok: false,
      error_code: 400,
      description:
        "Bad Request: can't parse entities: Character '.' is reserved and must be escaped with the preceding '\\'",
    });
  });

  it("400 Bad Request: message is too long, past 4096 characters after parsing", async () => {
    double.addUser(507);
    const ok = await call(double, "sendMessage", { chat_id: 507, text: "a".repeat(4096) });
    expect(ok.status).toBe(200);
    const long = await call(double, "sendMessage", { chat_id: 507, text: "a".repeat(4097) });
    expect(long.body).toEqual({
      ok: false,
      error_code: 400,
      description: "Bad Request: message is too long",
    });
    // Characters, not UTF-16 units: 4096 emoji fit; markup does not count.
    const emoji = await call(double, "sendMessage", { chat_id: 507, text: "😀".repeat(4096) });
    expect(emoji.status).toBe(200);
    const marked = await call(double, "sendMessage", {
      chat_id: 507,
      text: `<b>${"a".repeat(4096)}</b>`,
      parse_mode: "HTML",
    });
    expect(marked.status).toBe(200);
  });
});

describe("sendMessage", () => {
  it("answers the sent Message: ids rising per chat, unix-second date, the chat, from = the bot", async () => {
    double.userSends("/start", { userId: 601, firstName: "Asha", username: "asha_k" });
    double.addUser(602, { firstName: "Ravi" });
    const before = Math.floor(Date.now() / 1000);
    const first = await call(double, "sendMessage", { chat_id: 601, text: "one" });
    const other = await call(double, "sendMessage", { chat_id: 602, text: "uno" });
    const second = await call(double, "sendMessage", { chat_id: 601, text: "two" });
    const after = Math.floor(Date.now() / 1000);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({
      ok: true,
      result: {
        // The user's /start was message 1 of this chat.
        message_id: 2,
        from: { id: 123456, is_bot: true, first_name: "Kalpa Test", username: "kalpa_test_bot" },
        chat: { id: 601, type: "private", first_name: "Asha", username: "asha_k" },
        date: expect.any(Number),
        text: "one",
      },
    });
    expect(Number.isInteger(first.body.result.date)).toBe(true);
    expect(first.body.result.date).toBeGreaterThanOrEqual(before);
    expect(first.body.result.date).toBeLessThanOrEqual(after);
    expect(second.body.result.message_id).toBe(3);
    expect(other.body.result.message_id).toBe(1);
    expect(other.body.result.chat).toEqual({ id: 602, type: "private", first_name: "Ravi" });
  });

  const encodings: Encoding[] = ["json", "form", "query", "multipart"];
  it.each(encodings)(
    "reads %s parameters, objects JSON-serialized where the encoding is text",
    async (encoding) => {
      const chatId = 610 + encodings.indexOf(encoding);
      double.addUser(chatId);
      const keyboard = { inline_keyboard: [[{ text: "Stop alerts", callback_data: "stop" }]] };
      const { status, body } = await call(
        double,
        "sendMessage",
        {
          chat_id: chatId,
          text: "<b>NIFTY</b> alert",
          parse_mode: "HTML",
          reply_markup: keyboard,
          link_preview_options: { is_disabled: true },
        },
        { encoding },
      );
      expect(status).toBe(200);
      expect(body.result).toMatchObject({
        chat: { id: chatId },
        text: "NIFTY alert",
        entities: [{ type: "bold", offset: 0, length: 5 }],
        reply_markup: keyboard,
        link_preview_options: { is_disabled: true },
      });
      const [sent] = double.sent(chatId);
      expect(sent).toMatchObject({
        bot: "kalpa_test_bot",
        chatId,
        text: "<b>NIFTY</b> alert",
        parseMode: "HTML",
        replyMarkup: keyboard,
        linkPreviewOptions: { is_disabled: true },
      });
    },
  );

  it("keeps a reply keyboard out of the Message (only inline keyboards attach to it)", async () => {
    double.addUser(620);
    const markup = { keyboard: [[{ text: "/status" }]], resize_keyboard: true };
    const { body } = await call(double, "sendMessage", {
      chat_id: 620,
      text: "pick",
      reply_markup: markup,
    });
    expect(body.result.reply_markup).toBeUndefined();
    expect(double.sent(620)[0]?.replyMarkup).toEqual(markup);
  });

  it("reads disable_web_page_preview as link_preview_options.is_disabled", async () => {
    double.addUser(621);
    const { body } = await call(
      double,
      "sendMessage",
      { chat_id: 621, text: "https://example.com", disable_web_page_preview: true },
      { encoding: "form" },
    );
    expect(body.result.link_preview_options).toEqual({ is_disabled: true });
  });

  it("400 for a reply_markup that is not JSON", async () => {
    double.addUser(622);
    const { body } = await call(
      double,
      "sendMessage",
      { chat_id: 622, text: "x", reply_markup: "{not json" },
      { encoding: "form" },
    );
    expect(body).toEqual({
      ok: false,
      error_code: 400,
      description: "Bad Request: can't parse reply keyboard markup JSON object",
    });
  });

  it("records receivedAt, and waitForSent resolves once enough have arrived", async () => {
    double.addUser(630);
    const waiting = double.waitForSent(2, 2000, 630);
    await call(double, "sendMessage", { chat_id: 630, text: "a" });
    await call(double, "sendMessage", { chat_id: 630, text: "b" });
    const sent = await waiting;
    expect(sent.map((s) => s.text)).toEqual(["a", "b"]);
    for (const s of sent) expect(Math.abs(s.receivedAt - Date.now())).toBeLessThan(5000);
    await expect(double.waitForSent(3, 50, 630)).rejects.toThrow(/2 of 3 messages to chat 630/);
  });
});

describe("request bodies", () => {
  it("reads multipart parts however their headers are spaced (grammY writes them without spaces)", async () => {
    double.addUser(801);
    const boundary = "----grammyBoundary0123";
    const body =
      `--${boundary}\r\ncontent-disposition:form-data;name="chat_id"\r\n\r\n801` +
      `\r\n--${boundary}\r\nContent-Disposition: form-data; name="text"\r\n\r\nline one\nline two` +
      `\r\n--${boundary}\r\ncontent-disposition:form-data;name="doc";filename=a.txt\r\ncontent-type:application/octet-stream\r\n\r\nbytes` +
      `\r\n--${boundary}--\r\n`;
    const res = await fetch(`${double.apiRoot}/bot${TOKEN}/sendMessage`, {
      method: "POST",
      headers: { "Content-Type": `multipart/form-data; boundary=${boundary}` },
      body,
    });
    expect(res.status).toBe(200);
    const [sent] = double.sent(801);
    expect(sent?.text).toBe("line one\nline two");
    expect(sent?.params.doc).toMatchObject({ filename: "a.txt" });
  });

  it("400 for a JSON body that does not parse, and 401 for a token that is not even URL-encoded right", async () => {
    const res = await fetch(`${double.apiRoot}/bot${TOKEN}/sendMessage`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: "{chat_id: 1",
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      ok: false,
      error_code: 400,
      description: "Bad Request: can't parse JSON object",
    });
    expect((await fetch(`${double.apiRoot}/bot%E0%A4%A/getMe`)).status).toBe(401);
  });

  it("lets body parameters override the query string", async () => {
    double.addUser(802);
    const res = await fetch(`${double.apiRoot}/bot${TOKEN}/sendMessage?chat_id=802&text=query`, {
      method: "POST",
      body: new URLSearchParams({ text: "body" }),
    });
    expect(res.status).toBe(200);
    expect(double.sent(802).map((sent) => sent.text)).toEqual(["body"]);
  });
});

describe("the other methods", () => {
  it("sendChatAction takes the documented actions", async () => {
    double.addUser(701);
    expect((await call(double, "sendChatAction", { chat_id: 701, action: "typing" })).body).toEqual(
      {
        ok: true,
        result: true,
      },
    );
    expect(
      (await call(double, "sendChatAction", { chat_id: 701, action: "dancing" })).body,
    ).toEqual({
      ok: false,
      error_code: 400,
      description: "Bad Request: wrong parameter action in request",
    });
  });

  it("setMyCommands / getMyCommands / deleteMyCommands store commands per scope and language", async () => {
    const commands = [
      { command: "start", description: "Link your Kalpa account" },
      { command: "status", description: "Is this chat linked?" },
    ];
    expect((await call(double, "setMyCommands", { commands })).body).toEqual({
      ok: true,
      result: true,
    });
    expect((await call(double, "getMyCommands")).body).toEqual({ ok: true, result: commands });
    const hindi = { commands: [{ command: "start", description: "जोड़ें" }], language_code: "hi" };
    await call(double, "setMyCommands", hindi, { encoding: "form" });
    expect((await call(double, "getMyCommands", { language_code: "hi" })).body.result).toEqual(
      hindi.commands,
    );
    expect(
      (await call(double, "getMyCommands", { scope: { type: "all_private_chats" } })).body.result,
    ).toEqual([]);
    await call(double, "deleteMyCommands");
    expect((await call(double, "getMyCommands")).body.result).toEqual([]);
    const bad = await call(double, "setMyCommands", {
      commands: [{ command: "Has Space", description: "x" }],
    });
    expect(bad.status).toBe(400);
  });

  it("answerCallbackQuery answers a query the user made, once", async () => {
    double.addUser(702);
    await call(double, "sendMessage", {
      chat_id: 702,
      text: "Stop?",
      reply_markup: { inline_keyboard: [[{ text: "Yes", callback_data: "stop:yes" }]] },
    });
    const update = double.userPresses("stop:yes", { userId: 702 });
    expect(update.callback_query).toMatchObject({
      from: { id: 702, is_bot: false },
      data: "stop:yes",
      message: { chat: { id: 702 }, text: "Stop?" },
      chat_instance: expect.any(String),
    });
    const id = update.callback_query?.id;
    const params = { callback_query_id: id, text: "Stopped" };
    expect((await call(double, "answerCallbackQuery", params)).body).toEqual({
      ok: true,
      result: true,
    });
    expect((await call(double, "answerCallbackQuery", params)).body).toEqual({
      ok: false,
      error_code: 400,
      description:
        "Bad Request: query is too old and response timeout expired or query ID is invalid",
    });
  });

  it("records the calls it answered", async () => {
    const before = double.calls("getMe").length;
    await call(double, "GETME");
    const calls = double.calls("getme");
    expect(calls).toHaveLength(before + 1);
    expect(calls.at(-1)).toMatchObject({ bot: "kalpa_test_bot", method: "GETME" });
  });
});

describe("acceptAnyChat", () => {
  it("lets the bot write to any user id, as a private chat", async () => {
    const open = await startTelegramDouble({ acceptAnyChat: true });
    try {
      const { status, body } = await call(open, "sendMessage", { chat_id: 90_001, text: "hi" });
      expect(status).toBe(200);
      expect(body.result.chat).toEqual({ id: 90_001, type: "private", first_name: "User 90001" });
      expect((await call(open, "sendMessage", { chat_id: -5, text: "hi" })).status).toBe(400);
    } finally {
      await open.close();
    }
  });
});
