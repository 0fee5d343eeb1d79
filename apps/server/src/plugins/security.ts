/**
 * Security headers and the cross-site request check: a state-changing request from a browser must come
 * from the site itself. Also refused here: text the database cannot store (lib/stored-text.ts), before
 * validation; and, in the envelope, requests refused before any route (http-refusals.ts).
 *
 * The headers are worked out once, at start-up (decision 022): documents (the SPA, its assets, the API
 * reference) get helmet's set with a strict Content-Security-Policy; API answers get the set OWASP's REST
 * guidance names for JSON (no caching, no framing, no sniffing, no cross-origin reads, and nothing for the
 * answer itself to load), which is all a JSON answer can use.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { SERVER_MESSAGES } from "@kalpa/contracts/messages";
import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import helmet, { type HelmetOptions } from "helmet";
import type { AppConfig } from "../config/app-config";
import { fieldError } from "../lib/errors";
import { unstorableTextAt } from "../lib/stored-text";
import { sendError } from "./error-handler";
import { answerUnroutedRequests } from "./http-refusals";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Decides whether a request may change state. Browsers send `Origin` on every unsafe request, and it must
 * be the site's own (a request through another host name or a rebound DNS name carries that name, and is
 * refused). Without `Origin`, fetch metadata decides; a request with neither header is not from a browser
 * (it carries no ambient cookie) and passes.
 */
export function isAllowedOrigin(
  headers: FastifyRequest["headers"],
  allowedOrigin: string,
): boolean {
  const origin = headers.origin;
  if (origin !== undefined) return origin === allowedOrigin;
  const fetchSite = headers["sec-fetch-site"];
  if (fetchSite === undefined) return true;
  return fetchSite === "same-origin" || fetchSite === "none";
}

/** The headers helmet's middleware sets with these options (it sets the same ones on every response). */
export function helmetHeaders(options: Readonly<HelmetOptions>): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string | number) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let failure: unknown;
  helmet(options)(
    {} as IncomingMessage,
    recorder as unknown as ServerResponse,
    (error?: unknown) => {
      failure = error;
    },
  );
  if (failure) throw failure;
  return headers;
}

/** Where an answer is JSON from the API rather than a document (the API reference is a document). */
export function isApiAnswer(url: string): boolean {
  return url.startsWith("/api/") && !url.startsWith("/api/docs");
}

/** The headers every API answer carries; a route may replace `cache-control` (a public, cached answer). */
export function apiHeaders(https: boolean): Record<string, string> {
  return {
    "cache-control": "no-store",
    "content-security-policy": "default-src 'none'; frame-ancestors 'none'",
    "cross-origin-resource-policy": "same-origin",
    "x-content-type-options": "nosniff",
    "x-frame-options": "DENY",
    ...(https ? { "strict-transport-security": HSTS } : {}),
  };
}

const HSTS_MAX_AGE_S = 31_536_000;
const HSTS = `max-age=${HSTS_MAX_AGE_S}; includeSubDomains`;

export const securityPlugin = fp(async (app: FastifyInstance, opts: { config: AppConfig }) => {
  const { config } = opts;
  const https = config.secureCookies;
  const documentHeaders = helmetHeaders({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        "default-src": ["'self'"],
        "script-src": ["'self'"],
        // React and the toast library set inline styles; scripts stay strictly same-origin.
        "style-src": ["'self'", "'unsafe-inline'"],
        "img-src": ["'self'", "data:", "blob:"],
        "font-src": ["'self'", "data:"],
        "connect-src": ["'self'"],
        "frame-ancestors": ["'none'"],
        "form-action": ["'self'"],
        "base-uri": ["'self'"],
        "object-src": ["'none'"],
        ...(https ? { "upgrade-insecure-requests": [] } : {}),
      },
    },
    strictTransportSecurity: https ? { maxAge: HSTS_MAX_AGE_S, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
  });
  const answerHeaders = apiHeaders(https);
  // One hook, without a promise: it runs on every request.
  app.addHook("onRequest", (request, reply, done) => {
    reply.headers(isApiAnswer(request.url) ? answerHeaders : documentHeaders);
    if (SAFE_METHODS.has(request.method) || isAllowedOrigin(request.headers, config.publicOrigin)) {
      done();
      return;
    }
    request.log.warn(
      { origin: request.headers.origin, fetchSite: request.headers["sec-fetch-site"] },
      "refused cross-site request",
    );
    // Answering from the hook ends the request here; `done` is not called.
    sendError(reply, 403, { success: false, error: SERVER_MESSAGES.badOrigin, code: "FORBIDDEN" });
  });
  app.addHook("preValidation", (request, _reply, done) => {
    for (const part of [request.params, request.query, request.body]) {
      const path = unstorableTextAt(part);
      if (path !== undefined) {
        done(fieldError(path, SERVER_MESSAGES.unstorableText));
        return;
      }
    }
    done();
  });
  answerUnroutedRequests(app.server, app.log);
});
