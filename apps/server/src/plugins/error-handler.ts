/**
 * Every failure leaves as `{ success: false, error, code }` (plus `issues` for validation). A 5xx never
 * shows internals: the details go to the log, the client gets a plain sentence. A database that cannot be
 * reached (restarting, the connection cut) is a 503 with Retry-After: it will answer again by itself.
 */
import { type ErrorEnvelope, errorCodeForStatus, type FieldIssue } from "@kalpa/contracts/envelope";
import { SERVER_MESSAGES } from "@kalpa/contracts/messages";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { languageOfRequest } from "../i18n/language";
import { localizeMessage } from "../i18n/messages";
import { isDatabaseUnavailable } from "../lib/database-errors";
import { AppError } from "../lib/errors";

/** How long a client is asked to wait when the database is away (it restarts within seconds). */
const DATABASE_RETRY_AFTER_S = 5;

function genericMessage(status: number): string {
  if (status === 404) return SERVER_MESSAGES.notFound;
  if (status === 429) return SERVER_MESSAGES.rateLimited;
  return SERVER_MESSAGES.invalidRequest;
}

/**
 * Sends a failure in the request's language (the signed-in user's, else the browser's; decision 040): the
 * message and each field issue's are the contracts' English, looked up in the server's dictionary.
 */
export function sendError(reply: FastifyReply, status: number, body: ErrorEnvelope) {
  return reply
    .status(status)
    .type("application/json; charset=utf-8")
    .send(localizedError(reply, body));
}

function localizedError(reply: FastifyReply, body: ErrorEnvelope): ErrorEnvelope {
  // A refusal before routing may have no request to read (http-refusals.ts answers some on the socket).
  const request = reply.request as FastifyRequest | undefined;
  if (!request) return body;
  const language = languageOfRequest(request);
  if (language === "en") return body;
  return {
    ...body,
    error: localizeMessage(body.error, language),
    ...(body.issues
      ? {
          issues: body.issues.map((issue) => ({
            ...issue,
            message: localizeMessage(issue.message, language),
          })),
        }
      : {}),
  };
}

/** A success envelope's `message` in the request's language (the same dictionary as failures). */
function localizeSuccessMessage(request: FastifyRequest, payload: unknown): unknown {
  if (typeof payload !== "object" || payload === null) return payload;
  const message = (payload as { message?: unknown }).message;
  if (typeof message !== "string") return payload;
  const language = languageOfRequest(request);
  if (language === "en") return payload;
  // A new object: kept answers (lib/kept-answers.ts) are shared between requests.
  return { ...payload, message: localizeMessage(message, language) };
}

function validationIssues(error: FastifyError): FieldIssue[] {
  if (!hasZodFastifySchemaValidationErrors(error)) return [];
  return error.validation.map((issue) => ({
    path: issue.instancePath.replace(/^\//, "").replaceAll("/", "."),
    message: issue.message ?? SERVER_MESSAGES.invalidRequest,
  }));
}

export const errorHandlerPlugin = fp(async (app: FastifyInstance) => {
  // Callback style: no promise per answer on the hot path.
  app.addHook("preSerialization", (request, _reply, payload, done) => {
    done(null, localizeSuccessMessage(request, payload));
  });
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof AppError) {
      // STARTING is expected for a few seconds after a first start, not a failure.
      if (error.statusCode >= 500 && error.code !== "STARTING") {
        request.log.error({ err: error }, error.message);
      }
      if (error.headers) reply.headers(error.headers);
      return sendError(reply, error.statusCode, {
        success: false,
        error: error.message,
        code: error.code,
        ...(error.issues ? { issues: error.issues } : {}),
      });
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, "database unavailable");
      reply.header("retry-after", String(DATABASE_RETRY_AFTER_S));
      return sendError(reply, 503, {
        success: false,
        error: SERVER_MESSAGES.databaseUnavailable,
        code: "SERVICE_UNAVAILABLE",
      });
    }
    const issues = validationIssues(error);
    if (issues.length > 0) {
      return sendError(reply, 400, {
        success: false,
        error: issues[0]?.message ?? SERVER_MESSAGES.invalidRequest,
        code: "VALIDATION_ERROR",
        issues,
      });
    }
    // Only 4xx and 5xx leave as errors; anything else a library set (a 302, a 200) is a bug: answer 500.
    const raw = error.statusCode ?? 500;
    const status = raw >= 400 && raw <= 599 ? raw : 500;
    if (status >= 500) {
      request.log.error({ err: error }, "request failed");
      return sendError(reply, status === 503 ? 503 : 500, {
        success: false,
        error: SERVER_MESSAGES.internal,
        code: status === 503 ? "SERVICE_UNAVAILABLE" : "INTERNAL_ERROR",
      });
    }
    // Fastify's own 4xx errors (malformed JSON, body too large, unsupported media type...) carry messages
    // written for clients; any other error's message may hold internals, so it gets a generic sentence.
    const ownMessage = typeof error.code === "string" && error.code.startsWith("FST_");
    return sendError(reply, status, {
      success: false,
      error: ownMessage ? error.message : genericMessage(status),
      code: errorCodeForStatus(status),
    });
  });
});
