/**
 * Request tokens and access tokens (docs/kite-connect-reference.md §1, §2, §4):
 *
 * - a request token is issued by the login page, works once, for 5 minutes;
 * - POST /session/token trades it, with checksum = sha256(api_key + request_token + api_secret) in
 *   lowercase hex, for an access token;
 * - an access token works until the first 06:00 India time after the login, on the real wall clock (the
 *   regulatory expiry is a real-world event, whatever the double's market clock says), or until logout or
 *   the expire-token control.
 */
import { createHash, timingSafeEqual } from "node:crypto";
import { nextSixAm } from "./kite-time";

export const REQUEST_TOKEN_TTL_MS = 5 * 60 * 1000;

export interface AccessSession {
  readonly accessToken: string;
  readonly publicToken: string;
  readonly enctoken: string;
  readonly apiKey: string;
  readonly userId: string;
  readonly loginAt: number;
  readonly expiresAt: number;
  /** Logged out, or expired by the control. */
  revoked: boolean;
}

export type Exchange =
  | { readonly ok: true; readonly session: AccessSession }
  | { readonly ok: false; readonly message: string };

export function checksumOf(apiKey: string, requestToken: string, apiSecret: string): string {
  return createHash("sha256")
    .update(apiKey + requestToken + apiSecret)
    .digest("hex");
}

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

export class AuthStore {
  readonly #apiKey: string;
  readonly #apiSecret: string;
  readonly #userId: string;
  readonly #now: () => number;
  readonly #token: () => string;
  /** Request token → when it stops working. */
  readonly #requests = new Map<string, number>();
  readonly #sessions = new Map<string, AccessSession>();
  #requestTokensIssued = 0;

  constructor(options: {
    apiKey: string;
    apiSecret: string;
    userId: string;
    now: () => number;
    token: () => string;
  }) {
    this.#apiKey = options.apiKey;
    this.#apiSecret = options.apiSecret;
    this.#userId = options.userId;
    this.#now = options.now;
    this.#token = options.token;
  }

  issueRequestToken(): string {
    const token = this.#token();
    this.#requests.set(token, this.#now() + REQUEST_TOKEN_TTL_MS);
    this.#requestTokensIssued += 1;
    return token;
  }

  /**
   * Trades a request token for a session. The token is looked up first (Kite needs it to find the login),
   * then the checksum; only a success uses the token up.
   */
  exchange(apiKey: string, requestToken: string, checksum: string): Exchange {
    const now = this.#now();
    const until = this.#requests.get(requestToken);
    if (apiKey !== this.#apiKey || until === undefined || until <= now) {
      if (until !== undefined && until <= now) this.#requests.delete(requestToken);
      return { ok: false, message: "Token is invalid or has expired." };
    }
    if (!sameText(checksum, checksumOf(apiKey, requestToken, this.#apiSecret))) {
      return { ok: false, message: "Invalid `checksum`." };
    }
    this.#requests.delete(requestToken);
    const session: AccessSession = {
      accessToken: this.#token(),
      publicToken: this.#token(),
      enctoken: this.#token(),
      apiKey,
      userId: this.#userId,
      loginAt: now,
      expiresAt: nextSixAm(now),
      revoked: false,
    };
    this.#sessions.set(session.accessToken, session);
    return { ok: true, session };
  }

  /** The live session of `accessToken` for `apiKey`, if it still works. */
  session(apiKey: string, accessToken: string): AccessSession | undefined {
    const session = this.#sessions.get(accessToken);
    if (!session || session.apiKey !== apiKey || session.revoked) return undefined;
    if (session.expiresAt <= this.#now()) return undefined;
    return session;
  }

  /** Logs a session out (DELETE /session/token). */
  invalidate(accessToken: string): void {
    const session = this.#sessions.get(accessToken);
    if (session) session.revoked = true;
  }

  /** Every access token issued so far stops working, as at 06:00. */
  expireAll(): number {
    let count = 0;
    for (const session of this.#sessions.values()) {
      if (!session.revoked) count += 1;
      session.revoked = true;
    }
    return count;
  }

  reset(): void {
    this.#requests.clear();
    this.#sessions.clear();
    this.#requestTokensIssued = 0;
  }

  counts() {
    const now = this.#now();
    let live = 0;
    for (const session of this.#sessions.values()) {
      if (!session.revoked && session.expiresAt > now) live += 1;
    }
    let pending = 0;
    for (const until of this.#requests.values()) if (until > now) pending += 1;
    return {
      requestTokensIssued: this.#requestTokensIssued,
      requestTokensPending: pending,
      accessTokensIssued: this.#sessions.size,
      accessTokensLive: live,
    };
  }
}
