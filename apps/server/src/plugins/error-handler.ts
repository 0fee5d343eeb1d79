/**
 * Every failure leaves as `{ success: false, error, code }` (plus `issues` for validation). A 5xx never
 * shows internals: the details go to the log, the client gets a plain sentence.
 */
import type { ErrorEnvelope, FieldIssue } from "@kalpa/contracts/envelope";
import { SERVER_MESSAGES } from "@kalpa/contracts/messages";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { AppError, codeForStatus } from "../lib/errors";

export function sendError(reply: FastifyReply, status: number, body: ErrorEnvelope) {
  return reply.status(status).type("application/json; charset=utf-8").send(body);
}

function validationIssues(error: FastifyError): FieldIssue[] {
  if (!hasZodFastifySchemaValidationErrors(error)) return [];
  return error.validation.map((issue) => ({
    path: issue.instancePath.replace(/^\//, "").replaceAll("/", "."),
    message: issue.message ?? SERVER_MESSAGES.invalidRequest,
  }));
}

export const errorHandlerPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof AppError) {
      if (error.statusCode >= 500) request.log.error({ err: error }, error.message);
      return sendError(reply, error.statusCode, {
        success: false,
        error: error.message,
        code: error.code,
        ...(error.issues ? { issues: error.issues } : {}),
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
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, "request failed");
      return sendError(reply, status === 503 ? 503 : 500, {
        success: false,
        error: SERVER_MESSAGES.internal,
        code: status === 503 ? "SERVICE_UNAVAILABLE" : "INTERNAL_ERROR",
      });
    }
    // Fastify's own 4xx (malformed JSON, body too large, unsupported media type...) carry safe messages.
    const code = codeForStatus(status);
    return sendError(reply, status, {
      success: false,
      error: status === 429 ? SERVER_MESSAGES.rateLimited : error.message,
      code,
    });
  });
});
