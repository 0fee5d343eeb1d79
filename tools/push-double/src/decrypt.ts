/**
 * Decryption of push message bodies, as the user agent does it on arrival.
 *
 * RFC 8188 (the "aes128gcm" content coding): the body starts with a header
 *
 *   salt (16) | rs (4, uint32 big-endian) | idlen (1) | keyid (idlen)
 *
 * followed by records of `rs` bytes each (the last may be shorter), each one AES-128-GCM ciphertext
 * with its 16-byte tag, no additional data. From the input keying material (IKM):
 *
 *   CEK   = HKDF-SHA-256(salt, IKM, "Content-Encoding: aes128gcm" || 0x00, 16)
 *   NONCE = HKDF-SHA-256(salt, IKM, "Content-Encoding: nonce" || 0x00, 12) XOR SEQ
 *
 * where SEQ is the record's index as a 96-bit big-endian number. Each record's plaintext ends with a
 * padding delimiter (2 in the last record, 1 in the others) followed by any number of zero bytes.
 *
 * RFC 8291 (Web Push) fixes the IKM: the keyid is the application server's ephemeral P-256 public key
 * (65 bytes, uncompressed), and
 *
 *   IKM = HKDF-SHA-256(auth_secret, ECDH(ua_private, as_public),
 *                      "WebPush: info" || 0x00 || ua_public || as_public, 32)
 *
 * It also requires a single record whose size is below `rs` (section 4).
 */
import { createDecipheriv, createECDH, type ECDH, hkdfSync } from "node:crypto";
import { AUTH_SECRET_BYTES, P256_POINT_BYTES, type UserAgentKeys } from "./browser-keys";

export class PushDecryptError extends Error {
  override readonly name = "PushDecryptError";
}

/** The fixed part of the header: salt, rs and idlen. */
export const HEADER_FIXED_BYTES = 21;
/** The header of a Web Push body: the fixed part and a 65-byte key. */
export const WEB_PUSH_HEADER_BYTES = HEADER_FIXED_BYTES + P256_POINT_BYTES;
export const TAG_BYTES = 16;
/** RFC 8188 section 2.1: "Values smaller than 18 are invalid." */
export const MIN_RECORD_SIZE = 18;

const CEK_INFO = Buffer.from("Content-Encoding: aes128gcm\0", "latin1");
const NONCE_INFO = Buffer.from("Content-Encoding: nonce\0", "latin1");
const KEY_INFO_LABEL = Buffer.from("WebPush: info\0", "latin1");

export interface Aes128gcmHeader {
  readonly salt: Buffer;
  readonly rs: number;
  readonly keyid: Buffer;
  /** The header's length in bytes: where the first record starts. */
  readonly length: number;
}

function asBuffer(bytes: Uint8Array): Buffer {
  return Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length);
}

/** Reads the RFC 8188 header at the start of `body`; throws on a malformed one. */
export function parseAes128gcmHeader(body: Uint8Array): Aes128gcmHeader {
  const buffer = asBuffer(body);
  if (buffer.length < HEADER_FIXED_BYTES) {
    throw new PushDecryptError(
      `the body is ${buffer.length} bytes, shorter than the aes128gcm header's fixed ${HEADER_FIXED_BYTES} (salt 16, rs 4, idlen 1)`,
    );
  }
  const rs = buffer.readUInt32BE(16);
  if (rs < MIN_RECORD_SIZE) {
    throw new PushDecryptError(
      `the record size rs=${rs} is below the minimum of ${MIN_RECORD_SIZE}`,
    );
  }
  const idlen = buffer[20] as number;
  const length = HEADER_FIXED_BYTES + idlen;
  if (buffer.length < length) {
    throw new PushDecryptError(
      `the header's keyid of ${idlen} bytes runs past the end of a ${buffer.length}-byte body`,
    );
  }
  return {
    salt: buffer.subarray(0, 16),
    rs,
    keyid: buffer.subarray(HEADER_FIXED_BYTES, length),
    length,
  };
}

/** RFC 8188 sections 2.2 and 2.3: the content encryption key and the base nonce. */
export function deriveKeyAndNonce(
  ikm: Uint8Array,
  salt: Uint8Array,
): { readonly cek: Buffer; readonly nonce: Buffer } {
  return {
    cek: Buffer.from(hkdfSync("sha256", ikm, salt, CEK_INFO, 16)),
    nonce: Buffer.from(hkdfSync("sha256", ikm, salt, NONCE_INFO, 12)),
  };
}

function recordNonce(base: Buffer, seq: number): Buffer {
  if (seq === 0) return base;
  const nonce = Buffer.from(base);
  // SEQ is a 96-bit big-endian integer; a record index fits in the low 32 bits.
  for (let i = 0; i < 4; i++) {
    nonce[11 - i] = (nonce[11 - i] as number) ^ ((seq >>> (8 * i)) & 0xff);
  }
  return nonce;
}

