/**
 * The link in every alert e-mail that stops them without signing in (RFC 8058 one-click and RFC 2369's
 * List-Unsubscribe). Its token names the account and carries an HMAC of it under a key derived from the
 * secrets key, so it cannot be made for someone else's account and needs nothing stored. It stops alert
 * e-mails only; a GET of the link shows a page that asks first (mail scanners fetch links), and the mail
 * provider's or the page's POST does it.
 */
import { createHmac, hkdfSync, timingSafeEqual } from "node:crypto";

/** The page (GET) and the one-click endpoint (POST) share this path. */
export const UNSUBSCRIBE_PATH = "/alerts/unsubscribe";

export interface UnsubscribeTokens {
  tokenFor(userId: number): string;
  /** The account a token names, or undefined when it was not made with this key. */
  userOf(token: string): number | undefined;
  /** The link for a mail: the page, and the URL a mail provider POSTs to. */
  urlFor(userId: number): string;
}

export function createUnsubscribeTokens(
  secretsKey: Buffer,
  publicOrigin: string,
): UnsubscribeTokens {
  // A key of its own (the secrets key also seals the broker's token: one key, one use each).
  const key = Buffer.from(
    hkdfSync("sha256", secretsKey, "", "kalpa alert e-mail unsubscribe v1", 32),
  );
  const macOf = (userId: number) =>
    createHmac("sha256", key).update(`email-alerts:${userId}`).digest();
  const tokenFor = (userId: number) => `${userId}.${macOf(userId).toString("base64url")}`;
  return {
    tokenFor,
    userOf(token) {
      const match = /^(\d{1,15})\.[A-Za-z0-9_-]{43}$/.exec(token);
      if (!match) return undefined;
      const userId = Number(match[1]);
      // The whole token against the one this key makes, byte for byte (base64url's last character has
      // spare bits: comparing decoded bytes would take more than one spelling of it).
      const expected = Buffer.from(tokenFor(userId));
      const given = Buffer.from(token);
      return given.length === expected.length && timingSafeEqual(given, expected)
        ? userId
        : undefined;
    },
    urlFor: (userId) => `${publicOrigin}${UNSUBSCRIBE_PATH}?token=${tokenFor(userId)}`,
  };
}
