/**
 * Parses 1-minute bars from CSV text for the replay feed.
 *
 * Header (any order, any case): time,open,high,low,close, optionally volume (0 without it: an index has no
 * volume, and the recorded index files have none) and optionally symbol. Without a symbol column every row
 * belongs to the `symbol` option. `time` is the bar's start: an ISO 8601 date-time
 * (without an offset it is read as Asia/Kolkata) or an epoch number (seconds below 10^11, else ms).
 * Blank lines are skipped. A bad row throws a ReplayCsvError naming its line.
 */
import type { Bar } from "@kalpa/contracts/market";
import { MARKET_SYMBOLS, type MarketSymbol } from "@kalpa/contracts/names";

export interface ReplayBar extends Bar {
  readonly symbol: MarketSymbol;
}

export class ReplayCsvError extends Error {
  readonly line: number;

  constructor(line: number, message: string) {
    super(`line ${line}: ${message}`);
    this.name = "ReplayCsvError";
    this.line = line;
  }
}

const REQUIRED = ["time", "open", "high", "low", "close"] as const;
const EPOCH_SECONDS_BELOW = 1e11;

function parseTime(text: string, line: number): number {
  if (/^\d+(\.\d+)?$/.test(text)) {
    const value = Number(text);
    return value < EPOCH_SECONDS_BELOW ? value * 1000 : value;
  }
  const hasOffset = /(Z|[+-]\d{2}:?\d{2})$/i.test(text);
  const ms = Date.parse(hasOffset ? text : `${text}+05:30`);
  if (!Number.isFinite(ms) || !/^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}/.test(text)) {
    throw new ReplayCsvError(line, `time "${text}" is neither ISO 8601 nor an epoch number`);
  }
  return ms;
}

function parseNumber(text: string, field: string, line: number): number {
  const value = text === "" ? Number.NaN : Number(text);
  if (!Number.isFinite(value)) throw new ReplayCsvError(line, `${field} "${text}" is not a number`);
  return value;
}

function parseSymbol(text: string, line: number): MarketSymbol {
  const symbol = MARKET_SYMBOLS.find((s) => s === text.toUpperCase());
  if (!symbol) throw new ReplayCsvError(line, `unknown symbol "${text}"`);
  return symbol;
}

function checkBar(bar: ReplayBar, line: number): void {
  if (bar.high < Math.max(bar.open, bar.close, bar.low)) {
    throw new ReplayCsvError(line, `high ${bar.high} is below open, low or close`);
  }
  if (bar.low > Math.min(bar.open, bar.close)) {
    throw new ReplayCsvError(line, `low ${bar.low} is above open or close`);
  }
  if (bar.volume < 0) throw new ReplayCsvError(line, `volume ${bar.volume} is negative`);
}

/** The bars in `text`, in file order; each symbol's times must increase. */
export function parseReplayCsv(
  text: string,
  options: {
    symbol?: MarketSymbol;
    /**
     * Widen a bar whose high or low leaves out its open or close to hold them, rather than refuse it (the
     * recorded 15-minute BANKNIFTY file has 696 such bars, up to 85 points off: its opens are taken from
     * another feed than its ranges).
     */
    widen?: boolean;
  } = {},
): ReplayBar[] {
  const lines = text.replace(/^\uFEFF/, "").split(/\r?\n/);
  const headerIndex = lines.findIndex((line) => line.trim() !== "");
  if (headerIndex === -1) throw new ReplayCsvError(1, "the file is empty");
  const header = (lines[headerIndex] ?? "").split(",").map((name) => name.trim().toLowerCase());
  const column = (name: string) => header.indexOf(name);
  for (const name of REQUIRED) {
    if (column(name) === -1) {
      throw new ReplayCsvError(
        headerIndex + 1,
        `the header lacks "${name}" (${REQUIRED.join(",")})`,
      );
    }
  }
  const symbolColumn = column("symbol");
  if (symbolColumn === -1 && !options.symbol) {
    throw new ReplayCsvError(headerIndex + 1, "no symbol column, and no symbol given");
  }
  const bars: ReplayBar[] = [];
  const lastTime = new Map<MarketSymbol, number>();
  lines.forEach((raw, index) => {
    const line = index + 1;
    if (index <= headerIndex || raw.trim() === "") return;
    const cells = raw.split(",").map((cell) => cell.trim());
    if (cells.length !== header.length) {
      throw new ReplayCsvError(line, `expected ${header.length} fields, found ${cells.length}`);
    }
    const cell = (name: string) => cells[column(name)] ?? "";
    const read: ReplayBar = {
      symbol:
        symbolColumn === -1 ? (options.symbol as MarketSymbol) : parseSymbol(cell("symbol"), line),
      time: parseTime(cell("time"), line),
      open: parseNumber(cell("open"), "open", line),
      high: parseNumber(cell("high"), "high", line),
      low: parseNumber(cell("low"), "low", line),
      close: parseNumber(cell("close"), "close", line),
      volume: column("volume") === -1 ? 0 : parseNumber(cell("volume"), "volume", line),
    };
    const bar = options.widen
      ? {
          ...read,
          high: Math.max(read.high, read.open, read.close),
          low: Math.min(read.low, read.open, read.close),
        }
      : read;
    checkBar(bar, line);
    const previous = lastTime.get(bar.symbol);
    if (previous !== undefined && bar.time <= previous) {
      throw new ReplayCsvError(line, `time does not increase for ${bar.symbol}`);
    }
    lastTime.set(bar.symbol, bar.time);
    bars.push(bar);
  });
  return bars;
}
