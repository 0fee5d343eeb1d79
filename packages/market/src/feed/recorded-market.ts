/**
 * The recorded market: real prices in the layout of `shared/market-data` (its README), read as the
 * backtest and the replay feed need them. Pure: the caller reads the files and hands their text here.
 *
 * - `index-1min/NIFTY_*.csv`, `BANKNIFTY_*.csv`: the indices' 1-minute bars (no volume: an index has none).
 * - `index-15min/BANKNIFTY_*.csv`: 15-minute bars, kept apart (`quarterHourBars`): a 1- or 5-minute model
 *   cannot run on them, and a day with 1-minute bars never takes them. A bar whose range leaves out its
 *   open or close is widened to hold them (replay-csv.ts's `widen`: that file's opens disagree with its
 *   ranges on 696 bars).
 * - `crudeoil-options-1min/CRUDEOIL_options_*.csv`: MCX CRUDEOIL options, 1-minute, per contract. They are
 *   the crude option prices a recorded crude signal trades (`optionBar`), and they give the underlying: the
 *   recording holds no crude future over these days, so each minute's CRUDEOIL bar is the synthetic
 *   future of put–call parity, F = K + (C − P)·e^{rT}, the median over the (at most) three strikes nearest
 *   the previous minute's forward whose call and put both traded in that minute, on the nearest expiry.
 *   Its open and close come from the legs' opens and closes; its high and low are the larger and smaller
 *   of the two (the legs' highs and lows need not be simultaneous, so they would overstate the range).
 *   A minute with no traded pair has no bar.
 * - `index-daily/NIFTY*.csv`, `BANKNIFTY*.csv` (`date,open,high,low,close,volume`): the indices' daily bars
 *   (`dailyBar`), stamped at the day's start in India as stored daily bars are; the close is the exchange's
 *   official close, which the 1-minute files' last bar is not. A replay takes its history and the previous
 *   close of its first day from them.
 *
 * A file is found by its folder and its symbol prefix, never by its exact name (the README's rule).
 */
import type { Bar } from "@kalpa/contracts/market";
import type { DayKey, MarketSymbol } from "@kalpa/contracts/names";
import type { OptionType } from "@kalpa/contracts/signals";
import type { MinuteBarSource } from "../backtest/bar-source";
import { lotSizeOf } from "../instruments/lot-sizes";
import { OPTION_UNDERLYINGS } from "../instruments/option-underlyings";
import type { ContractMarket } from "../models/signal-intent";
import { expiryCloseAt, YEAR_MS } from "../options/expiry-time";
import { dayKeyOf } from "../time/day-key";
import { MINUTE_MS } from "../time/time-of-day";
import { parseReplayCsv, type ReplayBar, ReplayCsvError } from "./replay-csv";

/** One file of the data folder: its folder ("index-1min"), its name and its text. */
export interface RecordedFile {
  readonly folder: string;
  readonly name: string;
  readonly text: string;
}

/** The folders (and the symbol prefixes in them) the recorded market reads. */
export const RECORDED_SERIES = [
  { folder: "index-1min", prefix: "NIFTY_", symbol: "NIFTY" },
  { folder: "index-1min", prefix: "BANKNIFTY_", symbol: "BANKNIFTY" },
  { folder: "index-15min", prefix: "NIFTY_", symbol: "NIFTY" },
  { folder: "index-15min", prefix: "BANKNIFTY_", symbol: "BANKNIFTY" },
  { folder: "crudeoil-options-1min", prefix: "CRUDEOIL_options_", symbol: "CRUDEOIL" },
  { folder: "index-daily", prefix: "NIFTY", symbol: "NIFTY" },
  { folder: "index-daily", prefix: "BANKNIFTY", symbol: "BANKNIFTY" },
] as const;

