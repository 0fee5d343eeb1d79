/**
 * A local double of the Telegram Bot API (https://core.telegram.org/bots/api), written from its published
 * documentation, for tests and benchmarks that must not reach Telegram. One HTTP server answers
 * `/bot<token>/<method>` for GET and POST, with parameters in the query string, a JSON body, a
 * form-encoded body or multipart/form-data ("Making requests"), and every answer is the documented
 * envelope: `{ ok: true, result[, description] }` or `{ ok: false, error_code, description[,
 * parameters] }`, with the HTTP status equal to `error_code`.
 *
 * Methods: getMe, getUpdates (long polling), setWebhook / deleteWebhook / getWebhookInfo (updates are
 * POSTed to the webhook while one is set), sendMessage, sendChatAction, setMyCommands / getMyCommands /
 * deleteMyCommands, answerCallbackQuery. Method names are case-insensitive, as documented; any other
 * method is 404 "Not Found".
 *
 * The test side plays the users: `userSends` queues the Update Telegram would deliver for a private
 * message (with the bot_command entity for "/start abc"), `block` makes the user block the bot,
 * `rateLimitNext` answers the next calls with 429, and `sent` / `waitForSent` show what bots sent.
 * The same controls are served under `/__double/` for a double run on its own (src/main.ts).
 */
import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { setTimeout as sleep } from "node:timers/promises";
import { characterCount, parseFormatted, parseModeOf, trimFormatted } from "./formatting";
import {
  BadRequest,
  BodyTooLarge,
  booleanParam,
  integerParam,
  jsonParam,
  type Params,
  readBody,
  readParams,
  stringParam,
} from "./params";
import type {
  BotCommand,
  BotUser,
  CallbackQuery,
  Chat,
  Message,
  MessageEntity,
  Update,
  User,
  WebhookInfo,
} from "./types";

export type { Params } from "./params";
export type * from "./types";

export interface TelegramDoubleBot {
  /** `<bot id>:<secret>`, as BotFather issues them; the digits before ':' are the bot's user id. */
  readonly token: string;
  readonly username: string;
  readonly firstName: string;
}

export const DEFAULT_BOT: TelegramDoubleBot = {
  token: "123456:TEST-TOKEN",
  username: "kalpa_test_bot",
  firstName: "Kalpa Test",
};

export interface TelegramDoubleOptions {
  /** Default 0: any free port. */
  readonly port?: number;
  /** Default 127.0.0.1. */
  readonly host?: string;
  /** Default [DEFAULT_BOT]. Controls that take `bot` default to the first. */
  readonly bots?: readonly TelegramDoubleBot[];
  /**
   * Telegram lets a bot write only to users who started it (else 403 "bot can't initiate conversation
   * with a user") and to chats it knows (else 400 "chat not found"). With this set, sendMessage to any
   * positive chat id the double has not seen opens a private chat with that user instead: for load
   * tests that send to many made-up subscribers. Default false.
   */
  readonly acceptAnyChat?: boolean;
  /** The first update_id of each bot (default 1; the documentation says "a certain positive number"). */
  readonly firstUpdateId?: number;
  /** The time source, epoch ms (default Date.now): message dates and `receivedAt`. */
  readonly now?: () => number;
}

/** Who the test says is sending, and to which bot. */
export interface UserOptions {
  readonly userId: number;
  readonly firstName?: string;
  readonly lastName?: string;
  readonly username?: string;
  readonly languageCode?: string;
  /** The bot's token or username (default the first bot). */
  readonly bot?: string;
}

export interface UserSendsOptions extends UserOptions {
  /**
   * The chat (default the user's private chat, whose id is the user's id). A negative id models a
   * group chat (type "group").
   */
  readonly chatId?: number;
}

export interface UserPressesOptions extends UserOptions {
  /** The chat of the message whose button is pressed (default the user's private chat). */
  readonly chatId?: number;
  /** The message whose inline button is pressed (default the last one the bot sent to that chat). */
  readonly messageId?: number;
}

/** A message a bot sent, as the double received it. */
export interface SentMessage {
  /** The bot's username. */
  readonly bot: string;
  readonly chatId: number;
  readonly messageId: number;
  /** The text as the bot sent it (before parse_mode markup was applied). */
  readonly text: string;
  readonly parseMode?: string;
  readonly replyMarkup?: unknown;
  readonly linkPreviewOptions?: unknown;
  /** The Message object sendMessage answered (its text is the text after parsing, with entities). */
  readonly message: Message;
  /** All the request's parameters, as read. */
  readonly params: Params;
  /** When the double received it, epoch ms. */
  readonly receivedAt: number;
}

/** One API request the double answered past authentication. */
export interface ApiCall {
  readonly bot: string;
  /** The method name as requested. */
  readonly method: string;
  readonly params: Params;
  readonly at: number;
}

export interface RateLimitOptions {
  /** Which methods are refused (case-insensitive; "*" for all). Default ["sendMessage"]. */
  readonly methods?: readonly string[];
  readonly bot?: string;
}

