// @ts-check
/**
 * Checks day bundles (docs/record-format.md): a bundle holds the entries one signed head covers (those
 * after the previous head, through this one), the previous head and this one. Each problem names the day,
 * the entry (seq) where the record stops being what was signed, and what is wrong there.
 */
import { entryHash, GENESIS_HASH } from "./chain.js";
import {
  HEAD_KIND,
  HEAD_VERSION,
  headMessage,
  headSignatureValid,
  unwrapEnvelope,
} from "./head.js";
import { imprintMatches, readTimeStampToken, tokenSignatureProblem } from "./timestamp.js";

/**
 * @typedef {import("./chain.js").LedgerEntry} LedgerEntry
 * @typedef {import("./head.js").HeadRef} HeadRef
 * @typedef {import("./head.js").SignedHead} SignedHead
 */

/**
 * @typedef {object} DayBundle
 * @property {1} v
 * @property {string} day
 * @property {string} keyId The id of the key that signed the heads.
 * @property {SignedHead | null} prevHead The head published before this day's; null for the first day.
 * @property {SignedHead} head
 * @property {LedgerEntry[]} entries Those after prevHead, through head, in sequence order.
 */

/**
 * @typedef {"format" | "key" | "signature" | "prev" | "missing" | "order" | "relinked" | "edited" | "head" | "gap" | "fork" | "duplicate" | "timestamp"} ProblemCode
 */

/**
 * @typedef {object} Problem
 * @property {string} day
 * @property {number | null} seq The entry where the problem shows; null when it concerns no one entry.
 * @property {ProblemCode} code
 * @property {string} message
 */

/**
 * @typedef {object} BundleVerdict
 * @property {string} day
 * @property {boolean} ok
 * @property {number} entries
 * @property {HeadRef | null} head
 * @property {TimeStampVerdict | null} timestamp The head's RFC 3161 time-stamp, when the bundle has one.
 * @property {Problem[]} problems The earliest first.
 */

/**
 * @typedef {object} TimeStampVerdict
 * @property {string} genTime When the authority stamped the head (ISO 8601, UTC).
 * @property {boolean} authorityChecked Whether the authority's signature was checked (a certificate was
 *   given); without one, only that the token stamps this head's message.
 */

/**
 * @typedef {object} VerifyOptions
 * @property {import("node:crypto").X509Certificate} [tsaCertificate] The time-stamping authority's
 *   certificate: with it, a token's CMS signature is checked too.
 */

/**
 * @typedef {object} RunVerdict
 * @property {boolean} ok
 * @property {BundleVerdict[]} days In day order.
 * @property {Problem[]} problems In day order; within a day, how it follows the day before, then its own.
 */

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const HEX64 = /^[0-9a-f]{64}$/;

/** @param {unknown} value */
const isObject = (value) => typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * @param {unknown} value
 * @returns {value is HeadRef}
 */
function isHeadRef(value) {
  if (!isObject(value)) return false;
  const ref = /** @type {Record<string, unknown>} */ (value);
  return (
    typeof ref.day === "string" &&
    DAY.test(ref.day) &&
    Number.isInteger(ref.seq) &&
    typeof ref.hash === "string" &&
    HEX64.test(ref.hash)
  );
}

/**
 * What is wrong with a signed head's shape, or undefined when it is one.
 * @param {unknown} value
 * @returns {string | undefined}
 */
function headShapeProblem(value) {
  if (!isHeadRef(value)) return "is not a head (day, seq, hash)";
  const head = /** @type {Record<string, unknown>} */ (value);
  if (head.v !== HEAD_VERSION || head.kind !== HEAD_KIND) {
    return `is not a version ${HEAD_VERSION} ${HEAD_KIND}`;
  }
  if (head.prev !== null && !isHeadRef(head.prev)) return "names no readable previous head";
  if (!Number.isInteger(head.publishedAt)) return "has no publishedAt";
  if (typeof head.signature !== "string" || head.signature === "") return "is not signed";
  if (typeof head.keyId !== "string") return "names no key";
  return undefined;
}

