/**
 * The envelope for requests refused before any route sees them (the fuzz drill, drills/fuzz.ts,
 * found each one answered in Fastify's own `{ error, message, statusCode }` shape, or not at all):
 *
 * - What Node's HTTP parser cannot read (a NUL or a space in the target, a malformed header, conflicting
 *   lengths, an unknown method, headers above the size limit): the server's `clientError` event.
 * - CONNECT (Node drops the connection when nobody listens) and an Upgrade to anything but the socket.io
 *   path (engine.io closes it after a second without a word): the server's `connect` and `upgrade` events.
 * - What the router refuses (a bad percent-encoding, a path parameter above its length limit):
 *   `frameworkErrors` below, an option of Fastify's constructor (given in kernel/http.ts's
 *   `Fastify({ ... })`).
 *
 * The first two are answered on the raw socket, since no Fastify request exists yet.
 */
import type { IncomingMessage, Server } from "node:http";
import type { Duplex } from "node:stream";
import { SOCKET_PATH } from "@kalpa/contracts/constants";
import { type ErrorEnvelope, errorCodeForStatus } from "@kalpa/contracts/envelope";
import { SERVER_MESSAGES } from "@kalpa/contracts/messages";
import type { FastifyBaseLogger, FastifyError, FastifyReply, FastifyRequest } from "fastify";
import { sendError } from "./error-handler";

/** How long a refused connection may stay half-closed for the client to read the answer. */
const LINGER_MS = 1000;

const REASONS: Record<number, string> = {
  400: "Bad Request",
  408: "Request Timeout",
  431: "Request Header Fields Too Large",
};

/** A whole HTTP/1.1 answer carrying the envelope, for a socket that has no Fastify reply. */
export function envelopeAnswer(status: number, message: string): string {
  const body: ErrorEnvelope = { success: false, error: message, code: errorCodeForStatus(status) };
  const text = JSON.stringify(body);
  return [
    `HTTP/1.1 ${status} ${REASONS[status] ?? "Error"}`,
    "Content-Type: application/json; charset=utf-8",
    `Content-Length: ${Buffer.byteLength(text)}`,
    "Cache-Control: no-store",
    "X-Content-Type-Options: nosniff",
    "Connection: close",
    "",
    text,
  ].join("\r\n");
}

/** Answers and closes, leaving the client a moment to read the answer before the socket goes. */
function refuse(socket: Duplex, status: number, message: string) {
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  socket.end(envelopeAnswer(status, message));
  setTimeout(() => socket.destroy(), LINGER_MS).unref();
}

/** The status and message for an error of Node's HTTP parser. */
function parserRefusal(code: string | undefined): [number, string] {
  if (code === "HPE_HEADER_OVERFLOW") return [431, SERVER_MESSAGES.headersTooLarge];
  if (code === "ERR_HTTP_REQUEST_TIMEOUT" || code === "ERR_HTTP_HEADERS_TIMEOUT") {
    return [408, SERVER_MESSAGES.requestTimeout];
  }
  return [400, SERVER_MESSAGES.unreadableRequest];
}

/**
 * Puts the envelope on the HTTP server's own refusals: replaces Fastify's `clientError` answer, and
 * answers CONNECT and stray upgrades. Upgrades to the socket.io path are left to socket.io.
 */
export function answerUnroutedRequests(server: Server, log: FastifyBaseLogger): void {
  server.removeAllListeners("clientError");
  server.on("clientError", (error: NodeJS.ErrnoException, socket: Duplex) => {
    // A reset connection has nobody to answer.
    if (error.code === "ECONNRESET" || socket.destroyed) return;
    log.debug({ err: error }, "refused a request the HTTP parser could not read");
    const [status, message] = parserRefusal(error.code);
    refuse(socket, status, message);
  });
  server.on("connect", (_request: IncomingMessage, socket: Duplex) => {
    refuse(socket, 400, SERVER_MESSAGES.notSupported);
  });
  server.on("upgrade", (request: IncomingMessage, socket: Duplex) => {
    if (request.url?.startsWith(SOCKET_PATH)) return;
    refuse(socket, 400, SERVER_MESSAGES.notSupported);
  });
}

/** Fastify's `frameworkErrors` option: the router's refusals, in the envelope, without echoing the path. */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const status = error.statusCode ?? 400;
  if (status >= 500) request.log.error({ err: error }, "request failed before routing");
  return sendError(reply, status, {
    success: false,
    error: status >= 500 ? SERVER_MESSAGES.internal : SERVER_MESSAGES.badAddress,
    code: errorCodeForStatus(status),
  });
}
