/**
 * Settings' Telegram controls: whether the bot exists and which chat is linked since when, a one-time deep
 * link to link one (a few an hour per user), and unlinking. Each needs a session.
 */
import {
  ALERT_MESSAGES,
  telegramLinkEndpoint,
  telegramStatusEndpoint,
  telegramUnlinkEndpoint,
} from "@kalpa/contracts/api/alerts";
import { successEnvelope } from "@kalpa/contracts/envelope";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AttemptLimiter } from "../../../../lib/attempt-limiter";
import { AppError, tooManyAttempts } from "../../../../lib/errors";
import type { LinkEnding } from "../../../auth/outside-links";
import { LIMIT_RULES } from "../../../auth/policy";
import { authOf } from "../../../auth/require-user";
import type { TelegramLinks } from "./telegram";

export const telegramRoutes: FastifyPluginAsyncZod<{
  links: TelegramLinks;
  /** Ends the user's link and tells the chat why (telegram.ts, telegramLinkEnding). */
  unlink: (userId: number, why: LinkEnding) => Promise<void>;
  limiter: AttemptLimiter;
  /** Whether the operator set a bot up (TELEGRAM_BOT_TOKEN). */
  configured: boolean;
  /** The bot's username (getMe), or undefined when there is no bot or it cannot be reached yet. */
  botUsername: () => Promise<string | undefined>;
}> = async (app, opts) => {
  const tags = ["alerts"];
  app.addHook("onRequest", app.requireUser);

  app.get(
    telegramStatusEndpoint.path,
    {
      schema: {
        tags,
        summary: "Whether the operator's bot is there and this user's chat is linked",
        response: { 200: successEnvelope(telegramStatusEndpoint.response) },
      },
    },
    async (request) => {
      const botUsername = (await opts.botUsername()) ?? null;
      const linked = await opts.links.ofUser(authOf(request).user.id);
      return {
        success: true as const,
        data: {
          available: botUsername !== null,
          linked: linked !== undefined,
          botUsername,
          chat: linked ? { name: linked.name, linkedAt: linked.linkedAt.toISOString() } : null,
        },
      };
    },
  );

  app.post(
    telegramLinkEndpoint.path,
    {
      schema: {
        tags,
        summary: "A one-time deep link to the bot that links the chat which opens it (15 minutes)",
        response: { 200: successEnvelope(telegramLinkEndpoint.response) },
      },
    },
    async (request) => {
      // No bot on this site is a fact about it (404); a bot the Bot API does not answer for is a
      // moment's (503).
      if (!opts.configured) throw new AppError("NOT_FOUND", ALERT_MESSAGES.telegramUnavailable);
      const botUsername = await opts.botUsername();
      if (!botUsername) {
        throw new AppError("SERVICE_UNAVAILABLE", ALERT_MESSAGES.telegramUnreachable);
      }
      const userId = authOf(request).user.id;
      // Each link is a token written to the database and a getMe: a few an hour is plenty for a person.
      const state = await opts.limiter.hit(LIMIT_RULES.telegramLink, String(userId));
      if (!state.allowed) {
        throw tooManyAttempts(state.retryAfterSeconds, ALERT_MESSAGES.tooManyTelegramLinks);
      }
      const { token, expiresAt } = await opts.links.newToken(userId);
      return {
        success: true as const,
        data: {
          url: `https://t.me/${botUsername}?start=${token}`,
          expiresAt: expiresAt.toISOString(),
        },
        message: ALERT_MESSAGES.telegramLinkReady,
      };
    },
  );

  app.delete(
    telegramUnlinkEndpoint.path,
    {
      schema: {
        tags,
        summary: "Unlink the chat: no more Telegram alerts",
        response: { 200: successEnvelope(telegramUnlinkEndpoint.response) },
      },
    },
    async (request) => {
      await opts.unlink(authOf(request).user.id, "user_unlink");
      return { success: true as const, data: undefined, message: ALERT_MESSAGES.telegramUnlinked };
    },
  );
};