/** A daily file's rows as replay-csv.ts reads them: `date` is `time`, each day its start in India. */
function dailyAsReplayCsv(text: string): string {
  return text
    .replace(/^\uFEFF/, "")
    .replace(/^date,/i, "time,")
    .replace(/^(\d{4}-\d{2}-\d{2}),/gm, "$1T00:00:00+05:30,");
}

/** The folders the recorded series are in. */
export const RECORDED_FOLDERS: readonly string[] = [
  ...new Set(RECORDED_SERIES.map((series) => series.folder)),
];

/** Whether a file of `folder` is one of the recorded series (by its symbol prefix, never its exact name). */
export function isRecordedFile(folder: string, name: string): boolean {
  return (
    name.endsWith(".csv") &&
    RECORDED_SERIES.some((series) => series.folder === folder && name.startsWith(series.prefix))
  );
}

/** One minute of one option contract. */
export interface RecordedOptionBar extends Bar {
  readonly expiry: DayKey;
  readonly strike: number;
  readonly optionType: OptionType;
}

/** The rate the synthetic future is carried at (option-pricing.ts's DEFAULT_PRICING.rate). */
const PARITY_RATE = 0.055;
/** Strikes per minute the synthetic future takes the median of. */
const PARITY_STRIKES = 3;

const optionKey = (expiry: string, strike: number, type: OptionType) =>
  `${expiry}:${strike}:${type}`;

/** Parses a crude options file (time,expiry,strike,type,open,high,low,close,volume), in file order. */
export function parseOptionBars(text: string): RecordedOptionBar[] {
  const lines = text.replace(/^\uFEFF/, "").split(/\r?\n/);
  const header = (lines[0] ?? "").split(",").map((name) => name.trim().toLowerCase());
  const column = (name: string) => {
    const index = header.indexOf(name);
    if (index === -1) throw new ReplayCsvError(1, `the header lacks "${name}"`);
    return index;
  };
  const at = {
    time: column("time"),
    expiry: column("expiry"),
    strike: column("strike"),
    type: column("type"),
    open: column("open"),
    high: column("high"),
    low: column("low"),
    close: column("close"),
  };
  const volumeAt = header.indexOf("volume");
  const bars: RecordedOptionBar[] = [];
  lines.forEach((raw, index) => {
    if (index === 0 || raw.trim() === "") return;
    const cells = raw.split(",");
    const number = (i: number, field: string) => {
      const value = Number(cells[i]);
      if (cells[i] === "" || !Number.isFinite(value)) {
        throw new ReplayCsvError(index + 1, `${field} "${cells[i] ?? ""}" is not a number`);
      }
      return value;
    };
    const type = cells[at.type]?.trim();
    if (type !== "CE" && type !== "PE") {
      throw new ReplayCsvError(index + 1, `type "${type ?? ""}" is neither CE nor PE`);
    }
    const expiry = cells[at.expiry]?.trim() ?? "";
    if (!/^\d{4}-\d{2}-\d{2}$/.test(expiry)) {
      throw new ReplayCsvError(index + 1, `expiry "${expiry}" is not YYYY-MM-DD`);
    }
    const time = Date.parse(cells[at.time] ?? "");
    if (!Number.isFinite(time)) throw new ReplayCsvError(index + 1, "time is not ISO 8601");
    bars.push({
      time,
      expiry,
      strike: number(at.strike, "strike"),
      optionType: type,
      open: number(at.open, "open"),
      high: number(at.high, "high"),
      low: number(at.low, "low"),
      close: number(at.close, "close"),
      volume: volumeAt === -1 ? 0 : number(volumeAt, "volume"),
    });
  });
  return bars;
}

const median = (values: readonly number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
};

/** The expiry's close as an instant is the session's; for parity's carry a day's end is close enough. */
const yearsTo = (expiry: DayKey, at: number) =>
  Math.max(0, (Date.parse(`${expiry}T23:30:00+05:30`) - at) / YEAR_MS);

/**
 * The synthetic CRUDEOIL future, minute by minute, from the option bars (see the header): on each day,
 * the nearest expiry that day's bars hold.
 */