export interface TelegramDouble {
  /** `http://host:port`: the Bot API root (grammY's `client.apiRoot`, TELEGRAM_API_ROOT). */
  readonly apiRoot: string;
  readonly port: number;
  readonly bots: readonly (TelegramDoubleBot & { readonly id: number })[];
  /** Queues the Update of a text message from the user (see UserSendsOptions); returns it. */
  userSends(text: string, options: UserSendsOptions): Update;
  /** Queues the callback_query Update of the user pressing an inline button with this data. */
  userPresses(data: string, options: UserPressesOptions): Update;
  /** Queues any Update (update_id is assigned). */
  pushUpdate(update: Omit<Update, "update_id">, options?: { readonly bot?: string }): Update;
  /** Makes the user known and their private chat open to the bot, as if they had started it. */
  addUser(userId: number, options?: Omit<UserOptions, "userId">): void;
  /** The user blocks the bot: sendMessage to them answers 403, and a my_chat_member update is queued. */
  block(userId: number, options?: { readonly bot?: string }): void;
  /** The user unblocks the bot (userSends does this too, as a blocked user must to write). */
  unblock(userId: number, options?: { readonly bot?: string }): void;
  /** The next `n` calls (sendMessage by default) answer 429 with parameters.retry_after. */
  rateLimitNext(n: number, retryAfterSeconds: number, options?: RateLimitOptions): void;
  /** The messages bots sent, oldest first (to one chat, if given). */
  sent(chatId?: number): SentMessage[];
  /** Resolves with sent(chatId) once it holds at least `count` messages; rejects after timeoutMs. */
  waitForSent(count: number, timeoutMs?: number, chatId?: number): Promise<SentMessage[]>;
  /** The requests the double answered past authentication (of one method, case-insensitive, if given). */
  calls(method?: string): ApiCall[];
  /** The updates queued and not yet confirmed (by getUpdates' offset or a webhook's 2xx). */
  pendingUpdates(bot?: string): Update[];
  /** Forgets the sent messages and the call log. */
  clearRecords(): void;
  close(): Promise<void>;
}

// --- Errors -------------------------------------------------------------------------------------

class ApiError extends Error {
  constructor(
    readonly code: number,
    readonly description: string,
    readonly parameters?: Record<string, unknown>,
  ) {
    super(description);
  }
}

const badRequest = (what: string) => new ApiError(400, `Bad Request: ${what}`);
const NOT_FOUND = new ApiError(404, "Not Found");
const UNAUTHORIZED = new ApiError(401, "Unauthorized");
const BLOCKED = new ApiError(403, "Forbidden: bot was blocked by the user");
const CANT_INITIATE = new ApiError(403, "Forbidden: bot can't initiate conversation with a user");
const CHAT_NOT_FOUND = badRequest("chat not found");
const CHAT_ID_EMPTY = badRequest("chat_id is empty");
const TEXT_EMPTY = badRequest("message text is empty");
const WEBHOOK_ACTIVE = new ApiError(
  409,
  "Conflict: can't use getUpdates method while webhook is active; use deleteWebhook to delete the webhook first",
);
const OTHER_GET_UPDATES = new ApiError(
  409,
  "Conflict: terminated by other getUpdates request; make sure that only one bot instance is running",
);
const BY_SET_WEBHOOK = new ApiError(409, "Conflict: terminated by setWebhook request");

/** A result that carries the envelope's optional description too (setWebhook, deleteWebhook). */
class Described {
  constructor(
    readonly result: unknown,
    readonly description: string,
  ) {}
}

function errorBody(error: ApiError): string {
  return JSON.stringify(
    error.parameters
      ? {
          ok: false,
          error_code: error.code,
          description: error.description,
          parameters: error.parameters,
        }
      : { ok: false, error_code: error.code, description: error.description },
  );
}

function okBody(result: unknown): string {
  return result instanceof Described
    ? JSON.stringify({ ok: true, result: result.result, description: result.description })
    : JSON.stringify({ ok: true, result });
}

function answer(res: ServerResponse, status: number, body: string): void {
  if (res.writableEnded || res.destroyed) return;
  res.writeHead(status, {
    "Content-Type": "application/json",
    "Content-Length": Buffer.byteLength(body),
  });
  res.end(body);
}

function answerError(res: ServerResponse, error: ApiError): void {
  answer(res, error.code, errorBody(error));
}

// --- State --------------------------------------------------------------------------------------

/** Update types a bot gets when allowed_updates is empty or was never given (the documented default). */
const NOT_BY_DEFAULT = new Set(["chat_member", "message_reaction", "message_reaction_count"]);

/** sendChatAction's documented actions. */
const CHAT_ACTIONS = new Set([
  "typing",
  "upload_photo",
  "record_video",
  "upload_video",
  "record_voice",
  "upload_voice",
  "upload_document",
  "choose_sticker",
  "find_location",
  "record_video_note",
  "upload_video_note",
]);

interface ChatState {
  readonly chat: Chat;
  nextMessageId: number;
  /** Messages the bot sent here, by id (for callback queries). */
  readonly messages: Map<number, Message>;
  lastSent?: Message;
}

interface Poll {
  readonly res: ServerResponse;
  readonly limit: number;
  readonly timer: NodeJS.Timeout;
}

interface Webhook {
  readonly url: string;
  readonly secretToken?: string;
  readonly maxConnections: number;
  readonly ipAddress?: string;
  readonly abort: AbortController;
  busy: boolean;
  lastErrorDate?: number;
  lastErrorMessage?: string;
}

interface RateLimit {
  remaining: number;
  readonly retryAfter: number;
  /** Lower-case method names; undefined for all. */
  readonly methods?: ReadonlySet<string>;
}

interface BotState {
  readonly token: string;
  readonly id: number;
  readonly username: string;
  /** The bot as a message's `from`. */
  readonly user: User;
  /** The bot as getMe answers it. */
  readonly me: BotUser;
  pending: Update[];
  nextUpdateId: number;
  /** undefined: the default set of update types. */
  allowed?: ReadonlySet<string>;
  allowedList?: string[];
  poll?: Poll;
  webhook?: Webhook;
  readonly commands: Map<string, BotCommand[]>;
  readonly chats: Map<number, ChatState>;
  readonly blocked: Set<number>;
  readonly rateLimits: RateLimit[];
  readonly callbackQueries: Set<string>;
}

