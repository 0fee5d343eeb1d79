// @ts-check
/**
 * Just enough DER (ITU-T X.690) to write an RFC 3161 time-stamp request and to read the authority's answer
 * and token: tag-length-value nodes with low tag numbers and definite lengths, which is all DER allows for
 * the structures used here. Node built-ins only, so the verifier keeps running without npm packages.
 */

/**
 * @typedef {object} DerNode
 * @property {number} tag The identifier octet (class, constructed bit and tag number together).
 * @property {Buffer} bytes The whole encoding, identifier and length included.
 * @property {Buffer} content The contents octets.
 */

export const TAG = {
  BOOLEAN: 0x01,
  INTEGER: 0x02,
  BIT_STRING: 0x03,
  OCTET_STRING: 0x04,
  NULL: 0x05,
  OID: 0x06,
  UTF8_STRING: 0x0c,
  SEQUENCE: 0x30,
  SET: 0x31,
  GENERALIZED_TIME: 0x18,
};

/** A context-specific tag: `[n]`, constructed (EXPLICIT, or IMPLICIT over a constructed type) or not. */
export const context = (/** @type {number} */ n, constructed = true) =>
  0x80 | (constructed ? 0x20 : 0) | n;

export class DerError extends Error {}

/**
 * Reads the node at `offset`.
 * @param {Buffer} buffer
 * @param {number} [offset]
 * @returns {DerNode}
 */
export function readNode(buffer, offset = 0) {
  if (offset + 2 > buffer.length) throw new DerError("DER ends early");
  const tag = /** @type {number} */ (buffer[offset]);
  if ((tag & 0x1f) === 0x1f) throw new DerError("DER with a high tag number");
  let length = /** @type {number} */ (buffer[offset + 1]);
  let header = 2;
  if (length & 0x80) {
    const count = length & 0x7f;
    if (count === 0) throw new DerError("BER's indefinite length is not DER");
    if (count > 4 || offset + 2 + count > buffer.length) throw new DerError("DER length too large");
    length = 0;
    for (let i = 0; i < count; i += 1) {
      length = length * 256 + /** @type {number} */ (buffer[offset + 2 + i]);
    }
    header += count;
  }
  const end = offset + header + length;
  if (end > buffer.length) throw new DerError("DER value runs past its end");
  return {
    tag,
    bytes: buffer.subarray(offset, end),
    content: buffer.subarray(offset + header, end),
  };
}

/**
 * The whole buffer as one node (nothing may follow it).
 * @param {Buffer} buffer
 * @returns {DerNode}
 */
export function readDer(buffer) {
  const node = readNode(buffer, 0);
  if (node.bytes.length !== buffer.length) throw new DerError("bytes follow the DER value");
  return node;
}

/**
 * A constructed node's children.
 * @param {DerNode} node
 * @returns {DerNode[]}
 */
export function children(node) {
  if (!(node.tag & 0x20)) throw new DerError("not a constructed DER value");
  /** @type {DerNode[]} */
  const items = [];
  let offset = 0;
  while (offset < node.content.length) {
    const child = readNode(node.content, offset);
    items.push(child);
    offset += child.bytes.length;
  }
  return items;
}

/**
 * @param {DerNode | undefined} node
 * @param {number} tag
 * @param {string} what
 * @returns {DerNode}
 */
export function expect(node, tag, what) {
  if (!node || node.tag !== tag) throw new DerError(`${what} is missing or malformed`);
  return node;
}

/**
 * @param {DerNode} node An OBJECT IDENTIFIER.
 * @returns {string} Dotted.
 */
export function readOid(node) {
  const arcs = [];
  let value = 0n;
  for (const byte of node.content) {
    value = (value << 7n) | BigInt(byte & 0x7f);
    if (!(byte & 0x80)) {
      arcs.push(value);
      value = 0n;
    }
  }
  const first = /** @type {bigint} */ (arcs[0] ?? 0n);
  const head = first < 80n ? [first / 40n, first % 40n] : [2n, first - 80n];
  return [...head, ...arcs.slice(1)].join(".");
}

/**
 * @param {DerNode} node An INTEGER (non-negative here: serial numbers, nonces, versions).
 * @returns {bigint}
 */
export function readInteger(node) {
  const hex = node.content.toString("hex");
  return hex === "" ? 0n : BigInt(`0x${hex}`);
}

/**
 * @param {DerNode} node A GeneralizedTime, "YYYYMMDDHHMMSS[.f…]Z" as RFC 3161 §2.4.2 requires.
 * @returns {Date}
 */
export function readGeneralizedTime(node) {
  const text = node.content.toString("latin1");
  const match = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})(\.\d+)?Z$/.exec(text);
  if (!match) throw new DerError(`genTime ${JSON.stringify(text)} is not a UTC GeneralizedTime`);
  const [, year, month, day, hour, minute, second, fraction = ""] = match;
  const ms = fraction === "" ? 0 : Math.floor(Number(`0${fraction}`) * 1000);
  return new Date(
    Date.UTC(
      Number(year),
      Number(month) - 1,
      Number(day),
      Number(hour),
      Number(minute),
      Number(second),
      ms,
    ),
  );
}

/**
 * Encodes one node.
 * @param {number} tag
 * @param {Buffer} content
 * @returns {Buffer}
 */
export function encode(tag, content) {
  const length = content.length;
  /** @type {number[]} */
  let header;
  if (length < 0x80) header = [tag, length];
  else {
    const octets = [];
    for (let rest = length; rest > 0; rest = Math.floor(rest / 256)) octets.unshift(rest % 256);
    header = [tag, 0x80 | octets.length, ...octets];
  }
  return Buffer.concat([Buffer.from(header), content]);
}

/** @param {...Buffer} items */
export const sequence = (...items) => encode(TAG.SEQUENCE, Buffer.concat(items));

/**
 * @param {bigint} value Non-negative.
 * @returns {Buffer}
 */
export function integer(value) {
  let hex = value.toString(16);
  if (hex.length % 2 === 1) hex = `0${hex}`;
  // A leading 1 bit would make it negative: DER keeps one zero byte before it.
  if (/^[89a-f]/.test(hex)) hex = `00${hex}`;
  return encode(TAG.INTEGER, Buffer.from(hex, "hex"));
}

/**
 * @param {string} dotted
 * @returns {Buffer}
 */
export function oid(dotted) {
  const arcs = dotted.split(".").map((arc) => BigInt(arc));
  const [a = 0n, b = 0n, ...rest] = arcs;
  /** @type {number[]} */
  const bytes = [];
  for (const arc of [a * 40n + b, ...rest]) {
    const groups = [];
    let value = arc;
    do {
      groups.unshift(Number(value & 0x7fn));
      value >>= 7n;
    } while (value > 0n);
    for (let i = 0; i < groups.length - 1; i += 1)
      groups[i] = /** @type {number} */ (groups[i]) | 0x80;
    bytes.push(...groups);
  }
  return encode(TAG.OID, Buffer.from(bytes));
}