/**
 * @param {unknown} value
 * @returns {string | undefined}
 */
function entryShapeProblem(value) {
  if (!isObject(value)) return "is not an object";
  const entry = /** @type {Record<string, unknown>} */ (value);
  if (!Number.isInteger(entry.seq)) return "has no seq";
  if (typeof entry.day !== "string" || typeof entry.kind !== "string") return "has no day or kind";
  if (typeof entry.prevHash !== "string" || typeof entry.hash !== "string") return "has no hashes";
  if (!("content" in entry)) return "has no content";
  return undefined;
}

/** @param {HeadRef | null | undefined} ref */
function describe(ref) {
  return ref ? `${ref.day} (seq ${ref.seq}, hash ${ref.hash.slice(0, 12)}…)` : "none";
}

/**
 * @param {HeadRef | null | undefined} a
 * @param {HeadRef | null | undefined} b
 */
function sameRef(a, b) {
  if (!a || !b) return !a && !b;
  return a.day === b.day && a.seq === b.seq && a.hash === b.hash;
}

/**
 * Checks one day bundle against the operator's key: both heads' signatures, that the bundle's previous head
 * is the one this head names, the entries' chain from the previous head (sequence without gaps, each linked
 * to the one before, each matching its hash), and that the last entry is the signed head.
 * @param {unknown} input A bundle (or the API's answer holding one).
 * @param {{ keyId: string, key: import("node:crypto").KeyObject }} operatorKey From readKeyDocument.
 * @param {VerifyOptions} [options]
 * @returns {BundleVerdict}
 */
