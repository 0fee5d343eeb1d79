// @ts-check
/**
 * Signed day heads and the operator's key (docs/record-format.md). A day's head names the chain's last entry
 * when the day was published and the head published before it; the operator signs the head's canonical JSON
 * with Ed25519. The key is published as its raw 32 bytes in base64; its id is the SHA-256 (hex) of those bytes.
 */
import { createPublicKey, sign, verify } from "node:crypto";
import { canonicalJson, sha256Hex } from "./chain.js";

export const HEAD_KIND = "kalpa-ledger-head";
export const HEAD_VERSION = 1;
export const KEY_ALGORITHM = "Ed25519";

/**
 * A published head as a later one names it.
 * @typedef {object} HeadRef
 * @property {string} day
 * @property {number} seq
 * @property {string} hash
 */

/**
 * What the operator signs for a day.
 * @typedef {object} HeadMessage
 * @property {1} v
 * @property {"kalpa-ledger-head"} kind
 * @property {string} day The Asia/Kolkata market day (YYYY-MM-DD).
 * @property {number} seq The chain's last entry when the day was published.
 * @property {string} hash That entry's hash.
 * @property {HeadRef | null} prev The head published before this one; null for the first.
 * @property {number} publishedAt When the head was published (epoch milliseconds).
 */

/**
 * A head with its signature (base64 of the 64-byte Ed25519 signature over `headMessage`) and the signing
 * key's id; `timestamp`, when the operator has a time-stamping authority, is base64 of the DER RFC 3161
 * token stamping SHA-256 of `headMessage` (outside what is signed: it comes after the signature).
 * @typedef {HeadMessage & { signature: string, keyId: string, timestamp?: string | null }} SignedHead
 */

/**
 * The published public key.
 * @typedef {object} PublicKeyDocument
 * @property {"Ed25519"} algorithm
 * @property {string} publicKey The raw 32-byte public key, base64.
 * @property {string} keyId SHA-256 (hex) of the raw public key.
 */

/**
 * The exact text that is signed: the canonical JSON of the head's message fields, nothing else.
 * @param {HeadMessage} head
 * @returns {string}
 */
export function headMessage(head) {
  return canonicalJson({
    v: head.v,
    kind: head.kind,
    day: head.day,
    seq: head.seq,
    hash: head.hash,
    prev: head.prev ? { day: head.prev.day, seq: head.prev.seq, hash: head.prev.hash } : null,
    publishedAt: head.publishedAt,
  });
}

/**
 * The raw 32 bytes of an Ed25519 public key.
 * @param {import("node:crypto").KeyObject} key A public or private Ed25519 key.
 * @returns {Buffer}
 */
export function rawPublicKey(key) {
  const publicKey = key.type === "private" ? createPublicKey(key) : key;
  if (publicKey.asymmetricKeyType !== "ed25519") throw new TypeError("not an Ed25519 key");
  const { x } = publicKey.export({ format: "jwk" });
  return Buffer.from(/** @type {string} */ (x), "base64url");
}

/**
 * @param {Uint8Array} raw The raw public key.
 * @returns {string}
 */
export function keyIdOf(raw) {
  return sha256Hex(raw);
}

/**
 * The document published at /.well-known/kalpa-ledger-key.
 * @param {import("node:crypto").KeyObject} key A public or private Ed25519 key.
 * @returns {PublicKeyDocument}
 */
export function publicKeyDocument(key) {
  const raw = rawPublicKey(key);
  return { algorithm: KEY_ALGORITHM, publicKey: raw.toString("base64"), keyId: keyIdOf(raw) };
}

/**
 * The verifying key of a published key document. Throws when the document is not an Ed25519 key or its id
 * is not its key's.
 * @param {unknown} document
 * @returns {{ keyId: string, key: import("node:crypto").KeyObject }}
 */
export function readKeyDocument(document) {
  const doc = /** @type {Partial<PublicKeyDocument> | null} */ (unwrapEnvelope(document));
  if (typeof doc !== "object" || doc === null) throw new TypeError("the key is not a JSON object");
  if (doc.algorithm !== KEY_ALGORITHM) {
    throw new TypeError(`the key's algorithm is ${JSON.stringify(doc.algorithm)}, not "Ed25519"`);
  }
  const raw = typeof doc.publicKey === "string" ? Buffer.from(doc.publicKey, "base64") : undefined;
  if (raw?.length !== 32) throw new TypeError("the key's publicKey is not 32 bytes in base64");
  const keyId = keyIdOf(raw);
  if (doc.keyId !== undefined && doc.keyId !== keyId) {
    throw new TypeError(
      `the key's keyId ${doc.keyId} is not the SHA-256 of its publicKey (${keyId})`,
    );
  }
  const key = createPublicKey({
    key: { kty: "OKP", crv: "Ed25519", x: raw.toString("base64url") },
    format: "jwk",
  });
  return { keyId, key };
}

/**
 * Signs a head with the operator's private key.
 * @param {Omit<HeadMessage, "v" | "kind">} head
 * @param {import("node:crypto").KeyObject} privateKey
 * @returns {SignedHead}
 */
export function signHead(head, privateKey) {
  /** @type {HeadMessage} */
  const message = {
    v: HEAD_VERSION,
    kind: HEAD_KIND,
    day: head.day,
    seq: head.seq,
    hash: head.hash,
    prev: head.prev ? { day: head.prev.day, seq: head.prev.seq, hash: head.prev.hash } : null,
    publishedAt: head.publishedAt,
  };
  const signature = sign(null, Buffer.from(headMessage(message), "utf8"), privateKey);
  return {
    ...message,
    signature: signature.toString("base64"),
    keyId: keyIdOf(rawPublicKey(privateKey)),
  };
}

/**
 * Whether the head's signature is the key's over the head's message.
 * @param {HeadMessage & { signature: string }} head
 * @param {import("node:crypto").KeyObject} publicKey
 * @returns {boolean}
 */
export function headSignatureValid(head, publicKey) {
  const signature = Buffer.from(head.signature, "base64");
  if (signature.length !== 64) return false;
  try {
    return verify(null, Buffer.from(headMessage(head), "utf8"), publicKey, signature);
  } catch {
    return false;
  }
}

/**
 * A saved API answer (`{ success: true, data }`) is read as its data, so a response saved as it came
 * verifies as well as the bare document.
 * @param {unknown} value
 * @returns {unknown}
 */
export function unwrapEnvelope(value) {
  if (typeof value === "object" && value !== null && "success" in value && "data" in value) {
    return /** @type {{ data: unknown }} */ (value).data;
  }
  return value;
}
