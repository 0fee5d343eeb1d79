/**
 * The signed record (docs/record-format.md): the operator's public key, the signed day heads and the day
 * bundles anyone can check offline with `kalpa-verify` (packages/verify). All public, cacheable and
 * rate-limited per client address.
 */
import * as z from "zod/mini";
import { DayKeySchema } from "../names";

export const LEDGER_MESSAGES = {
  noHead: "No head has been published for that day.",
} as const;

/**
 * GET /.well-known/kalpa-ledger-key: the key that signs the day heads, as a bare JSON document (not in
 * the API's envelope, so it can be saved and handed to the verifier as it is).
 */
export const LedgerKeySchema = z.object({
  algorithm: z.literal("Ed25519"),
  /** The raw 32-byte public key, base64. */
  publicKey: z.string(),
  /** SHA-256 (hex) of the raw public key. */
  keyId: z.string(),
});
export type LedgerKey = z.infer<typeof LedgerKeySchema>;

export const LEDGER_KEY_PATH = "/.well-known/kalpa-ledger-key";

/** A published head as a later head names it. */
export const LedgerHeadRefSchema = z.object({
  day: DayKeySchema,
  seq: z.number(),
  hash: z.string(),
});

/**
 * A day's signed head. `signature` is base64 of the Ed25519 signature over the canonical JSON of the other
 * fields but `keyId` and `timestamp`; a head published before heads were signed has neither (null) and no
 * `prev`. `timestamp` is base64 of the DER RFC 3161 token stamping SHA-256 of that signed message, when the
 * operator has a time-stamping authority and it answered (null otherwise, or until it does).
 */
export const SignedLedgerHeadSchema = z.object({
  v: z.literal(1),
  kind: z.literal("kalpa-ledger-head"),
  day: DayKeySchema,
  seq: z.number(),
  hash: z.string(),
  prev: z.nullable(LedgerHeadRefSchema),
  publishedAt: z.number(),
  signature: z.nullable(z.string()),
  keyId: z.nullable(z.string()),
  timestamp: z.nullable(z.string()),
});
export type SignedLedgerHead = z.infer<typeof SignedLedgerHeadSchema>;

export const LEDGER_HEADS_MAX_LIMIT = 1000;
export const LEDGER_HEADS_DEFAULT_LIMIT = 100;

/**
 * GET /api/ledger/heads?after&before&limit: the signed heads, newest first; `after` and `before` are days
 * (both excluded), `limit` at most 1000 (100 by default). To follow the feed, keep the newest day known and
 * ask for `after` it; a full page means more: ask again with `before` the oldest day of the page.
 */
export const LedgerHeadsQuerySchema = z.object({
  after: z.optional(DayKeySchema),
  before: z.optional(DayKeySchema),
  limit: z.optional(
    z.coerce.number().check(z.int(), z.minimum(1), z.maximum(LEDGER_HEADS_MAX_LIMIT)),
  ),
});
export type LedgerHeadsQuery = z.infer<typeof LedgerHeadsQuerySchema>;

export const ledgerHeadsEndpoint = {
  method: "GET",
  path: "/api/ledger/heads",
  response: z.array(SignedLedgerHeadSchema),
} as const;

export const LedgerDayParamsSchema = z.object({ day: DayKeySchema });

/** GET /api/ledger/heads/:day: one day's signed head (404 when none was published). */
export const ledgerHeadEndpoint = {
  method: "GET",
  path: "/api/ledger/heads/:day",
  response: SignedLedgerHeadSchema,
} as const;

/** A ledger entry as the chain holds it (content is the JSON the hash covers). */
export const LedgerEntrySchema = z.object({
  seq: z.number(),
  day: DayKeySchema,
  kind: z.string(),
  content: z.unknown(),
  prevHash: z.string(),
  hash: z.string(),
});

/**
 * GET /api/ledger/bundles/:day: what the day's head covers, to verify offline: the entries after the
 * previous head through this one, the previous head (null for the first day) and this one.
 */
export const LedgerBundleSchema = z.object({
  v: z.literal(1),
  day: DayKeySchema,
  keyId: z.nullable(z.string()),
  prevHead: z.nullable(SignedLedgerHeadSchema),
  head: SignedLedgerHeadSchema,
  entries: z.array(LedgerEntrySchema),
});
export type LedgerBundle = z.infer<typeof LedgerBundleSchema>;

export const ledgerBundleEndpoint = {
  method: "GET",
  path: "/api/ledger/bundles/:day",
  response: LedgerBundleSchema,
} as const;

/** Where the signed record is shown to the public, with the way to verify it. */
export const RECORD_PAGE_PATH = "/record";

/**
 * GET /api/admin/ledger (operator only): the key the heads are signed with and where it is served, and the
 * time-stamping authority with the heads it has not stamped yet (why, and when it last failed).
 */
export const AdminLedgerSchema = z.object({
  keyId: z.string(),
  keyPath: z.string(),
  recordPath: z.string(),
  timeStamping: z.object({
    /** The authority's URL (a password in it hidden), or null: heads are signed only. */
    url: z.nullable(z.string()),
    failures: z.array(z.object({ day: DayKeySchema, reason: z.string(), at: z.number() })),
  }),
});
export type AdminLedger = z.infer<typeof AdminLedgerSchema>;

export const adminLedgerEndpoint = {
  method: "GET",
  path: "/api/admin/ledger",
  response: AdminLedgerSchema,
} as const;
