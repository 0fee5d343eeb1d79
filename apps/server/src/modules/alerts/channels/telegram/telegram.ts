/**
 * Telegram: the operator's bot (TELEGRAM_BOT_TOKEN; the Bot API at TELEGRAM_API_ROOT) through grammY. A
 * subscriber links their private chat with a one-time deep link from Settings (`t.me/<bot>?start=<token>`,
 * 15 minutes; only the token's SHA-256 is stored); the bot answers /start <token>, /stop and /status. One
 * process polls the bot (an advisory lock of its own, like the engine's); every process may send through
 * the queue (delivery.ts). The bot answers in the linked account's language, else the one the person's
 * Telegram is set to (decision 040). A chat that blocked the bot (403) or no longer exists is unlinked. A link ends
 * with a password reset or change and the operator's force-logout (auth/outside-links.ts), and the chat is
 * told why; whatever was queued for a chat that was unlinked or moved to another account is not sent.
 */
import { ACCESS_KEYS } from "@kalpa/contracts/names";
import { and, eq, gt, isNotNull } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { Bot } from "grammy";
import { anyId } from "../../../../db/any-id";
import type { AppDb, DbExecutor } from "../../../../db/client";
import { telegramLinks, users } from "../../../../db/schema";
import type { ServerDictionary } from "../../../../i18n/dictionary";
import { en } from "../../../../i18n/en";
import { dictionaryOf, isLanguage, type Language } from "../../../../i18n/language";
import type { LinkEnding, OutsideLink } from "../../../auth/outside-links";
import { randomToken, sha256Hex } from "../../../auth/secrets";
import { alertText } from "../../content";
import { type AlertRepository, cancelQueuedDeliveries } from "../../repository";
import {
  type ChannelSender,
  createLimiter,
  type Delivery,
  type SendOutcome,
  sendInParallel,
} from "../channel";
import { type BotApiAnswer, createTelegramTransport } from "./transport";

export const LINK_TTL_MS = 15 * 60_000;
/** Arbitrary constant: the advisory lock whose holder polls the bot (engine/engine-leader.ts). */
export const TELEGRAM_LOCK_KEY = 7_245_311_003;
/** Messages in flight at once (Telegram allows about 30 a second per bot to different chats). */
export const TELEGRAM_CONCURRENCY = 30;

/** The bot's replies in English (the spec's wording); repliesIn gives them in a user's language. */
export const TELEGRAM_REPLIES = en.telegram;

/** The bot's replies in `language` (decision 040). */
export function repliesIn(language: Language | undefined): ServerDictionary["telegram"] {
  return dictionaryOf(language).telegram;
}

/**
 * The language to answer someone in the bot's chat: their account's, when their private chat (whose id is
 * their Telegram user id) is linked to one; else the language their Telegram app is set to, when it is
 * one of ours; else English.
 */
async function languageFor(
  links: TelegramLinks,
  from: { id: number; language_code?: string } | undefined,
): Promise<Language> {
  if (!from) return "en";
  const linked = await links.ofChat(from.id);
  if (linked) return linked.language;
  const code = from.language_code?.toLowerCase().split("-")[0];
  return isLanguage(code) ? code : "en";
}

/** A link's columns with no chat linked. */
const NO_CHAT = { chatId: null, linkedAt: null, chatName: null };

