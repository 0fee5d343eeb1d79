/**
 * base64url without padding (RFC 4648 section 5), the encoding every Web Push value travels in: the
 * subscription's `p256dh` and `auth`, the VAPID `k` and the JWT's three parts. Node's decoder skips
 * characters outside the alphabet silently, so values are checked before they are decoded.
 */

const ALPHABET = /^[A-Za-z0-9_-]*$/;

export function toBase64Url(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("base64url");
}

/** The bytes of `text`, or undefined when it is not base64url (trailing `=` padding is tolerated). */
export function tryFromBase64Url(text: string): Buffer | undefined {
  let end = text.length;
  while (end > 0 && text.charCodeAt(end - 1) === 61 /* = */) end--;
  const bare = end === text.length ? text : text.slice(0, end);
  // A length of 1 (mod 4) leaves 6 bits over: no byte string encodes to it.
  if (!ALPHABET.test(bare) || bare.length % 4 === 1) return undefined;
  return Buffer.from(bare, "base64url");
}

/** The bytes of `text`; throws naming `what` when it is not base64url. */
export function fromBase64Url(text: string, what: string): Buffer {
  const bytes = tryFromBase64Url(text);
  if (bytes === undefined) throw new Error(`${what} is not base64url: "${text}"`);
  return bytes;
}
