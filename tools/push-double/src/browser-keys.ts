/**
 * What a browser does when a page subscribes to push (RFC 8291 sections 2 and 3.2): it makes a P-256
 * key pair and a 16-byte authentication secret for the subscription, hands the page the public key
 * (`p256dh`, the uncompressed point) and the secret (`auth`), both base64url, beside the push service's
 * endpoint, and keeps the private key to decrypt what arrives.
 */
import { createECDH, randomBytes } from "node:crypto";
import { fromBase64Url, toBase64Url } from "./base64url";

/** `PushSubscription.toJSON()` as a browser gives it to the page (and the page to its server). */
export interface PushSubscriptionJSON {
  readonly endpoint: string;
  readonly keys: { readonly p256dh: string; readonly auth: string };
}

/** The user agent's side of one subscription. */
export interface UserAgentKeys {
  /** The uncompressed P-256 point (65 bytes, 0x04 || x || y): `p256dh`. */
  readonly publicKey: Buffer;
  /** The private scalar (32 bytes). */
  readonly privateKey: Buffer;
  /** The authentication secret (16 bytes): `auth`. */
  readonly authSecret: Buffer;
}

/** A subscription as the browser holds it: the page's JSON plus the keys it never shares. */
export interface BrowserSubscription extends PushSubscriptionJSON {
  readonly userAgent: UserAgentKeys;
  /** The page's view, `{ endpoint, keys }`: what `JSON.stringify` writes. */
  toJSON(): PushSubscriptionJSON;
}

export const P256_POINT_BYTES = 65;
export const P256_SCALAR_BYTES = 32;
export const AUTH_SECRET_BYTES = 16;

function padScalar(scalar: Buffer): Buffer {
  if (scalar.length === P256_SCALAR_BYTES) return scalar;
  const padded = Buffer.alloc(P256_SCALAR_BYTES);
  scalar.copy(padded, P256_SCALAR_BYTES - scalar.length);
  return padded;
}

/** A fresh key pair and authentication secret, as a browser makes for each new subscription. */
export function generateUserAgentKeys(): UserAgentKeys {
  const ecdh = createECDH("prime256v1");
  const publicKey = ecdh.generateKeys();
  return {
    publicKey,
    privateKey: padScalar(ecdh.getPrivateKey()),
    authSecret: randomBytes(AUTH_SECRET_BYTES),
  };
}

/** Keys from a known private key and secret (raw bytes or base64url), e.g. RFC 8291's example. */
export function userAgentKeysFrom(
  privateKey: Uint8Array | string,
  authSecret: Uint8Array | string,
): UserAgentKeys {
  const scalar =
    typeof privateKey === "string"
      ? fromBase64Url(privateKey, "private key")
      : Buffer.from(privateKey);
  const secret =
    typeof authSecret === "string"
      ? fromBase64Url(authSecret, "auth secret")
      : Buffer.from(authSecret);
  if (scalar.length !== P256_SCALAR_BYTES) {
    throw new Error(`a P-256 private key is ${P256_SCALAR_BYTES} bytes, not ${scalar.length}`);
  }
  if (secret.length !== AUTH_SECRET_BYTES) {
    throw new Error(`an auth secret is ${AUTH_SECRET_BYTES} bytes, not ${secret.length}`);
  }
  const ecdh = createECDH("prime256v1");
  ecdh.setPrivateKey(scalar);
  return { publicKey: ecdh.getPublicKey(), privateKey: scalar, authSecret: secret };
}

/** The page's `{ endpoint, keys: { p256dh, auth } }` for these keys. */
export function subscriptionJSON(endpoint: string, keys: UserAgentKeys): PushSubscriptionJSON {
  return {
    endpoint,
    keys: { p256dh: toBase64Url(keys.publicKey), auth: toBase64Url(keys.authSecret) },
  };
}

/**
 * Subscribes as a browser would to a push service whose endpoint is `endpoint`: `{ endpoint, keys }`
 * for the application server, and `userAgent` (with the private key) for decrypting.
 */
export function subscriptionFor(
  endpoint: string,
  keys: UserAgentKeys = generateUserAgentKeys(),
): BrowserSubscription {
  const json = subscriptionJSON(endpoint, keys);
  return { ...json, userAgent: keys, toJSON: () => json };
}
