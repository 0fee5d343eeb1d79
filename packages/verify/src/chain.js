// @ts-check
/**
 * The ledger's hashing, shared by the server that writes the chain and the verifier that checks it, so the
 * two cannot drift apart: canonical JSON, and each entry's SHA-256 chained to the one before it
 * (docs/record-format.md).
 */
import { createHash } from "node:crypto";

/** The previous hash of the chain's first entry. */
export const GENESIS_HASH = "0".repeat(64);

/**
 * @typedef {object} LedgerEntry
 * @property {number} seq
 * @property {string} day The Asia/Kolkata day the entry belongs to (YYYY-MM-DD).
 * @property {string} kind
 * @property {unknown} content
 * @property {string} prevHash
 * @property {string} hash
 */

/**
 * JSON with object keys sorted and no whitespace: the same content always gives the same text. Refuses what
 * JSON cannot carry faithfully (undefined, functions, non-finite numbers), so a hash never covers a lossy
 * rendering.
 * @param {unknown} value
 * @returns {string}
 */
export function canonicalJson(value) {
  if (value === null || typeof value === "boolean" || typeof value === "string") {
    return JSON.stringify(value);
  }
  if (typeof value === "number") {
    if (!Number.isFinite(value)) throw new TypeError("canonicalJson: numbers must be finite");
    return JSON.stringify(value);
  }
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (value instanceof Date) return JSON.stringify(value.toISOString());
  if (typeof value === "object") {
    const entries = Object.entries(/** @type {Record<string, unknown>} */ (value))
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(",")}}`;
  }
  throw new TypeError(`canonicalJson: cannot encode a ${typeof value}`);
}

/** @param {string | Uint8Array} data Text (as UTF-8) or bytes. */
export function sha256Hex(data) {
  return createHash("sha256").update(data).digest("hex");
}

/**
 * The hash of an entry, chained to the previous one: SHA-256 (hex) of prevHash, seq, day, kind and the
 * content's canonical JSON, joined by newlines.
 * @param {Omit<LedgerEntry, "hash">} entry
 * @returns {string}
 */
export function entryHash(entry) {
  return sha256Hex(
    [entry.prevHash, entry.seq, entry.day, entry.kind, canonicalJson(entry.content)].join("\n"),
  );
}