type Handler = (bot: BotState, params: Params) => unknown;

const TOKEN_PATTERN = /^(\d+):[A-Za-z0-9_-]+$/;

export async function startTelegramDouble(
  options: TelegramDoubleOptions = {},
): Promise<TelegramDouble> {
  const now = options.now ?? Date.now;
  const seconds = () => Math.floor(now() / 1000);
  const acceptAnyChat = options.acceptAnyChat ?? false;
  const firstUpdateId = options.firstUpdateId ?? 1;
  if (!(Number.isInteger(firstUpdateId) && firstUpdateId > 0)) {
    throw new RangeError("firstUpdateId must be a whole number above 0");
  }
  const configured = options.bots ?? [DEFAULT_BOT];
  if (configured.length === 0) throw new RangeError("bots: give at least one bot");

  const bots: BotState[] = configured.map((config) => {
    const id = TOKEN_PATTERN.exec(config.token)?.[1];
    if (!id)
      throw new RangeError(`bot token "${config.token}" is not of the form <digits>:<secret>`);
    const user: User = {
      id: Number(id),
      is_bot: true,
      first_name: config.firstName,
      username: config.username,
    };
    return {
      token: config.token,
      id: Number(id),
      username: config.username,
      user,
      me: {
        ...user,
        is_bot: true,
        username: config.username,
        can_join_groups: true,
        can_read_all_group_messages: false,
        supports_inline_queries: false,
        can_connect_to_business: false,
        has_main_web_app: false,
      },
      pending: [],
      nextUpdateId: firstUpdateId,
      commands: new Map(),
      chats: new Map(),
      blocked: new Set(),
      rateLimits: [],
      callbackQueries: new Set(),
    };
  });
  const byToken = new Map(bots.map((bot) => [bot.token, bot]));
  if (byToken.size !== bots.length) throw new RangeError("bots: two bots have the same token");

  function botOf(name: string | undefined): BotState {
    if (name === undefined) return bots[0] as BotState;
    const found =
      byToken.get(name) ??
      bots.find((bot) => bot.username.toLowerCase() === name.replace(/^@/, "").toLowerCase());
    if (!found) throw new RangeError(`no bot "${name}" in this double`);
    return found;
  }

  /** Users the test has named, by id. */
  const users = new Map<number, User>();
  const sentMessages: SentMessage[] = [];
  const sentPerChat = new Map<number, number>();
  const callLog: ApiCall[] = [];
  const waiters: {
    count: number;
    chatId?: number;
    resolve: (sent: SentMessage[]) => void;
    reject: (error: Error) => void;
    timer: NodeJS.Timeout;
  }[] = [];
  let closed = false;
  let callbackCounter = 0;

  // --- Users and chats --------------------------------------------------------------------------

  function rememberUser(options: Omit<UserOptions, "bot">): User {
    const { userId } = options;
    if (!(Number.isSafeInteger(userId) && userId > 0)) {
      throw new RangeError(`userId must be a positive whole number, not ${userId}`);
    }
    const known = users.get(userId);
    const user: User = {
      id: userId,
      is_bot: false,
      first_name: options.firstName ?? known?.first_name ?? `User ${userId}`,
    };
    const lastName = options.lastName ?? known?.last_name;
    const username = options.username ?? known?.username;
    const languageCode = options.languageCode ?? known?.language_code;
    if (lastName !== undefined) user.last_name = lastName;
    if (username !== undefined) user.username = username;
    if (languageCode !== undefined) user.language_code = languageCode;
    users.set(userId, user);
    return user;
  }

  function privateChatOf(user: User): Chat {
    const chat: Chat = { id: user.id, type: "private", first_name: user.first_name };
    if (user.last_name !== undefined) chat.last_name = user.last_name;
    if (user.username !== undefined) chat.username = user.username;
    return chat;
  }

  /** The bot's chat with this id, opened (for a private chat: with this user) if new. */
  function openChat(bot: BotState, chatId: number, user: User): ChatState {
    let state = bot.chats.get(chatId);
    if (!state) {
      const chat: Chat =
        chatId === user.id
          ? privateChatOf(user)
          : chatId < 0
            ? { id: chatId, type: "group", title: `Group ${-chatId}` }
            : { id: chatId, type: "private", first_name: user.first_name };
      state = { chat, nextMessageId: 1, messages: new Map() };
      bot.chats.set(chatId, state);
    } else if (chatId === user.id) {
      // The user's names may have changed since.
      Object.assign(state.chat, privateChatOf(user));
    }
    return state;
  }

  // --- Updates ----------------------------------------------------------------------------------

  function typeOf(update: Omit<Update, "update_id">): string {
    for (const key of Object.keys(update)) if (key !== "update_id") return key;
    return "";
  }

  function enqueue(bot: BotState, body: Omit<Update, "update_id">): Update {
    if (closed) throw new Error("the Telegram double is closed");
    const update = { update_id: bot.nextUpdateId, ...body } as Update;
    bot.nextUpdateId += 1;
    const type = typeOf(body);
    // allowed_updates filters updates as they are created (it "doesn't affect updates created before").
    const wanted = bot.allowed ? bot.allowed.has(type) : !NOT_BY_DEFAULT.has(type);
    if (!wanted) return update;
    bot.pending.push(update);
    if (bot.poll) answerPoll(bot);
    else if (bot.webhook) void pumpWebhook(bot, bot.webhook);
    return update;
  }

  /** A user blocked or unblocked the bot: the my_chat_member update the Bot API sends for it. */
  function memberChanged(
    bot: BotState,
    userId: number,
    from: "member" | "kicked",
    to: "member" | "kicked",
  ) {
    const chat = bot.chats.get(userId);
    if (chat?.chat.type !== "private") return;
    const member = (status: "member" | "kicked") =>
      status === "kicked" ? { status, user: bot.user, until_date: 0 } : { status, user: bot.user };
    enqueue(bot, {
      my_chat_member: {
        chat: chat.chat,
        from: users.get(userId) ?? rememberUser({ userId }),
        date: seconds(),
        old_chat_member: member(from),
        new_chat_member: member(to),
      },
    });
  }

  function answerPoll(bot: BotState): void {
    const poll = bot.poll;
    if (!poll) return;
    bot.poll = undefined;
    clearTimeout(poll.timer);
    answer(poll.res, 200, okBody(bot.pending.slice(0, poll.limit)));
  }

  function endPoll(bot: BotState, error: ApiError): void {
    const poll = bot.poll;
    if (!poll) return;
    bot.poll = undefined;
    clearTimeout(poll.timer);
    answerError(poll.res, error);
  }

  /** getUpdates' offset: confirms the updates before it; a negative one keeps only the last -offset. */
  function confirm(bot: BotState, offset: number): void {
    if (offset > 0) {
      let drop = 0;
      while (drop < bot.pending.length && (bot.pending[drop] as Update).update_id < offset)
        drop += 1;
      if (drop > 0) bot.pending = bot.pending.slice(drop);
    } else if (offset < 0) {
      bot.pending = bot.pending.slice(offset);
    }
  }

  function setAllowed(bot: BotState, value: unknown, what: string): void {
    if (value === undefined) return;
    if (!Array.isArray(value) || value.some((type) => typeof type !== "string")) {
      throw badRequest(`can't parse ${what} JSON object`);
    }
    bot.allowedList = value.length === 0 ? undefined : [...(value as string[])];
    bot.allowed = value.length === 0 ? undefined : new Set(value as string[]);
  }

  function getUpdates(bot: BotState, params: Params, res: ServerResponse): void {
    if (bot.webhook) throw WEBHOOK_ACTIVE;
    const offset = integerParam(params, "offset");
    if (offset !== undefined) confirm(bot, offset);
    const limit = Math.min(100, Math.max(1, integerParam(params, "limit") ?? 100));
    const timeout = Math.min(50, Math.max(0, integerParam(params, "timeout") ?? 0));
    setAllowed(
      bot,
      jsonParam(params, "allowed_updates", "can't parse allowed_updates JSON object"),
      "allowed_updates",
    );
    // One long poll per bot: a newer request ends the one waiting, as Telegram does.
    endPoll(bot, OTHER_GET_UPDATES);
    if (bot.pending.length > 0 || timeout === 0 || closed) {
      answer(res, 200, okBody(bot.pending.slice(0, limit)));
      return;
    }
    const timer = setTimeout(() => {
      if (bot.poll?.res === res) {
        bot.poll = undefined;
        answer(res, 200, okBody([]));
      }
    }, timeout * 1000);
    bot.poll = { res, limit, timer };
    // A client that gives up (grammY's bot.stop() aborts its request) leaves no poll behind.
    res.on("close", () => {
      if (bot.poll?.res === res) {
        clearTimeout(timer);
        bot.poll = undefined;
      }
    });
  }

  // --- Webhooks ---------------------------------------------------------------------------------

  async function pumpWebhook(bot: BotState, hook: Webhook): Promise<void> {
    if (hook.busy) return;
    hook.busy = true;
    let backoffMs = 100;
    try {
      while (!closed && bot.webhook === hook && bot.pending.length > 0) {
        const update = bot.pending[0] as Update;
        let failure: string | undefined;
        try {
          const headers: Record<string, string> = { "Content-Type": "application/json" };
          if (hook.secretToken) headers["X-Telegram-Bot-Api-Secret-Token"] = hook.secretToken;
          const response = await fetch(hook.url, {
            method: "POST",
            headers,
            body: JSON.stringify(update),
            signal: AbortSignal.any([hook.abort.signal, AbortSignal.timeout(30_000)]),
          });
          const text = await response.text();
          if (response.ok) {
            if (bot.pending[0] === update) bot.pending.shift();
            backoffMs = 100;
            webhookReply(bot, response.headers.get("content-type") ?? "", text);
          } else {
            failure = `Wrong response from the webhook: ${response.status} ${response.statusText}`;
          }
        } catch (error) {
          if (hook.abort.signal.aborted) return;
          failure = `Connection failed: ${(error as Error).message}`;
        }
        if (failure !== undefined) {
          hook.lastErrorDate = seconds();
          hook.lastErrorMessage = failure;
          try {
            await sleep(backoffMs, undefined, { signal: hook.abort.signal });
          } catch {
            return;
          }
          backoffMs = Math.min(backoffMs * 2, 2000);
        }
      }
    } finally {
      hook.busy = false;
    }
  }

  /** A webhook's answer may itself be a method call ({ method, ...params }), done without its result. */
  function webhookReply(bot: BotState, contentType: string, text: string): void {
    if (!contentType.toLowerCase().startsWith("application/json") || text.trim() === "") return;
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      return;
    }
    if (typeof body !== "object" || body === null || Array.isArray(body)) return;
    const { method, ...params } = body as Record<string, unknown>;
    if (typeof method !== "string") return;
    const handler = HANDLERS.get(method.toLowerCase());
    if (!handler) return;
    callLog.push({ bot: bot.username, method, params, at: now() });
    try {
      handler(bot, params);
    } catch {
      // Telegram does not report what a webhook reply's call did.
    }
  }

  function stopWebhook(bot: BotState): void {
    const hook = bot.webhook;
    if (!hook) return;
    bot.webhook = undefined;
    hook.abort.abort();
  }

  // --- Methods ----------------------------------------------------------------------------------

  function chatIdOf(params: Params): number | string {
    const value = params.chat_id;
    if (value === undefined || value === null || value === "") throw CHAT_ID_EMPTY;
    if (typeof value === "number") return value;
    if (typeof value === "string") return /^\s*-?\d+\s*$/.test(value) ? Number(value) : value;
    throw CHAT_NOT_FOUND;
  }

  function chatOf(bot: BotState, chatId: number | string): ChatState {
    if (typeof chatId === "string") {
      const username = chatId.startsWith("@") ? chatId.slice(1).toLowerCase() : undefined;
      if (username) {
        for (const state of bot.chats.values()) {
          if (state.chat.type !== "private" && state.chat.username?.toLowerCase() === username) {
            return state;
          }
        }
      }
      throw CHAT_NOT_FOUND;
    }
    const state = bot.chats.get(chatId);
    if (state) return state;
    if (chatId > 0 && Number.isSafeInteger(chatId) && acceptAnyChat)
      return openChat(bot, chatId, rememberUser({ userId: chatId }));
    if (users.has(chatId)) throw CANT_INITIATE;
    throw CHAT_NOT_FOUND;
  }

  function recordSent(sent: SentMessage): void {
    sentMessages.push(sent);
    sentPerChat.set(sent.chatId, (sentPerChat.get(sent.chatId) ?? 0) + 1);
    if (waiters.length > 0) checkWaiters();
  }

  function checkWaiters(): void {
    for (let i = waiters.length - 1; i >= 0; i -= 1) {
      const waiter = waiters[i];
      if (!waiter) continue;
      const have =
        waiter.chatId === undefined ? sentMessages.length : (sentPerChat.get(waiter.chatId) ?? 0);
      if (have >= waiter.count) {
        waiters.splice(i, 1);
        clearTimeout(waiter.timer);
        waiter.resolve(sentOf(waiter.chatId));
      }
    }
  }

  function sentOf(chatId?: number): SentMessage[] {
    return chatId === undefined
      ? [...sentMessages]
      : sentMessages.filter((sent) => sent.chatId === chatId);
  }

  const sendMessage: Handler = (bot, params) => {
    const chatId = chatIdOf(params);
    const raw = stringParam(params, "text");
    if (raw === undefined) throw TEXT_EMPTY;
    const modeName = stringParam(params, "parse_mode");
    let text = raw;
    let entities: MessageEntity[] = [];
    if (modeName !== undefined) {
      const mode = parseModeOf(modeName);
      if (!mode) throw badRequest("unsupported parse_mode");
      const parsed = parseFormatted(raw, mode);
      if (!parsed.ok) throw badRequest(`can't parse entities: ${parsed.error}`);
      text = parsed.text;
      entities = parsed.entities;
    } else {
      const given = jsonParam(params, "entities", "can't parse entities JSON object");
      if (given !== undefined) {
        if (!Array.isArray(given)) throw badRequest("can't parse entities JSON object");
        entities = given as MessageEntity[];
      }
    }
    const replyMarkup = jsonParam(
      params,
      "reply_markup",
      "can't parse reply keyboard markup JSON object",
    );
    let linkPreview = jsonParam(
      params,
      "link_preview_options",
      "can't parse link preview options JSON object",
    );
    if (linkPreview === undefined && booleanParam(params, "disable_web_page_preview")) {
      linkPreview = { is_disabled: true };
    }
    const chat = chatOf(bot, chatId);
    if (entities.length > 0 || /^\s|\s$/.test(text)) {
      const trimmed = trimFormatted(text, entities);
      text = trimmed.text;
      entities = trimmed.entities;
    }
    if (text === "") throw TEXT_EMPTY;
    if (text.length > 4096 && characterCount(text) > 4096) throw badRequest("message is too long");
    if (chat.chat.type === "private" && bot.blocked.has(chat.chat.id)) throw BLOCKED;

    const message: Message = {
      message_id: chat.nextMessageId,
      from: bot.user,
      chat: chat.chat,
      date: seconds(),
      text,
    };
    chat.nextMessageId += 1;
    if (entities.length > 0) message.entities = entities;
    if (linkPreview !== undefined) message.link_preview_options = linkPreview;
    if (
      typeof replyMarkup === "object" &&
      replyMarkup !== null &&
      "inline_keyboard" in replyMarkup
    ) {
      message.reply_markup = replyMarkup;
    }
    chat.messages.set(message.message_id, message);
    chat.lastSent = message;
    const sent: {
      -readonly [K in keyof SentMessage]: SentMessage[K];
    } = {
      bot: bot.username,
      chatId: chat.chat.id,
      messageId: message.message_id,
      text: raw,
      message,
      params,
      receivedAt: now(),
    };
    if (modeName !== undefined) sent.parseMode = modeName;
    if (replyMarkup !== undefined) sent.replyMarkup = replyMarkup;
    if (linkPreview !== undefined) sent.linkPreviewOptions = linkPreview;
    recordSent(sent);
    return message;
  };

  const sendChatAction: Handler = (bot, params) => {
    const chatId = chatIdOf(params);
    const action = stringParam(params, "action");
    if (action === undefined || !CHAT_ACTIONS.has(action)) {
      throw badRequest("wrong parameter action in request");
    }
    const chat = chatOf(bot, chatId);
    if (chat.chat.type === "private" && bot.blocked.has(chat.chat.id)) throw BLOCKED;
    return true;
  };

  function commandsKey(params: Params): string {
    const scope = jsonParam(params, "scope", "can't parse BotCommandScope JSON object") ?? {
      type: "default",
    };
    return `${JSON.stringify(scope)}|${stringParam(params, "language_code") ?? ""}`;
  }

  const setMyCommands: Handler = (bot, params) => {
    const commands = jsonParam(params, "commands", "can't parse commands JSON object");
    if (commands === undefined) throw badRequest('parameter "commands" is required');
    if (!Array.isArray(commands) || commands.length > 100) {
      throw badRequest("can't parse commands JSON object");
    }
    const stored: BotCommand[] = [];
    for (const entry of commands as unknown[]) {
      const { command, description } = (entry ?? {}) as Record<string, unknown>;
      // BotCommand: command 1-32 characters of lowercase letters, digits and underscores;
      // description 1-256 characters.
      if (typeof command !== "string" || !/^[a-z0-9_]{1,32}$/.test(command.replace(/^\//, ""))) {
        throw badRequest("BOT_COMMAND_INVALID");
      }
      if (typeof description !== "string" || description.length < 1 || description.length > 256) {
        throw badRequest("BOT_COMMAND_DESCRIPTION_INVALID");
      }
      stored.push({ command: command.replace(/^\//, ""), description });
    }
    bot.commands.set(commandsKey(params), stored);
    return true;
  };

  const getMyCommands: Handler = (bot, params) => bot.commands.get(commandsKey(params)) ?? [];

  const deleteMyCommands: Handler = (bot, params) => {
    bot.commands.delete(commandsKey(params));
    return true;
  };

  const answerCallbackQuery: Handler = (bot, params) => {
    const id = stringParam(params, "callback_query_id");
    if (id === undefined) throw badRequest('parameter "callback_query_id" is required');
    if (!bot.callbackQueries.delete(id)) {
      throw badRequest("query is too old and response timeout expired or query ID is invalid");
    }
    return true;
  };

  const setWebhook: Handler = (bot, params) => {
    const url = stringParam(params, "url") ?? "";
    const allowed = jsonParam(params, "allowed_updates", "can't parse allowed_updates JSON object");
    const drop = booleanParam(params, "drop_pending_updates");
    if (url === "") {
      // "Use an empty string to remove webhook integration".
      const had = bot.webhook !== undefined;
      stopWebhook(bot);
      if (drop) bot.pending = [];
      return new Described(true, had ? "Webhook was deleted" : "Webhook is already deleted");
    }
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      throw badRequest("invalid webhook URL specified");
    }
    // Telegram requires HTTPS; the double takes http too, for webhooks on the test's own machine.
    if (parsed.protocol !== "https:" && parsed.protocol !== "http:") {
      throw badRequest("bad webhook: An HTTPS URL must be provided for webhook");
    }
    setAllowed(bot, allowed, "allowed_updates");
    if (drop) bot.pending = [];
    const same = bot.webhook?.url === url;
    stopWebhook(bot);
    endPoll(bot, BY_SET_WEBHOOK);
    const secretToken = stringParam(params, "secret_token");
    const ipAddress = stringParam(params, "ip_address");
    const hook: Webhook = {
      url,
      maxConnections: Math.min(100, Math.max(1, integerParam(params, "max_connections") ?? 40)),
      abort: new AbortController(),
      busy: false,
      ...(secretToken !== undefined ? { secretToken } : {}),
      ...(ipAddress !== undefined ? { ipAddress } : {}),
    };
    bot.webhook = hook;
    void pumpWebhook(bot, hook);
    return new Described(true, same ? "Webhook is already set" : "Webhook was set");
  };

  const deleteWebhook: Handler = (bot, params) => {
    const had = bot.webhook !== undefined;
    stopWebhook(bot);
    if (booleanParam(params, "drop_pending_updates")) bot.pending = [];
    return new Described(true, had ? "Webhook was deleted" : "Webhook is already deleted");
  };

  const getWebhookInfo: Handler = (bot) => {
    const hook = bot.webhook;
    const info: WebhookInfo = {
      url: hook?.url ?? "",
      has_custom_certificate: false,
      pending_update_count: bot.pending.length,
    };
    if (hook) {
      if (hook.ipAddress !== undefined) info.ip_address = hook.ipAddress;
      if (hook.lastErrorDate !== undefined) info.last_error_date = hook.lastErrorDate;
      if (hook.lastErrorMessage !== undefined) info.last_error_message = hook.lastErrorMessage;
      info.max_connections = hook.maxConnections;
      if (bot.allowedList) info.allowed_updates = [...bot.allowedList];
    }
    return info;
  };

  const HANDLERS = new Map<string, Handler>([
    ["getme", (bot) => bot.me],
    ["sendmessage", sendMessage],
    ["sendchataction", sendChatAction],
    ["setmycommands", setMyCommands],
    ["getmycommands", getMyCommands],
    ["deletemycommands", deleteMyCommands],
    ["answercallbackquery", answerCallbackQuery],
    ["setwebhook", setWebhook],
    ["deletewebhook", deleteWebhook],
    ["getwebhookinfo", getWebhookInfo],
  ]);

  function rateLimited(bot: BotState, method: string): ApiError | undefined {
    for (let i = 0; i < bot.rateLimits.length; i += 1) {
      const limit = bot.rateLimits[i] as RateLimit;
      if (limit.methods && !limit.methods.has(method)) continue;
      limit.remaining -= 1;
      if (limit.remaining <= 0) bot.rateLimits.splice(i, 1);
      return new ApiError(429, `Too Many Requests: retry after ${limit.retryAfter}`, {
        retry_after: limit.retryAfter,
      });
    }
    return undefined;
  }

  // --- HTTP -------------------------------------------------------------------------------------

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = req.url ?? "/";
    const question = url.indexOf("?");
    const path = question < 0 ? url : url.slice(0, question);
    const query = question < 0 ? "" : url.slice(question + 1);
    if (path.startsWith("/__double/")) {
      await control(path.slice("/__double/".length), req, res, query);
      return;
    }
    const match = /^\/bot([^/]+)\/([^/]*)$/.exec(path);
    if (!match) {
      req.resume();
      answerError(res, NOT_FOUND);
      return;
    }
    if (req.method !== "GET" && req.method !== "POST") {
      // "We support GET and POST HTTP methods."
      req.resume();
      answer(
        res,
        405,
        JSON.stringify({ ok: false, error_code: 405, description: "Method Not Allowed" }),
      );
      return;
    }
    let token: string;
    try {
      token = decodeURIComponent(match[1] as string);
    } catch {
      token = "";
    }
    const bot = byToken.get(token);
    if (!bot) {
      req.resume();
      answerError(res, UNAUTHORIZED);
      return;
    }
    const method = match[2] as string;
    const key = method.toLowerCase();
    const handler = HANDLERS.get(key);
    if (!handler && key !== "getupdates") {
      req.resume();
      answerError(res, NOT_FOUND);
      return;
    }
    let params: Params;
    try {
      params = await readParams(req, query);
    } catch (error) {
      if (error instanceof BodyTooLarge) throw new ApiError(413, "Request Entity Too Large");
      throw error;
    }
    callLog.push({ bot: bot.username, method, params, at: now() });
    if (bot.rateLimits.length > 0) {
      const limited = rateLimited(bot, key);
      if (limited) throw limited;
    }
    if (key === "getupdates") {
      getUpdates(bot, params, res);
      return;
    }
    answer(res, 200, okBody((handler as Handler)(bot, params)));
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (error instanceof BadRequest) {
        answerError(res, badRequest(error.message));
        return;
      }
      if (error instanceof ApiError) {
        answerError(res, error);
        return;
      }
      if (error instanceof RangeError && req.url?.startsWith("/__double/")) {
        answer(res, 400, JSON.stringify({ ok: false, error: error.message }));
        return;
      }
      console.error("telegram-double:", error);
      answer(
        res,
        500,
        JSON.stringify({ ok: false, error_code: 500, description: "Internal Server Error" }),
      );
    });
  });
  // Long polls hold a request for up to 50 s; nothing else should.
  server.requestTimeout = 0;
  server.keepAliveTimeout = 65_000;

  // --- Controls ---------------------------------------------------------------------------------

  function controlNumber(value: unknown, name: string): number {
    const number = typeof value === "string" ? Number(value) : value;
    if (typeof number !== "number" || !Number.isFinite(number)) {
      throw new RangeError(`${name}: a number`);
    }
    return number;
  }

  const double: TelegramDouble = {
    apiRoot: "",
    port: 0,
    bots: bots.map((bot, i) => ({ ...(configured[i] as TelegramDoubleBot), id: bot.id })),

    userSends(text, options) {
      const bot = botOf(options.bot);
      const user = rememberUser(options);
      const chat = openChat(bot, options.chatId ?? user.id, user);
      if (bot.blocked.has(user.id)) double.unblock(user.id, { bot: bot.token });
      const message: Message = {
        message_id: chat.nextMessageId,
        from: user,
        chat: chat.chat,
        date: seconds(),
        text,
      };
      chat.nextMessageId += 1;
      // Telegram marks a leading /command (with an optional @botname) as a bot_command entity.
      const command = /^\/[A-Za-z0-9_]{1,64}(?:@[A-Za-z0-9_]{1,64})?/.exec(text);
      if (command)
        message.entities = [{ type: "bot_command", offset: 0, length: command[0].length }];
      return enqueue(bot, { message });
    },

    userPresses(data, options) {
      const bot = botOf(options.bot);
      const user = rememberUser(options);
      const chat = openChat(bot, options.chatId ?? user.id, user);
      const message =
        options.messageId === undefined ? chat.lastSent : chat.messages.get(options.messageId);
      if (options.messageId !== undefined && !message) {
        throw new RangeError(
          `the bot sent no message ${options.messageId} to chat ${chat.chat.id}`,
        );
      }
      callbackCounter += 1;
      const query: CallbackQuery = {
        id: `${bot.id}${String(callbackCounter).padStart(6, "0")}`,
        from: user,
        chat_instance: String(1_000_000_000_000 + Math.abs(chat.chat.id)),
        data,
      };
      if (message) query.message = message;
      bot.callbackQueries.add(query.id);
      return enqueue(bot, { callback_query: query });
    },

    pushUpdate(update, options = {}) {
      return enqueue(botOf(options.bot), update);
    },

    addUser(userId, options = {}) {
      const bot = botOf(options.bot);
      openChat(bot, userId, rememberUser({ ...options, userId }));
    },

    block(userId, options = {}) {
      const bot = botOf(options.bot);
      if (bot.blocked.has(userId)) return;
      bot.blocked.add(userId);
      memberChanged(bot, userId, "member", "kicked");
    },

    unblock(userId, options = {}) {
      const bot = botOf(options.bot);
      if (!bot.blocked.delete(userId)) return;
      memberChanged(bot, userId, "kicked", "member");
    },

    rateLimitNext(n, retryAfterSeconds, options = {}) {
      if (!(Number.isInteger(n) && n > 0)) throw new RangeError("n: a whole number above 0");
      if (!(Number.isInteger(retryAfterSeconds) && retryAfterSeconds >= 0)) {
        throw new RangeError("retryAfterSeconds: a whole number of seconds");
      }
      const methods = options.methods ?? ["sendMessage"];
      const limit: RateLimit = methods.includes("*")
        ? { remaining: n, retryAfter: retryAfterSeconds }
        : {
            remaining: n,
            retryAfter: retryAfterSeconds,
            methods: new Set(methods.map((name) => name.toLowerCase())),
          };
      botOf(options.bot).rateLimits.push(limit);
    },

    sent: sentOf,

    waitForSent(count, timeoutMs = 5000, chatId) {
      return new Promise((resolve, reject) => {
        if (closed) {
          reject(new Error("the Telegram double is closed"));
          return;
        }
        const waiter = {
          count,
          ...(chatId === undefined ? {} : { chatId }),
          resolve,
          reject,
          timer: setTimeout(() => {
            const index = waiters.indexOf(waiter);
            if (index >= 0) waiters.splice(index, 1);
            const have = sentOf(chatId).length;
            reject(
              new Error(
                `waitForSent: ${have} of ${count} messages${chatId === undefined ? "" : ` to chat ${chatId}`} after ${timeoutMs} ms`,
              ),
            );
          }, timeoutMs),
        };
        waiters.push(waiter);
        checkWaiters();
      });
    },

    calls(method) {
      if (method === undefined) return [...callLog];
      const key = method.toLowerCase();
      return callLog.filter((call) => call.method.toLowerCase() === key);
    },

    pendingUpdates(bot) {
      return [...botOf(bot).pending];
    },

    clearRecords() {
      sentMessages.length = 0;
      sentPerChat.clear();
      callLog.length = 0;
    },

    async close() {
      if (closed) return;
      closed = true;
      for (const bot of bots) {
        answerPoll(bot);
        stopWebhook(bot);
      }
      for (const waiter of waiters.splice(0)) {
        clearTimeout(waiter.timer);
        waiter.reject(new Error("the Telegram double is closed"));
      }
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };

  /**
   * The controls over HTTP, for a double run on its own: POST /__double/user-sends
   * { text, userId, ... }, /user-presses { data, userId, ... }, /block { userId }, /unblock { userId },
   * /rate-limit-next { n, retryAfter, methods? }, /clear; GET /__double/sent[?chat_id=], /calls[?method=].
   */
  async function control(
    name: string,
    req: IncomingMessage,
    res: ServerResponse,
    query: string,
  ): Promise<void> {
    const search = new URLSearchParams(query);
    const reply = (body: unknown) => answer(res, 200, JSON.stringify(body));
    if (req.method === "GET") {
      req.resume();
      if (name === "sent") {
        const chatId = search.get("chat_id");
        reply(sentOf(chatId === null ? undefined : controlNumber(chatId, "chat_id")));
        return;
      }
      if (name === "calls") {
        reply(double.calls(search.get("method") ?? undefined));
        return;
      }
      answer(res, 404, JSON.stringify({ ok: false, error: `no control ${name}` }));
      return;
    }
    const text = (await readBody(req)).toString("utf8").trim();
    let body: Record<string, unknown> = {};
    if (text !== "") {
      try {
        body = JSON.parse(text) as Record<string, unknown>;
      } catch {
        throw new RangeError("the body must be a JSON object");
      }
    }
    const bot = typeof body.bot === "string" ? body.bot : undefined;
    const user = () => ({
      userId: controlNumber(body.userId, "userId"),
      ...(typeof body.firstName === "string" ? { firstName: body.firstName } : {}),
      ...(typeof body.lastName === "string" ? { lastName: body.lastName } : {}),
      ...(typeof body.username === "string" ? { username: body.username } : {}),
      ...(bot === undefined ? {} : { bot }),
    });
    switch (name) {
      case "user-sends":
        if (typeof body.text !== "string") throw new RangeError("text: a string");
        reply(
          double.userSends(body.text, {
            ...user(),
            ...(body.chatId === undefined ? {} : { chatId: controlNumber(body.chatId, "chatId") }),
          }),
        );
        return;
      case "user-presses":
        if (typeof body.data !== "string") throw new RangeError("data: a string");
        reply(
          double.userPresses(body.data, {
            ...user(),
            ...(body.messageId === undefined
              ? {}
              : { messageId: controlNumber(body.messageId, "messageId") }),
          }),
        );
        return;
      case "block":
      case "unblock":
        double[name](controlNumber(body.userId, "userId"), bot === undefined ? {} : { bot });
        reply({ ok: true });
        return;
      case "rate-limit-next":
        double.rateLimitNext(
          controlNumber(body.n, "n"),
          controlNumber(body.retryAfter, "retryAfter"),
          {
            ...(Array.isArray(body.methods) ? { methods: body.methods as string[] } : {}),
            ...(bot === undefined ? {} : { bot }),
          },
        );
        reply({ ok: true });
        return;
      case "clear":
        double.clearRecords();
        reply({ ok: true });
        return;
      default:
        answer(res, 404, JSON.stringify({ ok: false, error: `no control ${name}` }));
    }
  }

  const host = options.host ?? "127.0.0.1";
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  const hostForUrl = host.includes(":") ? `[${host}]` : host;
  Object.assign(double, { apiRoot: `http://${hostForUrl}:${port}`, port });
  return double;
}

/** A random token of the documented shape, for tests that want one nobody else uses. */
export function randomBotToken(id = 1_000_000 + Math.floor(Math.random() * 9_000_000)): string {
  return `${id}:${randomBytes(17).toString("base64url")}`;
}