export function createTelegramLinks(db: AppDb, clock: () => Date) {
  return {
    /** A new one-time link token for the user (an earlier unused one stops working). */
    async newToken(userId: number): Promise<{ token: string; expiresAt: Date }> {
      const token = randomToken();
      const expiresAt = new Date(clock().getTime() + LINK_TTL_MS);
      await db
        .insert(telegramLinks)
        .values({ userId, linkTokenHash: sha256Hex(token), tokenExpiresAt: expiresAt })
        .onConflictDoUpdate({
          target: telegramLinks.userId,
          set: { linkTokenHash: sha256Hex(token), tokenExpiresAt: expiresAt },
        });
      return { token, expiresAt };
    },

    /**
     * Links the chat to the token's user; answers the user's username, or undefined for a bad token.
     * Whatever was queued for the chat under another account, or for the user's chat before this one, is
     * not sent.
     */
    async link(
      token: string,
      chat: { id: number; name: string | null },
    ): Promise<string | undefined> {
      if (token.length === 0 || token.length > 128) return undefined;
      return db.transaction(async (tx) => {
        const [found] = await tx
          .select({
            userId: telegramLinks.userId,
            username: users.username,
            chatBefore: telegramLinks.chatId,
          })
          .from(telegramLinks)
          .innerJoin(users, eq(users.id, telegramLinks.userId))
          .where(
            and(
              eq(telegramLinks.linkTokenHash, sha256Hex(token)),
              gt(telegramLinks.tokenExpiresAt, clock()),
            ),
          )
          .for("update");
        if (!found) return undefined;
        // A chat belongs to one account: linking it here unlinks it elsewhere.
        const movedFrom = await tx
          .update(telegramLinks)
          .set(NO_CHAT)
          .where(eq(telegramLinks.chatId, chat.id))
          .returning({ userId: telegramLinks.userId });
        for (const { userId } of movedFrom) {
          await cancelQueuedDeliveries(tx, "telegram", [String(chat.id)], {
            userId,
            why: "the chat was linked to another account",
          });
        }
        if (found.chatBefore !== null && found.chatBefore !== chat.id) {
          await cancelQueuedDeliveries(tx, "telegram", [String(found.chatBefore)], {
            userId: found.userId,
            why: "another chat was linked in its place",
          });
        }
        await tx
          .update(telegramLinks)
          .set({
            chatId: chat.id,
            chatName: chat.name?.slice(0, 100) ?? null,
            linkedAt: clock(),
            linkTokenHash: null,
            tokenExpiresAt: null,
          })
          .where(eq(telegramLinks.userId, found.userId));
        return found.username;
      });
    },

    /** /stop, or the bot was blocked: the chat is unlinked and nothing queued for it is sent. */
    async unlinkChat(chatId: number): Promise<boolean> {
      return db.transaction(async (tx) => {
        const rows = await tx
          .update(telegramLinks)
          .set(NO_CHAT)
          .where(eq(telegramLinks.chatId, chatId))
          .returning({ userId: telegramLinks.userId });
        await cancelQueuedDeliveries(tx, "telegram", [String(chatId)], {
          why: "the chat was unlinked",
        });
        return rows.length > 0;
      });
    },

    /**
     * Ends the user's link (and any link token) inside `executor`, and cancels what was queued for the
     * chat; answers the chat it had, if any.
     */
    async end(
      userId: number,
      executor: DbExecutor,
    ): Promise<{ chatId: number; language: Language } | undefined> {
      const [row] = await executor
        .select({ chatId: telegramLinks.chatId })
        .from(telegramLinks)
        .where(eq(telegramLinks.userId, userId))
        .for("update");
      if (!row) return undefined;
      await executor
        .update(telegramLinks)
        .set({ ...NO_CHAT, linkTokenHash: null, tokenExpiresAt: null })
        .where(eq(telegramLinks.userId, userId));
      if (row.chatId === null) return undefined;
      await cancelQueuedDeliveries(executor, "telegram", [String(row.chatId)], {
        userId,
        why: "the chat was unlinked",
      });
      const [user] = await executor
        .select({ language: users.language })
        .from(users)
        .where(eq(users.id, userId));
      return { chatId: row.chatId, language: user?.language ?? "en" };
    },

    /** Which user each of these chats is linked to now (the sender checks before each batch). */
    async ownersOf(chatIds: readonly number[]): Promise<Map<number, number>> {
      if (chatIds.length === 0) return new Map();
      const rows = await db
        .select({ chatId: telegramLinks.chatId, userId: telegramLinks.userId })
        .from(telegramLinks)
        .where(and(anyId(telegramLinks.chatId, chatIds), isNotNull(telegramLinks.chatId)));
      return new Map(rows.map((row) => [row.chatId as number, row.userId]));
    },

    async ofUser(userId: number) {
      const [row] = await db.select().from(telegramLinks).where(eq(telegramLinks.userId, userId));
      return row?.chatId != null && row.linkedAt
        ? { chatId: row.chatId, linkedAt: row.linkedAt, name: row.chatName }
        : undefined;
    },

    async ofChat(chatId: number) {
      const [row] = await db
        .select({
          userId: telegramLinks.userId,
          username: users.username,
          language: users.language,
        })
        .from(telegramLinks)
        .innerJoin(users, eq(users.id, telegramLinks.userId))
        .where(eq(telegramLinks.chatId, chatId));
      return row;
    },
  };
}

export type TelegramLinks = ReturnType<typeof createTelegramLinks>;

/**
 * The Telegram link as one of the account's outside links (auth/outside-links.ts): ended in the
 * transaction that ends the sessions (or unlinks it), and the chat told why once that has committed.
 */
