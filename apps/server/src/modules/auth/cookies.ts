/**
 * The two cookies accounts use. Both are HttpOnly (script never reads a credential), SameSite=Lax, and
 * Secure with a `__Host-`/`__Secure-` prefix when the site is served over https, so that no sub-domain or
 * plain-http page can plant or read them.
 *
 * - the session: a 256-bit random token, 30 days, Path=/;
 * - the reset grant: issued when a reset OTP is verified, 15 minutes, Path=/api/auth only; reset-password
 *   requires it, so knowing someone's e-mail address is not enough to choose their password.
 *
 * Read and written here with `cookie` (jshttp) where a route needs them, not by a plugin's hooks on every
 * request (decision 022): a request that carries no credential pays nothing for cookies.
 */
import { parseCookie, stringifySetCookie } from "cookie";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { AppConfig } from "../../config/app-config";
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

/** Adds a Set-Cookie line to the answer (Fastify keeps each line it is given, beside the others). */
function appendSetCookie(reply: FastifyReply, line: string): void {
  reply.header("set-cookie", line);
}

/** Tells the browser to drop a cookie: empty, expired, at the path and with the attributes it was set. */
function clearCookie(reply: FastifyReply, name: string, options: { path: string } & object) {
  appendSetCookie(
    reply,
    stringifySetCookie(name, "", { ...options, expires: new Date(0), maxAge: 0 }),
  );
}

export function setSessionCookie(reply: FastifyReply, config: CookieConfig, token: string): void {
  appendSetCookie(
    reply,
    stringifySetCookie(sessionCookieName(config), token, {
      ...baseOptions(config),
      path: "/",
      maxAge: SESSION_TTL_MS / 1000,
    }),
  );
}

export function clearSessionCookie(reply: FastifyReply, config: CookieConfig): void {
  clearCookie(reply, sessionCookieName(config), { ...baseOptions(config), path: "/" });
}

export function setResetCookie(reply: FastifyReply, config: CookieConfig, token: string): void {
  appendSetCookie(
    reply,
    stringifySetCookie(resetCookieName(config), token, {
      ...baseOptions(config),
      path: RESET_COOKIE_PATH,
      maxAge: RESET_GRANT_TTL_MS / 1000,
    }),
  );
}

export function clearResetCookie(reply: FastifyReply, config: CookieConfig): void {
  clearCookie(reply, resetCookieName(config), { ...baseOptions(config), path: RESET_COOKIE_PATH });
}

export function readSessionToken(request: FastifyRequest, config: CookieConfig) {
  return sessionTokenFromHeader(request.headers.cookie, config);
}

export function readResetToken(request: FastifyRequest, config: CookieConfig) {
  const header = request.headers.cookie;
  return header ? parseCookie(header)[resetCookieName(config)] : undefined;
}

/** The session token in a raw Cookie header (a socket.io handshake has no Fastify request). */
export function sessionTokenFromHeader(
  header: string | undefined,
  config: CookieConfig,
): string | undefined {
  if (!header) return undefined;
  return parseCookie(header)[sessionCookieName(config)];
}