export function verifyBundle(input, operatorKey, options = {}) {
  const value = unwrapEnvelope(input);
  const raw = /** @type {Record<string, unknown>} */ (isObject(value) ? value : {});
  const day = typeof raw.day === "string" ? raw.day : "?";
  /** @type {Problem[]} */
  const problems = [];
  /** @param {Omit<Problem, "day">} problem */
  const fail = (problem) => problems.push({ day, ...problem });
  /** @type {TimeStampVerdict | null} */
  let timestamp = null;
  /** @returns {BundleVerdict} */
  const verdict = () => ({
    day,
    ok: problems.length === 0,
    entries: Array.isArray(raw.entries) ? raw.entries.length : 0,
    head: isHeadRef(raw.head)
      ? { day: raw.head.day, seq: raw.head.seq, hash: raw.head.hash }
      : null,
    timestamp,
    problems,
  });

  if (!isObject(value) || !DAY.test(day)) {
    fail({ seq: null, code: "format", message: "not a day bundle (no day)" });
    return verdict();
  }
  const headProblem = headShapeProblem(raw.head);
  if (headProblem) {
    fail({ seq: null, code: "format", message: `the day's head ${headProblem}` });
    return verdict();
  }
  const head = /** @type {SignedHead} */ (raw.head);
  if (head.day !== day) {
    fail({
      seq: head.seq,
      code: "format",
      message: `the bundle of ${day} holds the head of ${head.day}`,
    });
  }
  const prevProblem = raw.prevHead === null ? undefined : headShapeProblem(raw.prevHead);
  if (prevProblem) {
    fail({ seq: null, code: "format", message: `the previous head ${prevProblem}` });
    return verdict();
  }
  const prevHead = /** @type {SignedHead | null} */ (raw.prevHead);
  if (!Array.isArray(raw.entries)) {
    fail({ seq: null, code: "format", message: "the bundle holds no entries list" });
    return verdict();
  }

  // The signatures: a head signed by another key, or altered after signing, is not the operator's.
  for (const [label, signed] of /** @type {const} */ ([
    ["the head", head],
    ["the previous head", prevHead],
  ])) {
    if (!signed) continue;
    if (signed.keyId !== operatorKey.keyId) {
      fail({
        seq: signed.seq,
        code: "key",
        message: `${label} (${signed.day}) is signed by key ${signed.keyId}, not the operator's key ${operatorKey.keyId}`,
      });
    } else if (!headSignatureValid(signed, operatorKey.key)) {
      fail({
        seq: signed.seq,
        code: "signature",
        message: `${label}'s signature (${signed.day}, seq ${signed.seq}) does not verify with the operator's key`,
      });
    }
  }
  // The time-stamp, when there is one: the authority stamped this very head's message.
  const token = /** @type {{ timestamp?: unknown }} */ (head).timestamp;
  if (token !== undefined && token !== null) {
    timestamp = checkTimeStamp(token, head, options, fail);
  }
  if (!sameRef(head.prev, prevHead)) {
    fail({
      seq: null,
      code: "prev",
      message: `the head names ${describe(head.prev)} as the previous head, but the bundle holds ${describe(prevHead)}`,
    });
  }

  // The entries, from the previous head the signed head names.
  const from = head.prev;
  /** @type {{ seq: number, hash: string }} */
  let previous = from ? { seq: from.seq, hash: from.hash } : { seq: 0, hash: GENESIS_HASH };
  for (const [index, item] of raw.entries.entries()) {
    const shape = entryShapeProblem(item);
    if (shape) {
      fail({ seq: null, code: "format", message: `entry #${index + 1} of the bundle ${shape}` });
      return verdict();
    }
    const entry = /** @type {LedgerEntry} */ (item);
    const expected = previous.seq + 1;
    if (entry.seq > expected) {
      fail({
        seq: expected,
        code: "missing",
        message:
          entry.seq === expected + 1
            ? `entry ${expected} is missing (the next one is ${entry.seq})`
            : `entries ${expected} to ${entry.seq - 1} are missing (the next one is ${entry.seq})`,
      });
    } else if (entry.seq < expected) {
      fail({
        seq: entry.seq,
        code: "order",
        message: `entry ${entry.seq} is out of place (entry ${expected} was expected)`,
      });
    } else if (entry.prevHash !== previous.hash) {
      fail({
        seq: entry.seq,
        code: "relinked",
        message:
          expected === 1
            ? `entry 1 does not start the chain`
            : `entry ${entry.seq} does not follow entry ${previous.seq}`,
      });
    }
    let hash;
    try {
      hash = entryHash(entry);
    } catch {
      hash = undefined;
    }
    if (hash !== entry.hash) {
      fail({
        seq: entry.seq,
        code: "edited",
        message: `entry ${entry.seq} no longer matches its hash`,
      });
    }
    previous = { seq: entry.seq, hash: entry.hash };
  }

  // The signed head is the last entry: entries cut off the end, added after it or rewritten all show here.
  const covered = from ? from.seq : 0;
  if (raw.entries.length === 0 && head.seq !== covered) {
    fail({
      seq: covered + 1,
      code: "head",
      message: `entries ${covered + 1} to ${head.seq} are missing: the bundle holds none`,
    });
  } else if (previous.seq < head.seq) {
    fail({
      seq: previous.seq + 1,
      code: "head",
      message: `entries ${previous.seq + 1} to ${head.seq} are missing: the signed head is entry ${head.seq}`,
    });
  } else if (previous.seq > head.seq) {
    fail({
      seq: head.seq + 1,
      code: "head",
      message: `entries ${head.seq + 1} to ${previous.seq} follow the signed head (entry ${head.seq})`,
    });
  } else if (previous.hash !== head.hash) {
    fail({
      seq: head.seq,
      code: "head",
      message: `entry ${head.seq} is not the signed head: the chain was rewritten at or before it`,
    });
  }
  // Those that concern the whole day first, then the entries in order.
  problems.sort((a, b) => (a.seq === null ? 0 : 1) - (b.seq === null ? 0 : 1));
  return verdict();
}

