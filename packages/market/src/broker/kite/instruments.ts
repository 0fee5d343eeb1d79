/**
 * Kite Connect's instrument list (GET /instruments, a CSV regenerated every morning): parsing and
 * normalising its rows. The columns, in the documented order:
 *
 *   instrument_token, exchange_token, tradingsymbol, name, last_price, expiry, strike, tick_size,
 *   lot_size, instrument_type, segment, exchange
 *
 * `expiry` is a day (YYYY-MM-DD) or empty; `instrument_type` is EQ, FUT, CE or PE (an index row is EQ in
 * segment INDICES). The SDK parses the CSV itself (papaparse) and turns a 10-character expiry into a Date
 * at UTC midnight, so the normaliser takes either form.
 *
 * `lot_size` is in Kite's count, which differs by exchange: on NFO it is the units (index shares) in a
 * lot (65 for NIFTY); on MCX Kite counts quantities in contracts and lists every row with `lot_size` 1
 * (its documented MCX sample row `SILVER15DECFUT` carries 1; kite.trade/forum/discussion/5094, a staff
 * answer of Nov 2018: MCX's `lot_size` is always 1 and no API gives the contract's size). The row keeps
 * Kite's count as listed; the contract book turns MCX contracts into barrels only through the product's
 * table (instruments/contract-multipliers.ts).
 */
import type { DayKey } from "@kalpa/contracts/names";

export const KITE_INSTRUMENT_COLUMNS = [
  "instrument_token",
  "exchange_token",
  "tradingsymbol",
  "name",
  "last_price",
  "expiry",
  "strike",
  "tick_size",
  "lot_size",
  "instrument_type",
  "segment",
  "exchange",
] as const;

export interface KiteInstrument {
  readonly token: number;
  readonly exchangeToken: number;
  readonly tradingSymbol: string;
  readonly name: string;
  /** The contract's last trading day, or null (an index, a share). */
  readonly expiry: DayKey | null;
  readonly strike: number;
  readonly tickSize: number;
  /**
   * Kite's `lot_size` as listed, in Kite's count: units in a lot on NFO, contracts in a lot on MCX
   * (KITE_MCX_LOT_SIZE). Never the units of an MCX lot.
   */
  readonly lotSize: number;
  readonly instrumentType: string;
  readonly segment: string;
  readonly exchange: string;
}

/** The `lot_size` Kite lists on every MCX row: one lot is one contract (see the header). */
export const KITE_MCX_LOT_SIZE = 1;

/** A row as the SDK hands it over, or as `parseKiteCsv` reads it. */
export type KiteInstrumentRow = Readonly<Record<string, unknown>>;

export interface NormalisedInstruments {
  readonly instruments: KiteInstrument[];
  /** Rows that were not instruments (the trailing empty line, a row with a bad token or number). */
  readonly rejected: number;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

function text(value: unknown): string {
  if (value === undefined || value === null) return "";
  return String(value).trim();
}

function number(value: unknown): number {
  if (typeof value === "number") return value;
  const raw = text(value);
  return raw === "" ? 0 : Number(raw);
}

function expiryOf(value: unknown): DayKey | null | undefined {
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) return undefined;
    return value.toISOString().slice(0, 10);
  }
  const raw = text(value);
  if (raw === "") return null;
  return DAY.test(raw) ? raw : undefined;
}

/** One row, or undefined when it is not a usable instrument. */
export function normaliseKiteInstrument(row: KiteInstrumentRow): KiteInstrument | undefined {
  const token = number(row.instrument_token);
  const expiry = expiryOf(row.expiry);
  const tradingSymbol = text(row.tradingsymbol);
  const numbers = {
    exchangeToken: number(row.exchange_token),
    strike: number(row.strike),
    tickSize: number(row.tick_size),
    lotSize: number(row.lot_size),
  };
  if (!Number.isInteger(token) || token <= 0 || token > 0xffff_ffff) return undefined;
  if (expiry === undefined || tradingSymbol === "") return undefined;
  if (!Object.values(numbers).every((value) => Number.isFinite(value) && value >= 0)) {
    return undefined;
  }
  return {
    token,
    tradingSymbol,
    name: text(row.name),
    expiry,
    instrumentType: text(row.instrument_type),
    segment: text(row.segment),
    exchange: text(row.exchange),
    ...numbers,
  };
}

export function normaliseKiteInstruments(
  rows: readonly KiteInstrumentRow[],
): NormalisedInstruments {
  const instruments: KiteInstrument[] = [];
  let rejected = 0;
  for (const row of rows) {
    const instrument = normaliseKiteInstrument(row);
    if (instrument) instruments.push(instrument);
    // The SDK's parser turns the CSV's final newline into a row with no token: not a rejected instrument.
    else if (text(row.instrument_token) !== "") rejected += 1;
  }
  return { instruments, rejected };
}

/** Splits one CSV line; a field may be quoted ("a, b"), with "" for a quote inside it. */
function splitCsvLine(line: string): string[] {
  const fields: string[] = [];
  let field = "";
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const char = line[i];
    if (quoted) {
      if (char === '"' && line[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ",") {
      fields.push(field);
      field = "";
    } else field += char;
  }
  fields.push(field);
  return fields;
}

/** The instrument CSV as rows keyed by its header (what the SDK's parser gives, without its Date). */
export function parseKiteCsv(csv: string): KiteInstrumentRow[] {
  const lines = csv.split(/\r?\n/);
  const header = splitCsvLine(lines[0] ?? "").map((name) => name.trim());
  const rows: KiteInstrumentRow[] = [];
  for (const line of lines.slice(1)) {
    if (line.trim() === "") continue;
    const fields = splitCsvLine(line);
    rows.push(Object.fromEntries(header.map((name, i) => [name, fields[i] ?? ""])));
  }
  return rows;
}

function csvField(value: string | number): string {
  const raw = String(value);
  return /[",\n]/.test(raw) ? `"${raw.replaceAll('"', '""')}"` : raw;
}

/** Writes instruments as Kite's CSV (the double serves it). `last_price` is written as 0, as Kite does. */
export function formatKiteCsv(instruments: readonly KiteInstrument[]): string {
  const lines = [KITE_INSTRUMENT_COLUMNS.join(",")];
  for (const i of instruments) {
    lines.push(
      [
        i.token,
        i.exchangeToken,
        i.tradingSymbol,
        i.name,
        0,
        i.expiry ?? "",
        i.strike,
        i.tickSize,
        i.lotSize,
        i.instrumentType,
        i.segment,
        i.exchange,
      ]
        .map(csvField)
        .join(","),
    );
  }
  return `${lines.join("\n")}\n`;
}
