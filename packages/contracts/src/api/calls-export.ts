/**
 * GET /api/admin/calls/export?format=csv|json&from=&to=: every call (signal) the models and the operator
 * made on the Asia/Kolkata days from `from` to `to`, for the operator to hand to a verification agency
 * (PaRRVA). Admin only. The format is stable and versioned (docs/record-format.md, section 9): a new field is
 * a new version, never a changed meaning.
 */
import * as z from "zod/mini";
import { DayKeySchema } from "../names";

export const CALLS_EXPORT_PATH = "/api/admin/calls/export";
export const CALLS_EXPORT_VERSION = 1;
/** The longest span one export covers, in days (both ends included). */
export const CALLS_EXPORT_MAX_DAYS = 366;
export const CALLS_EXPORT_FORMATS = ["csv", "json"] as const;

export const CallsExportQuerySchema = z.object({
  format: z.optional(z.enum(CALLS_EXPORT_FORMATS)),
  from: DayKeySchema,
  to: DayKeySchema,
});
export type CallsExportQuery = z.infer<typeof CallsExportQuerySchema>;

export const CALLS_EXPORT_MESSAGES = {
  fromAfterTo: "The first day must be on or before the last day.",
  tooLong: `One export covers at most ${CALLS_EXPORT_MAX_DAYS} days.`,
} as const;

/** One call. Times are India time with their offset (2026-11-20T10:15:00+05:30); prices in rupees. */
export const ExportedCallSchema = z.object({
  id: z.string(),
  /** When the call was made (the market clock). */
  callTime: z.string(),
  /** Its Asia/Kolkata day. */
  day: z.string(),
  model: z.string(),
  /** The model's version (decision 028); "manual" for the operator's own calls. */
  modelVersion: z.string(),
  instrument: z.string(),
  /** "BANKNIFTY 2026-11-26 52000 CE". */
  contract: z.string(),
  side: z.string(),
  lots: z.number(),
  lotSize: z.number(),
  entryLow: z.number(),
  entryHigh: z.number(),
  target: z.number(),
  stopLoss: z.number(),
  /** generated (waiting for the entry zone), triggered (open), closed, cancelled (never entered). */
  status: z.string(),
  entryTime: z.nullable(z.string()),
  entryPrice: z.nullable(z.number()),
  exitTime: z.nullable(z.string()),
  exitPrice: z.nullable(z.number()),
  /** target, stop, eod, expiry; null while open or when cancelled. */
  exitReason: z.nullable(z.string()),
  /** The ledger entry that recorded the call (docs/record-format.md section 2); null on rows from before. */
  ledgerSeq: z.nullable(z.number()),
  ledgerHash: z.nullable(z.string()),
  /** The ledger entry of its last transition (closed or cancelled), when there is one. */
  lastLedgerSeq: z.nullable(z.number()),
  lastLedgerHash: z.nullable(z.string()),
});
export type ExportedCall = z.infer<typeof ExportedCallSchema>;

export const CallsExportSchema = z.object({
  format: z.literal("kalpa-calls"),
  version: z.literal(CALLS_EXPORT_VERSION),
  from: z.string(),
  to: z.string(),
  exportedAt: z.string(),
  /** Oldest first. */
  calls: z.array(ExportedCallSchema),
});
export type CallsExport = z.infer<typeof CallsExportSchema>;

/** The CSV's columns, in order: ExportedCall's fields, snake_case. */
export const CALLS_CSV_COLUMNS = [
  "id",
  "call_time",
  "day",
  "model",
  "model_version",
  "instrument",
  "contract",
  "side",
  "lots",
  "lot_size",
  "entry_low",
  "entry_high",
  "target",
  "stop_loss",
  "status",
  "entry_time",
  "entry_price",
  "exit_time",
  "exit_price",
  "exit_reason",
  "ledger_seq",
  "ledger_hash",
  "last_ledger_seq",
  "last_ledger_hash",
] as const;

export function callsExportFileName(from: string, to: string, format: "csv" | "json"): string {
  return `kalpa-calls-${from}-to-${to}.${format}`;
}