export function syntheticFuture(options: readonly RecordedOptionBar[]): ReplayBar[] {
  const minutes = new Map<number, RecordedOptionBar[]>();
  for (const bar of options) {
    const list = minutes.get(bar.time);
    if (list) list.push(bar);
    else minutes.set(bar.time, [bar]);
  }
  const frontOf = new Map<DayKey, DayKey>();
  for (const bar of options) {
    const day = dayKeyOf(bar.time);
    const front = frontOf.get(day);
    if (bar.expiry >= day && (front === undefined || bar.expiry < front)) {
      frontOf.set(day, bar.expiry);
    }
  }
  const future: ReplayBar[] = [];
  let forward: number | undefined;
  for (const time of [...minutes.keys()].sort((a, b) => a - b)) {
    const expiry = frontOf.get(dayKeyOf(time));
    const legs = new Map<number, { CE?: RecordedOptionBar; PE?: RecordedOptionBar }>();
    for (const bar of minutes.get(time) ?? []) {
      if (bar.expiry !== expiry) continue;
      const pair = legs.get(bar.strike) ?? {};
      pair[bar.optionType] = bar;
      legs.set(bar.strike, pair);
    }
    const pairs = [...legs.entries()].filter(
      (entry): entry is [number, Required<(typeof entry)[1]>] =>
        entry[1].CE !== undefined && entry[1].PE !== undefined,
    );
    if (pairs.length === 0 || expiry === undefined) continue;
    const anchor = forward ?? median(pairs.map(([strike]) => strike));
    pairs.sort((a, b) => Math.abs(a[0] - anchor) - Math.abs(b[0] - anchor));
    const nearest = pairs.slice(0, PARITY_STRIKES);
    const carry = Math.exp(PARITY_RATE * yearsTo(expiry, time));
    const at = (price: (bar: RecordedOptionBar) => number) =>
      median(nearest.map(([strike, { CE, PE }]) => strike + (price(CE) - price(PE)) * carry));
    const open = Math.round(at((bar) => bar.open));
    const close = Math.round(at((bar) => bar.close));
    forward = close;
    future.push({
      symbol: "CRUDEOIL",
      time,
      open,
      high: Math.max(open, close),
      low: Math.min(open, close),
      close,
      volume: 0,
    });
  }
  return future;
}

/** The recorded prices of one data folder. */
export interface RecordedMarket extends MinuteBarSource {
  /** The days with 1-minute bars of `symbol`, in order. */
  days(symbol: MarketSymbol): DayKey[];
  /** The 15-minute bars of `symbol` on `day` (index-15min), for days the 1-minute files do not hold. */
  quarterHourBars(symbol: MarketSymbol, day: DayKey): readonly Bar[];
  /** The recorded daily bar of `symbol` on `day` (index-daily), stamped at the day's start in India. */
  dailyBar(symbol: MarketSymbol, day: DayKey): Bar | undefined;
  /** Every 1-minute bar, all symbols, in time order (the replay feed's input). */
  allMinuteBars(): ReplayBar[];
  /** The recorded expiries of `symbol`'s options on `day` (crude only). */
  optionExpiries(symbol: MarketSymbol, day: DayKey): DayKey[];
  /** The option's bar of the minute that starts at `time`, if it traded then. */
  optionBar(
    symbol: MarketSymbol,
    contract: { expiry: DayKey; strike: number; optionType: OptionType },
    time: number,
  ): RecordedOptionBar | undefined;
  /** The option's last recorded bar that started at or before `time` (undefined if none that day). */
  lastOptionBar(
    symbol: MarketSymbol,
    contract: { expiry: DayKey; strike: number; optionType: OptionType },
    time: number,
  ): RecordedOptionBar | undefined;
}

