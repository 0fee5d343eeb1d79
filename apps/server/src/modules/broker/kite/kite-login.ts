/**
 * The operator's daily Kite login (Kite's redirect flow, docs/kite-connect-reference.md section 1):
 *
 * 1. The console's "Connect Kite" is GET /api/admin/broker/kite/login. It answers a redirect to
 *    KITE_LOGIN_URL?v=3&api_key=…&redirect_params=<state=…>. The state is an HMAC (the secrets key) over the
 *    admin's session id, a random nonce and an expiry ten minutes on: nothing is stored, and it can only be
 *    used back in the same admin session, before it expires.
 * 2. Kite sends the browser back to the registered redirect URL, GET /api/admin/broker/kite/callback, with
 *    request_token, status=success and the state. The state is checked (CSRF: a callback that the admin did
 *    not start in this session is refused) and the request token exchanged through the SDK for the access
 *    token (POST /session/token, whose checksum the SDK computes with the API secret).
 *
 * The callback is the one GET that changes state: an OAuth-style redirect cannot be a POST, and the state
 * check stands in for the Origin check (decision 015).
 */
import { createHmac, hkdfSync, randomBytes, timingSafeEqual } from "node:crypto";
import type { KiteLoginFailure } from "@kalpa/contracts/api/broker";
import type { KiteConfig } from "../../../config/app-config";
import type { BrokerSessionStore } from "../broker-sessions";
import type { KiteApi } from "./kite-api";
import { BROKER, kiteTokenExpiry } from "./kite-token";

export const LOGIN_STATE_TTL_MS = 10 * 60_000;

export class KiteLoginRefused extends Error {
  constructor(
    message: string,
    /** What the console is told (a code it words itself). */
    readonly code: KiteLoginFailure,
  ) {
    super(message);
    this.name = "KiteLoginRefused";
  }
}

export interface KiteLogin {
  /** Where the console's button sends the browser (Kite's login page). */
  loginUrl(sessionId: number, now: number): string;
  /** Kite's login page without a state: the command line's way (the operator pastes the request token). */
  plainLoginUrl(): string;
  /** Exchanges a request token and stores the session. Throws KiteLoginRefused. */
  exchange(requestToken: string, now: number): Promise<{ userId: string; expiresAt: number }>;
  /** Checks the callback and stores the session; answers the broker's user id. Throws KiteLoginRefused. */
  complete(
    query: { request_token?: string; status?: string; state?: string },
    sessionId: number,
    now: number,
  ): Promise<{ userId: string; expiresAt: number }>;
}

/** The login state's own key, derived from the secrets key (which also seals tokens: one key, one use each). */
export function loginStateKey(secretsKey: Buffer): Buffer {
  return Buffer.from(
    hkdfSync("sha256", secretsKey, Buffer.alloc(0), "kalpa/kite-login-state/v1", 32),
  );
}

function mac(key: Buffer, sessionId: number, nonce: string, expires: number): string {
  return createHmac("sha256", key)
    .update(`kite-login|${sessionId}|${nonce}|${expires}`)
    .digest("base64url");
}

/** India wall-clock text ("yyyy-mm-dd hh:mm:ss") to epoch ms. */
function parseKiteTime(text: string): number | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})$/.exec(text.trim());
  if (!match) return undefined;
  const [, y, mo, d, h, mi, s] = match.map(Number) as number[];
  return Date.UTC(y as number, (mo as number) - 1, d, h, mi, s) - (5 * 60 + 30) * 60_000;
}

export function createKiteLogin(options: {
  config: KiteConfig;
  api: KiteApi;
  sessions: BrokerSessionStore;
  secretsKey: Buffer;
}): KiteLogin {
  const { config, api, sessions } = options;
  const secretsKey = loginStateKey(options.secretsKey);
  const exchange = async (requestToken: string, now: number) => {
    let session: Awaited<ReturnType<KiteApi["generateSession"]>>;
    try {
      session = await api.generateSession(requestToken);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      throw new KiteLoginRefused(`Kite refused the login: ${message}`, "refused");
    }
    const loginAt = parseKiteTime(session.loginTime) ?? now;
    const expiresAt = kiteTokenExpiry(loginAt);
    await sessions.save(BROKER, {
      userId: session.userId,
      accessToken: session.accessToken,
      loginAt,
      expiresAt,
    });
    return { userId: session.userId, expiresAt };
  };
  return {
    exchange,
    plainLoginUrl() {
      const url = new URL(config.loginUrl);
      url.searchParams.set("v", "3");
      url.searchParams.set("api_key", config.apiKey);
      return url.toString();
    },
    loginUrl(sessionId, now) {
      const nonce = randomBytes(16).toString("base64url");
      const expires = now + LOGIN_STATE_TTL_MS;
      const state = `${nonce}.${expires}.${mac(secretsKey, sessionId, nonce, expires)}`;
      const url = new URL(config.loginUrl);
      url.searchParams.set("v", "3");
      url.searchParams.set("api_key", config.apiKey);
      url.searchParams.set("redirect_params", new URLSearchParams({ state }).toString());
      return url.toString();
    },
    async complete(query, sessionId, now) {
      if (query.status !== "success") {
        throw query.status === "cancelled"
          ? new KiteLoginRefused("The Kite login was cancelled.", "cancelled")
          : new KiteLoginRefused("Kite did not report a successful login.", "not-success");
      }
      const [nonce, expiresText, signature] = (query.state ?? "").split(".");
      const expires = Number(expiresText);
      const expected =
        nonce && Number.isFinite(expires) ? mac(secretsKey, sessionId, nonce, expires) : undefined;
      const given = Buffer.from(signature ?? "");
      const wanted = Buffer.from(expected ?? "");
      const valid =
        expected !== undefined && given.length === wanted.length && timingSafeEqual(given, wanted);
      if (!valid) {
        throw new KiteLoginRefused(
          "This Kite login was not started from this console session: press Connect Kite again.",
          "state",
        );
      }
      if (now > expires) {
        throw new KiteLoginRefused(
          "The Kite login took too long: press Connect Kite again.",
          "expired",
        );
      }
      const requestToken = query.request_token?.trim();
      if (!requestToken) throw new KiteLoginRefused("Kite sent no request token.", "no-token");
      return exchange(requestToken, now);
    },
  };
}
