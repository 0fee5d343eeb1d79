/**
 * Security headers (helmet, with a strict Content-Security-Policy for the SPA) and the cross-site request
 * check: a state-changing request from a browser must come from the site itself.
 */
import helmet from "@fastify/helmet";
import { SERVER_MESSAGES } from "@kalpa/contracts/messages";
import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import type { AppConfig } from "../config/env";
import { sendError } from "./error-handler";

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

export const securityPlugin = fp(async (app: FastifyInstance, opts: { config: AppConfig }) => {
  const { config } = opts;
  const https = config.secureCookies;
  await app.register(helmet, {
    global: true,
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
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
  });

  app.addHook("onRequest", async (request, reply) => {
    if (SAFE_METHODS.has(request.method)) return;
    if (isAllowedOrigin(request.headers, config.publicOrigin)) return;
    request.log.warn(
      { origin: request.headers.origin, fetchSite: request.headers["sec-fetch-site"] },
      "refused cross-site request",
    );
    return sendError(reply, 403, {
      success: false,
      error: SERVER_MESSAGES.badOrigin,
      code: "FORBIDDEN",
    });
  });
});
