/**
 * POST /alerts/unsubscribe?token=: stops a user's alert e-mails without a session (unsubscribe.ts). Mail
 * providers post RFC 8058's one-click body (`List-Unsubscribe=One-Click`, as multipart/form-data or
 * application/x-www-form-urlencoded) with no cookie and no Origin; the page at the same path posts it from
 * the site. The token alone decides: the body is read (a kilobyte at most) and not needed.
 */
import { ALERT_MESSAGES, emailUnsubscribeEndpoint } from "@kalpa/contracts/api/alerts";
import { successEnvelope } from "@kalpa/contracts/envelope";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { AppError } from "../../../../lib/errors";
import type { AlertRepository } from "../../repository";
import type { UnsubscribeTokens } from "./unsubscribe";

/** Mail providers post from a few shared addresses; the token cannot be guessed, so the limit is wide. */
const UNSUBSCRIBE_LIMIT = { rateLimit: { max: 300, timeWindow: "1 minute" } } as const;
const FORM_BODY_LIMIT = 1024;

export const unsubscribeRoutes: FastifyPluginAsyncZod<{
  repository: AlertRepository;
  tokens: UnsubscribeTokens;
}> = async (app, opts) => {
  // The one-click body's two encodings, for this route only (the rest of the API takes JSON).
  const keepText = (_request: unknown, body: string, done: (e: null, b: string) => void) =>
    done(null, body);
  app.addContentTypeParser(
    "application/x-www-form-urlencoded",
    { parseAs: "string", bodyLimit: FORM_BODY_LIMIT },
    keepText,
  );
  app.addContentTypeParser(
    /^multipart\/form-data/,
    { parseAs: "string", bodyLimit: FORM_BODY_LIMIT },
    keepText,
  );

  app.post(
    emailUnsubscribeEndpoint.path,
    {
      config: UNSUBSCRIBE_LIMIT,
      schema: {
        tags: ["alerts"],
        summary: "Stop alert e-mails with the link from one (RFC 8058 one-click)",
        querystring: emailUnsubscribeEndpoint.querystring,
        response: { 200: successEnvelope(emailUnsubscribeEndpoint.response) },
      },
    },
    async (request) => {
      const userId = opts.tokens.userOf(request.query.token);
      if (userId === undefined) {
        throw new AppError("VALIDATION_ERROR", ALERT_MESSAGES.unsubscribeLinkInvalid);
      }
      // An account deleted since the mail was sent gets no more mail either: nothing to change.
      await opts.repository.stopEmails(userId);
      request.log.info({ userId }, "alerts: e-mails stopped by the unsubscribe link");
      return { success: true as const, data: undefined, message: ALERT_MESSAGES.emailUnsubscribed };
    },
  );
};
