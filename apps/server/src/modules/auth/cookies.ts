/**
 * The two cookies accounts use. Both are HttpOnly (script never reads a credential), SameSite=Lax, and
 * Secure with a `__Host-`/`__Secure-` prefix when the site is served over https, so that no sub-domain or
 * plain-http page can plant or read them.
 *
 * - the session: a 256-bit random token, 30 days, Path=/;
 * - the reset grant: issued when a reset OTP is verified, 15 minutes, Path=/api/auth only; reset-password
 *   requires it, so knowing someone's e-mail address is not enough to choose their password.
 */
import cookie from "@fastify/cookie";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { AppConfig } from "../../config/env";
import { RESET_GRANT_TTL_MS, SESSION_TTL_MS } from "./policy";

type CookieConfig = Pick<AppConfig, "secureCookies">;

export function sessionCookieName(config: CookieConfig): string {
  return config.secureCookies ? "__Host-kalpa_session" : "kalpa_session";
}

export function resetCookieName(config: CookieConfig): string {
  return config.secureCookies ? "__Secure-kalpa_reset" : "kalpa_reset";
}

const RESET_COOKIE_PATH = "/api/auth";

function baseOptions(config: CookieConfig) {
  return { httpOnly: true, sameSite: "lax", secure: config.secureCookies } as const;
}

export function setSessionCookie(reply: FastifyReply, config: CookieConfig, token: string): void {
  reply.setCookie(sessionCookieName(config), token, {
    ...baseOptions(config),
    path: "/",
    maxAge: SESSION_TTL_MS / 1000,
  });
}

export function clearSessionCookie(reply: FastifyReply, config: CookieConfig): void {
  reply.clearCookie(sessionCookieName(config), { ...baseOptions(config), path: "/" });
}

export function setResetCookie(reply: FastifyReply, config: CookieConfig, token: string): void {
  reply.setCookie(resetCookieName(config), token, {
    ...baseOptions(config),
    path: RESET_COOKIE_PATH,
    maxAge: RESET_GRANT_TTL_MS / 1000,
  });
}

export function clearResetCookie(reply: FastifyReply, config: CookieConfig): void {
  reply.clearCookie(resetCookieName(config), { ...baseOptions(config), path: RESET_COOKIE_PATH });
}

export function readSessionToken(request: FastifyRequest, config: CookieConfig) {
  return request.cookies[sessionCookieName(config)];
}

export function readResetToken(request: FastifyRequest, config: CookieConfig) {
  return request.cookies[resetCookieName(config)];
}

/** The session token in a raw Cookie header (a socket.io handshake has no Fastify request). */
export function sessionTokenFromHeader(
  header: string | undefined,
  config: CookieConfig,
): string | undefined {
  if (!header) return undefined;
  return cookie.parse(header)[sessionCookieName(config)];
}