/**
 * A head's time-stamp token: it must stamp SHA-256 (or the hash it names) of the head's message; with the
 * authority's certificate, its CMS signature must verify too.
 * @param {unknown} token Base64 of the DER TimeStampToken.
 * @param {SignedHead} head
 * @param {VerifyOptions} options
 * @param {(problem: Omit<Problem, "day">) => void} fail
 * @returns {TimeStampVerdict | null}
 */
function checkTimeStamp(token, head, options, fail) {
  const seq = head.seq;
  if (typeof token !== "string") {
    fail({ seq, code: "timestamp", message: "the head's time-stamp is not base64 text" });
    return null;
  }
  let parsed;
  try {
    parsed = readTimeStampToken(Buffer.from(token, "base64"));
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    fail({
      seq,
      code: "timestamp",
      message: `the head's time-stamp is not an RFC 3161 token: ${reason}`,
    });
    return null;
  }
  const genTime = parsed.info.genTime.toISOString();
  if (!imprintMatches(parsed.info, headMessage(head))) {
    fail({
      seq,
      code: "timestamp",
      message: `the time-stamp (${genTime}) is for another message than this head's`,
    });
    return null;
  }
  if (!options.tsaCertificate) return { genTime, authorityChecked: false };
  const problem = tokenSignatureProblem(parsed, options.tsaCertificate);
  if (problem) {
    fail({ seq, code: "timestamp", message: problem });
    return null;
  }
  return { genTime, authorityChecked: true };
}

/**
 * Checks bundles as a run of days: each one on its own, then that each day's previous head is the head of
 * the bundle before it. A day left out, or a day's head replaced, shows where the run breaks. The first
 * bundle's previous head is taken as signed (a run may start anywhere in the record).
 * @param {readonly unknown[]} bundles
 * @param {{ keyId: string, key: import("node:crypto").KeyObject }} operatorKey
 * @param {VerifyOptions} [options]
 * @returns {RunVerdict}
 */
export function verifyRun(bundles, operatorKey, options = {}) {
  const days = bundles
    .map((bundle) => ({
      bundle: unwrapEnvelope(bundle),
      verdict: verifyBundle(bundle, operatorKey, options),
    }))
    .sort((a, b) => (a.verdict.day < b.verdict.day ? -1 : a.verdict.day > b.verdict.day ? 1 : 0));
  /** @type {Problem[]} */
  const between = [];
  for (let i = 1; i < days.length; i += 1) {
    const before = /** @type {(typeof days)[number]} */ (days[i - 1]);
    const after = /** @type {(typeof days)[number]} */ (days[i]);
    const earlier = before.verdict.head;
    const named = /** @type {{ head?: SignedHead }} */ (after.bundle).head?.prev ?? null;
    if (!earlier || !after.verdict.head) continue;
    const day = after.verdict.day;
    if (before.verdict.day === day) {
      between.push({ day, seq: null, code: "duplicate", message: `${day} is given twice` });
    } else if (named === null) {
      between.push({
        day,
        seq: null,
        code: "fork",
        message: `${day}'s head names no previous head, but ${before.verdict.day} comes before it`,
      });
    } else if (named.day > earlier.day) {
      between.push({
        day,
        seq: named.seq,
        code: "gap",
        message: `${named.day} is missing: ${day}'s head follows ${describe(named)}, not ${describe(earlier)}`,
      });
    } else if (!sameRef(named, earlier)) {
      between.push({
        day,
        seq: named.seq,
        code: "fork",
        message: `${day}'s head follows ${describe(named)}, not the head of ${before.verdict.day}, ${describe(earlier)}`,
      });
    }
  }
  // In day order; within a day, how it follows the day before, then its own (as verifyBundle orders them).
  const placed = new Set();
  const problems = days.flatMap(({ verdict }) => {
    const first = !placed.has(verdict.day);
    placed.add(verdict.day);
    return [
      ...(first ? between.filter((problem) => problem.day === verdict.day) : []),
      ...verdict.problems,
    ];
  });
  return { ok: problems.length === 0, days: days.map(({ verdict }) => verdict), problems };
}
