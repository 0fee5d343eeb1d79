/**
 * End to end with the real grammY (the library the server's Telegram alerts use), reaching the
 * double only through its `client.apiRoot`: bot.init() calls getMe, bot.start() calls deleteWebhook
 * and long-polls getUpdates, and bot.stop() aborts the waiting poll and confirms the offset with
 * one short poll.
 */
import { Bot, GrammyError, InlineKeyboard } from "grammy";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { startTelegramDouble, type TelegramDouble } from "../src/double";
import { TOKEN } from "./support";

let double: TelegramDouble;
let bot: Bot;
let running: Promise<void> | undefined;
const errors: unknown[] = [];

beforeEach(async () => {
  double = await startTelegramDouble();
  bot = new Bot(TOKEN, { client: { apiRoot: double.apiRoot } });
  errors.length = 0;
  bot.catch((error) => {
    errors.push(error.error);
  });
});

afterEach(async () => {
  if (bot.isRunning()) await bot.stop();
  await running;
  running = undefined;
  await double.close();
});

/** Starts long polling; resolves once grammY has finished its start-up calls. */
function start(): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    running = bot.start({ onStart: () => resolve() });
    running.catch(reject);
  });
}

describe("grammY against the double", () => {
  it("links an account: /start tok123 → 'linked tok123' to chat 42, and stops promptly", async () => {
    bot.command("start", (ctx) => ctx.reply(`linked ${ctx.match}`));
    await start();
    double.userSends("/start tok123", { userId: 42 });
    const [sent] = await double.waitForSent(1, 5000);
    expect(sent).toMatchObject({ bot: "kalpa_test_bot", chatId: 42, text: "linked tok123" });
    expect(sent?.message).toMatchObject({
      chat: { id: 42, type: "private" },
      text: "linked tok123",
    });

    const stopping = Date.now();
    await bot.stop();
    await running;
    expect(Date.now() - stopping).toBeLessThan(1000);
    // stop() confirmed the update it handled.
    expect(double.pendingUpdates()).toEqual([]);
    expect(errors).toEqual([]);
  });

  it("makes the documented start-up calls: getMe, deleteWebhook, then getUpdates with offset and timeout", async () => {
    await start();
    double.userSends("/status", { userId: 5 });
    await new Promise((resolve) => setTimeout(resolve, 100));
    const names = double.calls().map((call) => call.method);
    expect(names.slice(0, 3).sort()).toEqual(["deleteWebhook", "getMe", "getUpdates"]);
    const [first, second] = double.calls("getUpdates");
    expect(first?.params).toMatchObject({ offset: 1, timeout: 30, allowed_updates: [] });
    // The next poll confirms update 1 and no longer repeats allowed_updates.
    expect(second?.params).toMatchObject({ offset: 2, timeout: 30 });
    expect(second?.params.allowed_updates).toBeUndefined();
    expect(bot.botInfo).toMatchObject({ id: 123456, username: "kalpa_test_bot", is_bot: true });
  });

  it("answers /start, /stop and /status in order, one chat per user", async () => {
    bot.command("start", (ctx) => ctx.reply(`linked ${ctx.match}`));
    bot.command("stop", (ctx) => ctx.reply("unlinked"));
    bot.command("status", (ctx) => ctx.reply(`chat ${ctx.chat.id}`));
    await start();
    double.userSends("/start a1", { userId: 1 });
    double.userSends("/status", { userId: 1 });
    double.userSends("/start b2", { userId: 2 });
    double.userSends("/stop@kalpa_test_bot", { userId: 1 });
    await double.waitForSent(4, 5000);
    expect(double.sent(1).map((sent) => sent.text)).toEqual(["linked a1", "chat 1", "unlinked"]);
    expect(double.sent(2).map((sent) => sent.text)).toEqual(["linked b2"]);
  });

  it("sends HTML alerts with an inline keyboard, and a button press reaches the bot", async () => {
    bot.command("stop", (ctx) =>
      ctx.reply("<b>Stop</b> alerts?", {
        parse_mode: "HTML",
        reply_markup: new InlineKeyboard().text("Yes", "stop:yes"),
      }),
    );
    bot.callbackQuery("stop:yes", async (ctx) => {
      await ctx.answerCallbackQuery({ text: "Stopped" });
      await ctx.reply("unlinked");
    });
    await start();
    double.userSends("/stop", { userId: 7 });
    const [prompt] = await double.waitForSent(1, 5000);
    expect(prompt?.message).toMatchObject({
      text: "Stop alerts?",
      entities: [{ type: "bold", offset: 0, length: 4 }],
      reply_markup: { inline_keyboard: [[{ text: "Yes", callback_data: "stop:yes" }]] },
    });
    double.userPresses("stop:yes", { userId: 7 });
    await double.waitForSent(2, 5000);
    expect(double.calls("answerCallbackQuery")).toHaveLength(1);
    expect(double.sent(7).at(-1)?.text).toBe("unlinked");
    expect(errors).toEqual([]);
  });

  it("surfaces the documented errors as GrammyError: blocked (403) and rate limited (429)", async () => {
    double.addUser(43);
    double.block(43);
    const blocked = await bot.api.sendMessage(43, "alert").catch((error: unknown) => error);
    expect(blocked).toBeInstanceOf(GrammyError);
    expect(blocked).toMatchObject({
      error_code: 403,
      description: "Forbidden: bot was blocked by the user",
    });

    double.addUser(44);
    double.rateLimitNext(1, 5);
    const limited = await bot.api.sendMessage(44, "alert").catch((error: unknown) => error);
    expect(limited).toMatchObject({
      error_code: 429,
      description: "Too Many Requests: retry after 5",
      parameters: { retry_after: 5 },
    });
    await expect(bot.api.sendMessage(44, "alert")).resolves.toMatchObject({ text: "alert" });
  });

  it("hears the user block the bot (my_chat_member)", async () => {
    const statuses: string[] = [];
    bot.on("my_chat_member", (ctx) => {
      statuses.push(ctx.myChatMember.new_chat_member.status);
    });
    bot.command("start", (ctx) => ctx.reply("hi"));
    await start();
    double.userSends("/start", { userId: 8 });
    await double.waitForSent(1, 5000);
    double.block(8);
    for (let i = 0; i < 100 && statuses.length === 0; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(statuses).toEqual(["kicked"]);
  });

  it("setMyCommands and getMyCommands round-trip through grammY", async () => {
    const commands = [
      { command: "start", description: "Link your Kalpa account" },
      { command: "stop", description: "Stop alerts" },
      { command: "status", description: "Show the link" },
    ];
    await expect(bot.api.setMyCommands(commands)).resolves.toBe(true);
    await expect(bot.api.getMyCommands()).resolves.toEqual(commands);
  });
});