function byDay(bars: readonly ReplayBar[]): Map<string, Bar[]> {
  const map = new Map<string, Bar[]>();
  for (const { symbol, ...bar } of bars) {
    const key = `${symbol} ${dayKeyOf(bar.time)}`;
    const list = map.get(key);
    if (list) list.push(bar);
    else map.set(key, [bar]);
  }
  for (const list of map.values()) list.sort((a, b) => a.time - b.time);
  return map;
}

/**
 * The recorded market of `files` (each named with its folder). Files of folders it does not read are
 * ignored; a bad row throws a ReplayCsvError naming the file and line.
 */
export function recordedMarket(files: readonly RecordedFile[]): RecordedMarket {
  const minute: ReplayBar[] = [];
  const quarter: ReplayBar[] = [];
  const daily: ReplayBar[] = [];
  const options: RecordedOptionBar[] = [];
  for (const file of files) {
    const series = RECORDED_SERIES.find(
      (s) =>
        s.folder === file.folder && file.name.startsWith(s.prefix) && file.name.endsWith(".csv"),
    );
    if (!series) continue;
    try {
      if (series.symbol === "CRUDEOIL") {
        for (const bar of parseOptionBars(file.text)) options.push(bar);
      } else if (file.folder === "index-daily") {
        const text = dailyAsReplayCsv(file.text);
        for (const bar of parseReplayCsv(text, { symbol: series.symbol })) daily.push(bar);
      } else {
        const widen = file.folder === "index-15min";
        const into = file.folder === "index-1min" ? minute : quarter;
        for (const bar of parseReplayCsv(file.text, { symbol: series.symbol, widen }))
          into.push(bar);
      }
    } catch (error) {
      throw new Error(`${file.folder}/${file.name}: ${(error as Error).message}`);
    }
  }
  for (const bar of syntheticFuture(options)) minute.push(bar);
  minute.sort((a, b) => a.time - b.time);
  const minuteDays = byDay(minute);
  const quarterDays = byDay(quarter);
  const dailyDays = byDay(daily);
  const optionIndex = new Map<string, RecordedOptionBar[]>();
  for (const bar of options) {
    const key = `${dayKeyOf(bar.time)} ${optionKey(bar.expiry, bar.strike, bar.optionType)}`;
    const list = optionIndex.get(key);
    if (list) list.push(bar);
    else optionIndex.set(key, [bar]);
  }
  for (const list of optionIndex.values()) list.sort((a, b) => a.time - b.time);
  const expiriesByDay = new Map<DayKey, Set<DayKey>>();
  for (const bar of options) {
    const day = dayKeyOf(bar.time);
    const set = expiriesByDay.get(day) ?? new Set<DayKey>();
    set.add(bar.expiry);
    expiriesByDay.set(day, set);
  }
  const barsOf = (
    symbol: MarketSymbol,
    contract: { expiry: DayKey; strike: number; optionType: OptionType },
    time: number,
  ) =>
    symbol === "CRUDEOIL"
      ? optionIndex.get(
          `${dayKeyOf(time)} ${optionKey(contract.expiry, contract.strike, contract.optionType)}`,
        )
      : undefined;
  const lastAtOrBefore = (list: readonly RecordedOptionBar[], time: number) => {
    let low = 0;
    let high = list.length - 1;
    let found: RecordedOptionBar | undefined;
    while (low <= high) {
      const middle = (low + high) >> 1;
      const bar = list[middle] as RecordedOptionBar;
      if (bar.time <= time) {
        found = bar;
        low = middle + 1;
      } else high = middle - 1;
    }
    return found;
  };
  return {
    minuteBars: (symbol, day) => minuteDays.get(`${symbol} ${day}`) ?? [],
    quarterHourBars: (symbol, day) =>
      minuteDays.has(`${symbol} ${day}`) ? [] : (quarterDays.get(`${symbol} ${day}`) ?? []),
    dailyBar: (symbol, day) => dailyDays.get(`${symbol} ${day}`)?.[0],
    days: (symbol) =>
      [...minuteDays.keys()]
        .filter((key) => key.startsWith(`${symbol} `))
        .map((key) => key.slice(symbol.length + 1))
        .sort(),
    allMinuteBars: () => minute,
    optionExpiries: (symbol, day) =>
      symbol === "CRUDEOIL" ? [...(expiriesByDay.get(day) ?? [])].sort() : [],
    optionBar: (symbol, contract, time) => {
      const bar = lastAtOrBefore(barsOf(symbol, contract, time) ?? [], time);
      return bar?.time === time ? bar : undefined;
    },
    lastOptionBar: (symbol, contract, time) =>
      lastAtOrBefore(barsOf(symbol, contract, time) ?? [], time),
  };
}