export function telegramLinkEnding(deps: {
  db: AppDb;
  links: TelegramLinks;
  bot: Bot | undefined;
  log: FastifyBaseLogger;
}): OutsideLink & { unlink(userId: number, why: LinkEnding): Promise<void> } {
  const ending: OutsideLink = {
    async end(userId, why, tx) {
      const ended = await deps.links.end(userId, tx);
      const bot = deps.bot;
      if (ended === undefined || !bot) return undefined;
      return async () => {
        await bot.api
          .sendMessage(ended.chatId, repliesIn(ended.language).ended[why])
          .catch((error: unknown) =>
            deps.log.warn({ err: error }, "telegram: could not tell a chat its link ended"),
          );
      };
    },
  };
  return {
    ...ending,
    /** Ends the link in a transaction of its own, then tells the chat. */
    async unlink(userId, why) {
      const tell = await deps.db.transaction((tx) => ending.end(userId, why, tx));
      await tell?.();
    },
  };
}

/** How the owner of a private chat is called in Telegram: @username, or their name. */
export function chatNameOf(chat: {
  username?: string;
  first_name?: string;
  last_name?: string;
}): string | null {
  if (chat.username) return `@${chat.username}`;
  const name = [chat.first_name, chat.last_name].filter(Boolean).join(" ").trim();
  return name.length > 0 ? name : null;
}

/** The operator's bot, and `close` for its connections (after it has stopped polling and sending). */
export function createTelegramBot(options: { token: string; apiRoot: string }) {
  const transport = createTelegramTransport(options);
  const bot = new Bot(options.token, {
    // No base config: the transport keeps its own connections (grammY's is for node-fetch's agent).
    client: { apiRoot: options.apiRoot, fetch: transport.fetch, baseFetchConfig: {} },
  });
  return { bot, sendMessage: transport.sendMessage, close: transport.close };
}

/** The bot and its lean sendMessage for alerts (createTelegramBot). */
export type TelegramBot = ReturnType<typeof createTelegramBot>;

/** The bot's commands: /start <token> links, /stop unlinks, /status tells. */
export function attachTelegramCommands(
  bot: Bot,
  deps: { links: TelegramLinks; repository: AlertRepository },
) {
  bot.command("start", async (ctx) => {
    // A group's members would all read one subscriber's alerts: only a private chat is linked, and the
    // link is left unused for it.
    if (ctx.chat.type !== "private") {
      await ctx.reply(repliesIn(await languageFor(deps.links, ctx.from)).privateOnly);
      return;
    }
    const username = await deps.links.link(ctx.match.trim(), {
      id: ctx.chat.id,
      name: chatNameOf(ctx.chat),
    });
    // Linked: the account's language from now on; a bad link, the one the person's Telegram speaks.
    const replies = repliesIn(await languageFor(deps.links, ctx.from));
    await ctx.reply(username ? replies.linked(username) : replies.badLink);
  });
  bot.command("stop", async (ctx) => {
    // Told in the language of the account it was linked to (read before the link ends).
    const replies = repliesIn(await languageFor(deps.links, ctx.from));
    const unlinked = await deps.links.unlinkChat(ctx.chat.id);
    await ctx.reply(unlinked ? replies.stopped : replies.notLinked);
  });
  bot.command("status", async (ctx) => {
    if (ctx.chat.type !== "private") {
      await ctx.reply(repliesIn(await languageFor(deps.links, ctx.from)).privateOnly);
      return;
    }
    const linked = await deps.links.ofChat(ctx.chat.id);
    if (!linked) {
      await ctx.reply(repliesIn(await languageFor(deps.links, ctx.from)).notLinked);
      return;
    }
    const chosen = (await deps.repository.preferences(linked.userId)).channels.telegram;
    const lines = ACCESS_KEYS.filter((key) => chosen[key].length > 0).map(
      (key) => `${key}: ${chosen[key].join(", ")}`,
    );
    await ctx.reply(repliesIn(linked.language).status(linked.username, lines));
  });
}

const SEND_TIMEOUT_MS = 15_000;

/** Messages a bot starts a second by default: under the 30 Telegram's Bot FAQ gives for a broadcast. */
export const TELEGRAM_MESSAGES_PER_SECOND = 25;

/**
 * Starts at most `perSecond` a second, evenly spaced, for every caller together: each `await pace()`
 * resolves at its own turn.
 */
