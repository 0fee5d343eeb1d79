/**
 * The calls export (docs/record-format.md section 9): every signal made on a span of Asia/Kolkata days,
 * with its entry zone, target, stop, exit and model version, and the ledger entries that recorded it
 * (the call's first transition and its last). CSV cells go through journal/csv.ts's csvCell, so no text
 * can start a spreadsheet formula. Admin only: GET /api/admin/calls/export.
 */
import {
  CALLS_CSV_COLUMNS,
  CALLS_EXPORT_MAX_DAYS,
  CALLS_EXPORT_MESSAGES,
  CALLS_EXPORT_PATH,
  CALLS_EXPORT_VERSION,
  type CallsExport,
  CallsExportQuerySchema,
  callsExportFileName,
  type ExportedCall,
} from "@kalpa/contracts/api/calls-export";
import type { DayKey } from "@kalpa/contracts/names";
import { daysBetween } from "@kalpa/market/time/day-math";
import { and, asc, gte, inArray, lte } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { DbExecutor } from "../../db/client";
import { signalEvents, signals } from "../../db/schema";
import type { Clock } from "../../lib/clock";
import { fieldError } from "../../lib/errors";
import { csvCell, indiaTime } from "./csv";

/** Exports are heavier than reads: a few a minute per admin is plenty. */
const EXPORT_LIMIT = { rateLimit: { max: 10, timeWindow: "1 minute" } } as const;

const time = (at: Date | null) => (at === null ? null : indiaTime(at.getTime()));

export async function exportCalls(db: DbExecutor, from: DayKey, to: DayKey) {
  const rows = await db
    .select()
    .from(signals)
    .where(and(gte(signals.day, from), lte(signals.day, to)))
    .orderBy(asc(signals.generatedAt), asc(signals.id));
  const ids = rows.map((row) => row.id);
  const events =
    ids.length === 0
      ? []
      : await db
          .select({
            signalId: signalEvents.signalId,
            seq: signalEvents.seq,
            ledgerSeq: signalEvents.ledgerSeq,
            ledgerHash: signalEvents.ledgerHash,
          })
          .from(signalEvents)
          .where(inArray(signalEvents.signalId, ids))
          .orderBy(asc(signalEvents.signalId), asc(signalEvents.seq));
  const first = new Map<string, (typeof events)[number]>();
  const last = new Map<string, (typeof events)[number]>();
  for (const event of events) {
    if (!first.has(event.signalId)) first.set(event.signalId, event);
    last.set(event.signalId, event);
  }
  return rows.map((row): ExportedCall => {
    const made = first.get(row.id);
    const latest = last.get(row.id);
    const ended = latest && latest !== made ? latest : undefined;
    return {
      id: row.id,
      callTime: indiaTime(row.generatedAt.getTime()),
      day: row.day,
      model: row.model,
      modelVersion: row.modelVersion,
      instrument: row.instrument,
      contract: `${row.symbol} ${row.expiry} ${row.strike} ${row.optionType}`,
      side: row.type,
      lots: row.lots,
      lotSize: row.lotSize,
      entryLow: row.entryLow,
      entryHigh: row.entryHigh,
      target: row.target,
      stopLoss: row.stopLoss,
      status: row.status,
      entryTime: time(row.entryTime),
      entryPrice: row.entryPrice,
      exitTime: time(row.exitTime),
      exitPrice: row.exitPrice,
      exitReason: row.closeReason,
      ledgerSeq: made?.ledgerSeq ?? null,
      ledgerHash: made?.ledgerHash ?? null,
      lastLedgerSeq: ended?.ledgerSeq ?? null,
      lastLedgerHash: ended?.ledgerHash ?? null,
    };
  });
}

const FIELDS = [
  "id",
  "callTime",
  "day",
  "model",
  "modelVersion",
  "instrument",
  "contract",
  "side",
  "lots",
  "lotSize",
  "entryLow",
  "entryHigh",
  "target",
  "stopLoss",
  "status",
  "entryTime",
  "entryPrice",
  "exitTime",
  "exitPrice",
  "exitReason",
  "ledgerSeq",
  "ledgerHash",
  "lastLedgerSeq",
  "lastLedgerHash",
] as const satisfies ReadonlyArray<keyof ExportedCall>;

export function callsCsv(calls: readonly ExportedCall[]): string {
  const rows = calls.map((call) => FIELDS.map((field) => csvCell(call[field] ?? "")));
  return [[...CALLS_CSV_COLUMNS].map(csvCell), ...rows]
    .map((row) => `${row.join(",")}\r\n`)
    .join("");
}

export const callsExportRoutes: FastifyPluginAsyncZod<{ db: DbExecutor; clock: Clock }> = async (
  app,
  opts,
) => {
  app.get(
    CALLS_EXPORT_PATH,
    {
      onRequest: app.requireAdmin,
      config: EXPORT_LIMIT,
      schema: {
        tags: ["admin"],
        summary:
          "Every call made on the days from `from` to `to` (at most 366), as CSV or JSON, for a verification agency",
        querystring: CallsExportQuerySchema,
        response: { 200: z.string() },
      },
    },
    async (request, reply) => {
      const { from, to } = request.query;
      const format = request.query.format ?? "csv";
      if (from > to) throw fieldError("from", CALLS_EXPORT_MESSAGES.fromAfterTo);
      if (daysBetween(from, to) + 1 > CALLS_EXPORT_MAX_DAYS) {
        throw fieldError("to", CALLS_EXPORT_MESSAGES.tooLong);
      }
      const calls = await exportCalls(opts.db, from, to);
      reply
        .header("cache-control", "no-store")
        .header(
          "content-disposition",
          `attachment; filename="${callsExportFileName(from, to, format)}"`,
        );
      if (format === "csv") return reply.type("text/csv; charset=utf-8").send(callsCsv(calls));
      const body: CallsExport = {
        format: "kalpa-calls",
        version: CALLS_EXPORT_VERSION,
        from,
        to,
        exportedAt: opts.clock().toISOString(),
        calls,
      };
      return reply.type("application/json; charset=utf-8").send(JSON.stringify(body));
    },
  );
};