/**
 * A recorded option's last trade stands for its price this long (market time). Longer than a broker's
 * quote freshness (QUOTE_FRESH_MS, a minute): the recording holds trades, not the book, and crude's
 * strikes often go minutes without a trade while their book stands.
 */
export const RECORDED_TRADE_FRESH_MS = 5 * MINUTE_MS;
/** How many strike steps from the product's strike a recorded contract may stand in for it. */
export const RECORDED_STRIKE_STEPS = 2;

/**
 * The recorded option contracts as a broker's list and quotes (signal-intent.ts's ContractMarket): a crude
 * signal trades a contract the recording holds, at its recorded prices.
 *
 * - Series: the recording holds the July 2025 series only, so on days whose traded series (the product's
 *   expiry table) it lacks, the contract is of the nearest later series it holds, as a trader rolls to the
 *   next month when the near one is not there.
 * - Strike: of the strikes of that series and type that traded in the last RECORDED_TRADE_FRESH_MS, the
 *   one nearest the product's strike (the lower on a tie), at most RECORDED_STRIKE_STEPS steps from it;
 *   none, and the setup is not traded (the reason says so).
 * - Quote: the contract's last close in that time.
 *
 * Index options pass through: the recording has no per-strike history for them, and the model prices them.
 */
export function recordedContracts(market: RecordedMarket): ContractMarket {
  const lastTrade = (contract: Parameters<RecordedMarket["lastOptionBar"]>[1], at: number) => {
    const last = market.lastOptionBar("CRUDEOIL", contract, at - MINUTE_MS);
    return last && at - (last.time + MINUTE_MS) < RECORDED_TRADE_FRESH_MS ? last : undefined;
  };
  return {
    list(contract, at) {
      if (contract.symbol !== "CRUDEOIL") return contract;
      const day = dayKeyOf(at);
      const expiry = market
        .optionExpiries(contract.symbol, day)
        .find((candidate) => candidate >= contract.expiry);
      if (expiry === undefined) {
        return `no recorded CRUDEOIL options of ${contract.expiry} or later on ${day}`;
      }
      const step = OPTION_UNDERLYINGS.CRUDEOIL.strikeStep;
      const strikes = [0];
      for (let i = 1; i <= RECORDED_STRIKE_STEPS; i += 1) strikes.push(-i, i);
      const strike = strikes
        .map((steps) => contract.strike + steps * step)
        .find((candidate) => lastTrade({ ...contract, expiry, strike: candidate }, at));
      if (strike === undefined) {
        return (
          `no CRUDEOIL ${contract.optionType} of ${expiry} within ${RECORDED_STRIKE_STEPS} strikes ` +
          `of ${contract.strike} traded in the last ${RECORDED_TRADE_FRESH_MS / MINUTE_MS} minutes`
        );
      }
      return {
        ...contract,
        expiry,
        strike,
        expiresAt: expiryCloseAt("CRUDEOIL", expiry),
        lotSize: lotSizeOf("CRUDEOIL", expiry),
      };
    },
    quote(contract, at) {
      return contract.symbol === "CRUDEOIL" ? lastTrade(contract, at)?.close : undefined;
    },
  };
}
