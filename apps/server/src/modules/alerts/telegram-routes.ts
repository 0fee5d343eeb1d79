/**
 * Settings' Telegram controls (issue 23): whether the bot exists and the chat is linked, a one-time deep
 * link to link it, and unlinking. Each needs a session.
 */
import {
  ALERT_MESSAGES,
  telegramLinkEndpoint,
  telegramStatusEndpoint,
  telegramUnlinkEndpoint,
} from "@kalpa/contracts/api/alerts";
import { successEnvelope } from "@kalpa/contracts/envelope";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { AppError } from "../../lib/errors";
import { authOf } from "../auth/require-user";
import type { TelegramLinks } from "./telegram";

export const telegramRoutes: FastifyPluginAsyncZod<{
  links: TelegramLinks;
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
        data: { available: botUsername !== null, linked: linked !== undefined, botUsername },
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
      const { token, expiresAt } = await opts.links.newToken(authOf(request).user.id);
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
      await opts.links.unlinkUser(authOf(request).user.id);
      return { success: true as const, data: undefined, message: ALERT_MESSAGES.telegramUnlinked };
    },
  );
};
