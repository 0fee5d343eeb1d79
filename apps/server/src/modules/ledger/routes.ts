/**
 * The ledger's public reads (docs/record-format.md), each rate-limited per client address like the
 * journal's:
 *
 * - GET /.well-known/kalpa-ledger-key: the operator's public key, a bare JSON document to save and hand to
 *   kalpa-verify.
 * - GET /api/ledger/heads?after&before&limit: the signed day heads, newest first.
 * - GET /api/ledger/heads/:day: one day's signed head.
 * - GET /api/ledger/bundles/:day: the day's bundle, to verify offline.
 * - GET /api/ledger/verify: the chain recomputed against the published heads.
 * - GET /api/admin/ledger (operator only): the key's id and where it is served, the time-stamping authority
 *   and the heads it has not stamped yet.
 *
 * A published head never changes, so a day's head and bundle are cached for a day by whoever relays them;
 * the feed and the key for minutes (a new day is published; a key may be replaced). While a first start
 * writes the demo journal, the heads, bundles and verdict answer 503 STARTING (decision 019); the key does not
 * depend on it.
 */
import {
  adminLedgerEndpoint,
  LEDGER_KEY_PATH,
  LEDGER_MESSAGES,
  LedgerDayParamsSchema,
  LedgerHeadsQuerySchema,
  LedgerKeySchema,
  ledgerBundleEndpoint,
  ledgerHeadEndpoint,
  ledgerHeadsEndpoint,
  RECORD_PAGE_PATH,
} from "@kalpa/contracts/api/ledger";
import { ledgerVerifyEndpoint } from "@kalpa/contracts/api/paper";
import { successEnvelope } from "@kalpa/contracts/envelope";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { redactUrl } from "../../config/schema";
import type { StartUp } from "../../engine/start-up";
import { AppError } from "../../lib/errors";
import type { LedgerService } from "./service";

/** Per client address: generous for a person, a brake on a script (the journal's public reads). */
const PUBLIC_READ_LIMIT = { rateLimit: { max: 120, timeWindow: "1 minute" } } as const;
/** Verification recomputes the whole chain. */
const VERIFY_LIMIT = { rateLimit: { max: 30, timeWindow: "1 minute" } } as const;

const PUBLISHED_DAY_CACHE = "public, max-age=86400";
const FEED_CACHE = "public, max-age=60";
const KEY_CACHE = "public, max-age=3600";

export const ledgerRoutes: FastifyPluginAsyncZod<{
  ledger: LedgerService;
  /** A first start's readiness: while the demo journal is written, the record's reads answer 503 STARTING. */
  startUp?: Pick<StartUp, "assertReady">;
}> = async (app, opts) => {
  const { ledger, startUp } = opts;
  // After the rate limit and the request's validation: a bad request is still a 400.
  const ready = async () => startUp?.assertReady("journal");

  app.get(
    LEDGER_KEY_PATH,
    {
      config: PUBLIC_READ_LIMIT,
      schema: {
        tags: ["journal"],
        summary: "The operator's Ed25519 public key that signs the ledger's day heads",
        response: { 200: LedgerKeySchema },
      },
    },
    async (_request, reply) => {
      reply.header("cache-control", KEY_CACHE);
      return ledger.publicKey();
    },
  );

  app.get(
    ledgerHeadsEndpoint.path,
    {
      config: PUBLIC_READ_LIMIT,
      preHandler: ready,
      schema: {
        tags: ["journal"],
        summary:
          "The ledger's signed day heads, newest first (after, before: days excluded; limit)",
        querystring: LedgerHeadsQuerySchema,
        response: { 200: successEnvelope(ledgerHeadsEndpoint.response) },
      },
    },
    async (request, reply) => {
      const heads = await ledger.heads(request.query);
      reply.header("cache-control", FEED_CACHE);
      return { success: true as const, data: heads };
    },
  );

  app.get(
    ledgerHeadEndpoint.path,
    {
      config: PUBLIC_READ_LIMIT,
      preHandler: ready,
      schema: {
        tags: ["journal"],
        summary: "One day's signed head",
        params: LedgerDayParamsSchema,
        response: { 200: successEnvelope(ledgerHeadEndpoint.response) },
      },
    },
    async (request, reply) => {
      const head = await ledger.head(request.params.day);
      if (!head) throw new AppError("NOT_FOUND", LEDGER_MESSAGES.noHead);
      reply.header("cache-control", PUBLISHED_DAY_CACHE);
      return { success: true as const, data: head };
    },
  );

  app.get(
    ledgerBundleEndpoint.path,
    {
      config: PUBLIC_READ_LIMIT,
      preHandler: ready,
      schema: {
        tags: ["journal"],
        summary:
          "A day's bundle: the entries its head covers, the previous head and its own, to verify offline",
        params: LedgerDayParamsSchema,
        response: { 200: successEnvelope(ledgerBundleEndpoint.response) },
      },
    },
    async (request, reply) => {
      const bundle = await ledger.bundle(request.params.day);
      if (!bundle) throw new AppError("NOT_FOUND", LEDGER_MESSAGES.noHead);
      reply.header("cache-control", PUBLISHED_DAY_CACHE);
      return { success: true as const, data: bundle };
    },
  );

  app.get(
    ledgerVerifyEndpoint.path,
    {
      config: VERIFY_LIMIT,
      preHandler: ready,
      schema: {
        tags: ["journal"],
        summary: "The ledger's chain recomputed against the published day heads",
        response: { 200: successEnvelope(ledgerVerifyEndpoint.response) },
      },
    },
    async () => ({ success: true as const, data: await ledger.verify() }),
  );

  app.get(
    adminLedgerEndpoint.path,
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ["admin"],
        summary:
          "The ledger's key id and where it is served; the time-stamping authority and the heads it has not stamped",
        response: { 200: successEnvelope(adminLedgerEndpoint.response) },
      },
    },
    async () => {
      const timeStamping = await ledger.timeStamping();
      return {
        success: true as const,
        data: {
          keyId: ledger.publicKey().keyId,
          keyPath: LEDGER_KEY_PATH,
          recordPath: RECORD_PAGE_PATH,
          timeStamping: {
            url: timeStamping.url === null ? null : redactUrl(timeStamping.url),
            failures: timeStamping.failures,
          },
        },
      };
    },
  );
};