export function createPacer(perSecond: number, now: () => number = Date.now) {
  const gap = 1000 / perSecond;
  let next = 0;
  return async function pace(): Promise<void> {
    const at = Math.max(now(), next);
    next = at + gap;
    const wait = at - now();
    // A timer cannot wait less than a millisecond: a turn due sooner goes now, and the turns after it
    // still count from its place, so the rate holds over any whole millisecond.
    if (wait >= 1) await new Promise((resolve) => setTimeout(resolve, wait));
  };
}

/**
 * Sends the queue's Telegram deliveries (target: the chat id). Telegram takes about 30 messages a second
 * from a bot to different chats (its Bot FAQ, "Broadcasting to users") and answers 429 with a
 * `retry_after` beyond that. So the sender paces itself, the whole bot together (`perSecond`, 25 by
 * default), and the queue gives it a loop of its own (delivery.ts) so the other channels never wait for
 * it. A 429 all the same pauses the whole bot, not just that chat: until `retry_after` has passed nothing
 * more is sent, and the deliveries not yet sent are handed back to be retried then, as the one refused
 * is, rather than each earning a 429 of its own.
 */
export function createTelegramSender(
  telegram: Pick<TelegramBot, "sendMessage">,
  links: TelegramLinks,
  options: { perSecond?: number } = {},
): ChannelSender {
  const perSecond = options.perSecond ?? TELEGRAM_MESSAGES_PER_SECOND;
  const pace = createPacer(perSecond);
  // Messages in flight, over every batch at once (a paced channel's batches overlap, delivery.ts).
  const inFlight = createLimiter(TELEGRAM_CONCURRENCY);
  /** Until when Telegram asked the bot to wait (epoch ms). */
  let waitUntil = 0;

  async function sendOne(delivery: Delivery): Promise<SendOutcome> {
    // Telegram's group and channel chats have negative ids: one linked before groups were refused is
    // unlinked rather than sent a subscriber's alerts.
    if (Number(delivery.target) < 0) {
      return { outcome: "gone", error: "telegram: a group chat (alerts go to private chats only)" };
    }
    let answer: BotApiAnswer;
    try {
      answer = await telegram.sendMessage(
        Number(delivery.target),
        alertText(delivery.content, delivery.language),
        // A batch must end well inside its claim.
        SEND_TIMEOUT_MS,
      );
    } catch (error) {
      return { outcome: "retry", error: `no answer: ${(error as Error).message}` };
    }
    if (answer.ok) return { outcome: "sent" };
    const description = `telegram: ${answer.error_code} ${answer.description}`;
    if (answer.error_code === 403 || /chat not found/i.test(answer.description)) {
      return { outcome: "gone", error: description };
    }
    if (answer.error_code === 429 || answer.error_code >= 500) {
      const retryAfter = answer.parameters?.retry_after;
      if (answer.error_code === 429 && retryAfter) {
        waitUntil = Math.max(waitUntil, Date.now() + retryAfter * 1000);
      }
      return {
        outcome: "retry",
        error: description,
        ...(retryAfter ? { retryAfterMs: retryAfter * 1000 } : {}),
      };
    }
    return { outcome: "failed", error: description };
  }

  /** Handed back untried while the bot waits out a 429. */
  function waiting(): SendOutcome | undefined {
    const wait = waitUntil - Date.now();
    if (wait <= 0) return undefined;
    return {
      outcome: "retry",
      error: "telegram: waiting out a 429",
      retryAfterMs: wait,
      untried: true,
    };
  }

  return {
    perSecond,
    async send(deliveries) {
      const gone = new Set<number>();
      // The chat must still be the subscriber's at this moment: one unlinked, or linked to another
      // account since the alert was queued, is not sent it.
      const owners = await links.ownersOf(
        deliveries.map((delivery) => Number(delivery.target)).filter((id) => id > 0),
      );
      const outcomes = await sendInParallel(deliveries, TELEGRAM_CONCURRENCY, async (delivery) => {
        const chatId = Number(delivery.target);
        if (chatId > 0 && owners.get(chatId) !== delivery.userId) {
          return { outcome: "skipped", error: "the chat is no longer linked to the subscriber" };
        }
        const untried = waiting();
        if (untried) return untried;
        await pace();
        // A 429 may have come while this one waited its turn.
        const stillWaiting = waiting();
        if (stillWaiting) return stillWaiting;
        const result = await inFlight(() => sendOne(delivery));
        if (result.outcome === "gone") gone.add(Number(delivery.target));
        return result;
      });
      for (const chatId of gone) await links.unlinkChat(chatId);
      return outcomes;
    },
  };
}