/** Decrypts the records after the header and strips their padding (RFC 8188 section 2). */
export function decryptRecords(
  records: Uint8Array,
  rs: number,
  cek: Uint8Array,
  baseNonce: Uint8Array,
): Buffer {
  const ciphertext = asBuffer(records);
  if (ciphertext.length === 0) {
    throw new PushDecryptError(
      "there are no records after the header: the last record, with padding delimiter 2, is missing",
    );
  }
  const count = Math.ceil(ciphertext.length / rs);
  const base = Buffer.from(baseNonce);
  const parts: Buffer[] = [];
  for (let seq = 0; seq < count; seq++) {
    const start = seq * rs;
    const record = ciphertext.subarray(start, Math.min(start + rs, ciphertext.length));
    const last = seq === count - 1;
    if (record.length < TAG_BYTES + 1) {
      throw new PushDecryptError(
        `record ${seq} is ${record.length} bytes; a record holds at least a padding delimiter and the ${TAG_BYTES}-byte tag`,
      );
    }
    const decipher = createDecipheriv("aes-128-gcm", cek, recordNonce(base, seq));
    decipher.setAuthTag(record.subarray(record.length - TAG_BYTES));
    let plain: Buffer;
    try {
      const head = decipher.update(record.subarray(0, record.length - TAG_BYTES));
      const tail = decipher.final();
      plain = tail.length === 0 ? head : Buffer.concat([head, tail]);
    } catch {
      throw new PushDecryptError(
        `record ${seq} fails AES-128-GCM authentication: the wrong key, the wrong salt, or a modified body`,
      );
    }
    let delimiterAt = plain.length - 1;
    while (delimiterAt >= 0 && plain[delimiterAt] === 0) delimiterAt--;
    if (delimiterAt < 0) {
      throw new PushDecryptError(
        `record ${seq} has no padding delimiter: all ${plain.length} of its bytes are zero`,
      );
    }
    const delimiter = plain[delimiterAt];
    const expected = last ? 2 : 1;
    if (delimiter !== expected) {
      throw new PushDecryptError(
        last
          ? `the last record (${seq}) ends with padding delimiter ${delimiter}, not 2${delimiter === 1 ? ": the body is truncated" : ""}`
          : `record ${seq} is not the last but its padding delimiter is ${delimiter}, not 1`,
      );
    }
    parts.push(plain.subarray(0, delimiterAt));
  }
  return parts.length === 1 ? (parts[0] as Buffer) : Buffer.concat(parts);
}

/**
 * Decrypts an RFC 8188 aes128gcm body with `key`: the input keying material itself, or a function
 * from the header's keyid to it (RFC 8188's own examples use a shared key directly).
 */
export function decryptAes128gcm(
  body: Uint8Array,
  key: Uint8Array | ((keyid: Buffer) => Uint8Array),
): Buffer {
  const header = parseAes128gcmHeader(body);
  const ikm = typeof key === "function" ? key(header.keyid) : key;
  const { cek, nonce } = deriveKeyAndNonce(ikm, header.salt);
  return decryptRecords(asBuffer(body).subarray(header.length), header.rs, cek, nonce);
}

/** RFC 8291 section 3.3: the IKM for RFC 8188 from the ECDH secret and the auth secret. */
export function webPushInputKeyingMaterial(
  ecdhSecret: Uint8Array,
  authSecret: Uint8Array,
  uaPublic: Uint8Array,
  asPublic: Uint8Array,
): Buffer {
  const keyInfo = Buffer.concat([KEY_INFO_LABEL, uaPublic, asPublic]);
  return Buffer.from(hkdfSync("sha256", ecdhSecret, authSecret, keyInfo, 32));
}

/** One ECDH object per private key: setting a key derives its public point, which is not free. */
const ecdhByKey = new WeakMap<Uint8Array, ECDH>();

function ecdhFor(privateKey: Uint8Array): ECDH {
  let ecdh = ecdhByKey.get(privateKey);
  if (ecdh === undefined) {
    ecdh = createECDH("prime256v1");
    ecdh.setPrivateKey(privateKey);
    ecdhByKey.set(privateKey, ecdh);
  }
  return ecdh;
}

/** RFC 8291 section 3.1: ECDH(ua_private, as_public); throws when as_public is not on P-256. */
export function webPushSharedSecret(uaPrivate: Uint8Array, asPublic: Uint8Array): Buffer {
  try {
    return ecdhFor(uaPrivate).computeSecret(asPublic);
  } catch {
    throw new PushDecryptError(
      "the keyid is not a point on P-256, so no shared secret can be derived from it",
    );
  }
}

/**
 * Decrypts a Web Push message body (RFC 8291) with the subscription's private key and auth secret:
 * the plaintext bytes.
 */
export function decryptWebPush(body: Uint8Array, userAgent: UserAgentKeys): Buffer {
  const header = parseAes128gcmHeader(body);
  const asPublic = header.keyid;
  if (asPublic.length !== P256_POINT_BYTES || asPublic[0] !== 0x04) {
    throw new PushDecryptError(
      `the keyid is ${asPublic.length} bytes${asPublic.length > 0 ? ` starting 0x${(asPublic[0] as number).toString(16).padStart(2, "0")}` : ""}; RFC 8291 section 4 puts the application server's uncompressed P-256 key there (65 bytes starting 0x04)`,
    );
  }
  if (userAgent.authSecret.length !== AUTH_SECRET_BYTES) {
    throw new PushDecryptError(`the auth secret is ${userAgent.authSecret.length} bytes, not 16`);
  }
  const records = asBuffer(body).subarray(header.length);
  if (records.length >= header.rs) {
    throw new PushDecryptError(
      `the ${records.length} bytes after the header do not fit in one record of rs=${header.rs}; RFC 8291 section 4 requires a single record smaller than rs`,
    );
  }
  const secret = webPushSharedSecret(userAgent.privateKey, asPublic);
  const ikm = webPushInputKeyingMaterial(
    secret,
    userAgent.authSecret,
    userAgent.publicKey,
    asPublic,
  );
  const { cek, nonce } = deriveKeyAndNonce(ikm, header.salt);
  return decryptRecords(records, header.rs, cek, nonce);
}

/** `decryptWebPush` as UTF-8 text. */
export function decryptWebPushText(body: Uint8Array, userAgent: UserAgentKeys): string {
  return decryptWebPush(body, userAgent).toString("utf8");
}
