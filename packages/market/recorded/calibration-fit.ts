/**
 * The simulator's calibration: fits its parameters to the recorded market and measures both
 * sides for the table. Used by scripts/calibrate.ts and by the held-out check in this folder.
 */
import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import {
  coarsen,
  dailyReturns,
  excessKurtosis,
  type MarketMeasures,
  MEASURE_ROWS,
  type MinuteSession,
  mean,
  measurePair,
  measureSessions,
  minuteReturns,
  minuteVarianceProfile,
  openingGaps,
  PAIR_ROWS,
  type PairMeasures,
  quarterHourCloseRatio,
  quarterHourKurtosis,
  sameDayCorrelation,
  standardDeviation,
  TRADING_DAYS_PER_YEAR,
  withinBand,
} from "../src/sim/measures";
import {
  type FactorParameters,
  PROFILE_BUCKET_MINUTES,
  type SimCalibration,
  type SymbolParameters,
} from "../src/sim/sim-parameters";
import { readMinuteSessions, readQuarterHourSessions } from "./minute-sessions";

/** The fit window (1-minute bars) and the held-out window the fit never sees. */
export const FIT_WINDOW = { from: "2024-01-01", to: "2024-04-30" } as const;
export const HELD_OUT_WINDOW = { from: "2024-05-01", to: "2024-06-30" } as const;
/** Chance of a jump day (fixed, about five a year; its size is fitted). */
const DAY_JUMP_PROBABILITY = 0.02;
/** Chance of a burst minute (fixed; its size is fitted). */
const BURST_PROBABILITY = 0.01;
/** Seed and sizes of the simulated sample the fit and the table measure. */
export const SIM_SEED = "calibration";
export const SIM_MINUTE_DAYS = 240;
export const SIM_DAILY_DAYS = 10_000;

const COMMAND = "npm run calibrate -- ../shared/market-data";
/** Where the fitted parameters are written. */
export const CALIBRATION_FILE = fileURLToPath(
  new URL("../src/sim/calibration.ts", import.meta.url),
);

function within(sessions: readonly MinuteSession[], window: { from: string; to: string }) {
  return sessions.filter((s) => s.day >= window.from && s.day <= window.to);
}

/** Every recorded BANKNIFTY 15-minute session before the held-out window: the long record. */
function longRecord(folder: string) {
  const sessions = readQuarterHourSessions(folder, "BANKNIFTY").filter(
    (s) => s.day < HELD_OUT_WINDOW.from && s.closes.every(Number.isFinite),
  );
  if (sessions.length === 0) throw new Error(`no index-15min/BANKNIFTY_*.csv in ${folder}`);
  const daily = [...dailyReturns(sessions).values()];
  return {
    from: sessions[0]?.day ?? "",
    to: sessions.at(-1)?.day ?? "",
    sessions: sessions.length,
    dailyVolatility: standardDeviation(daily) * Math.sqrt(TRADING_DAYS_PER_YEAR),
    dailyKurtosis: excessKurtosis(daily),
    quarterHourKurtosis: excessKurtosis(minuteReturns(sessions)),
    closeRatio: quarterHourCloseRatio(sessions),
  };
}

/** Mean of 5-minute buckets of a per-minute variance profile, scaled to mean 1. */
function bucketProfile(perMinute: readonly number[]): number[] {
  const buckets: number[] = [];
  for (let k = 0; k < perMinute.length; k += PROFILE_BUCKET_MINUTES) {
    const slice = perMinute.slice(k, k + PROFILE_BUCKET_MINUTES);
    buckets.push(slice.reduce((a, b) => a + b, 0) / slice.length);
  }
  const mean = buckets.reduce((a, b) => a + b, 0) / buckets.length;
  return buckets.map((b) => Number((b / mean).toFixed(4)));
}

function fitSymbol(
  sessions: readonly MinuteSession[],
  measures: MarketMeasures,
  annualVolatility: number,
  loadings: { gap: number; day: number; minute: number },
  closeScale: number,
): SymbolParameters {
  const daySigma = measures.dailyVolatility / Math.sqrt(TRADING_DAYS_PER_YEAR);
  const gapShare = standardDeviation([...openingGaps(sessions).values()]) / daySigma;
  const profile = bucketProfile(minuteVarianceProfile(sessions));
  const closeBuckets = 15 / PROFILE_BUCKET_MINUTES;
  const scaled = profile.map((v, i) =>
    i >= profile.length - closeBuckets ? Number((v * closeScale).toFixed(4)) : v,
  );
  return {
    annualVolatility: round(annualVolatility),
    gapSigma: round(
      Math.min(gapShare, 0.9) * (annualVolatility / Math.sqrt(TRADING_DAYS_PER_YEAR)),
    ),
    gapLoading: round(loadings.gap),
    dayLoading: round(loadings.day),
    minuteLoading: round(loadings.minute),
    varianceProfile: scaled,
  };
}

function round(value: number): number {
  return Number(value.toPrecision(4));
}

function roundMeasures<T extends object>(measures: T): T {
  return Object.fromEntries(
    Object.entries(measures).map(([key, value]) => [
      key,
      typeof value === "number" && !Number.isInteger(value) ? round(value) : value,
    ]),
  ) as T;
}

/** Standard deviation over the sessions of the log of each day's realised minute variance. */
function realisedVarianceSpread(sessions: readonly MinuteSession[]): number {
  return standardDeviation(
    sessions.map((session) => {
      let sum = 0;
      for (let k = 1; k < session.closes.length; k += 1) {
        const r = Math.log(
          (session.closes[k] ?? Number.NaN) / (session.closes[k - 1] ?? Number.NaN),
        );
        if (Number.isFinite(r)) sum += r * r;
      }
      return Math.log(sum);
    }),
  );
}

/** Open-to-close log returns of the sessions. */
function openToClose(sessions: readonly MinuteSession[]): Map<string, number> {
  return new Map(
    sessions.map((s) => [s.day, Math.log((s.closes.at(-1) ?? Number.NaN) / s.open)] as const),
  );
}

function withFactor(
  calibration: SimCalibration,
  change: Partial<FactorParameters>,
): SimCalibration {
  const factor = { ...calibration.factor };
  for (const [key, value] of Object.entries(change)) {
    factor[key as keyof FactorParameters] = round(value);
  }
  return { ...calibration, factor };
}

/**
 * The variance multiple J of a draw that is J times as variable with chance q (and scaled so the mean
 * variance holds) for which E m² / (E m)² = ratio: the root of q J² + c = ratio (c + q J)², c = 1 − q.
 */
function jumpVarianceFor(ratio: number, q: number): number {
  const c = 1 - q;
  const a = q - ratio * q * q;
  const b = -2 * ratio * c * q;
  const constant = c - ratio * c * c;
  if (ratio <= 1 || a <= 0) return 1;
  return (-b + Math.sqrt(b * b - 4 * a * constant)) / (2 * a);
}

/**
 * What the fit aims the simulator at, per series: the long record's volatility (scaled per series), daily
 * kurtosis and 15-minute kurtosis carried to 1 minute by the fit window's own 1-minute over 15-minute
 * kurtosis (BANKNIFTY's for both: the long record is BANKNIFTY's and the bursts are common); the close's
 * volatility as the fitted profile gives it.
 */
function targetOf(
  measured: MarketMeasures,
  minuteOverQuarterHour: number,
  annualVolatility: number,
  long: ReturnType<typeof longRecord>,
  closeScale: number,
): MarketMeasures {
  return {
    dailyVolatility: annualVolatility,
    minuteKurtosis: long.quarterHourKurtosis * minuteOverQuarterHour,
    dailyKurtosis: long.dailyKurtosis,
    closeToMiddayVolatility: measured.closeToMiddayVolatility * Math.sqrt(closeScale),
    meanAbsGap: measured.meanAbsGap * (annualVolatility / measured.dailyVolatility),
  };
}

/** Fits the simulator's parameters to the recorded bars in `folder` (docs/market-data.md, "The simulator"). */
export function fit(folder: string): SimCalibration {
  const nifty = within(readMinuteSessions(folder, "NIFTY"), FIT_WINDOW);
  const bank = within(readMinuteSessions(folder, "BANKNIFTY"), FIT_WINDOW);
  if (nifty.length === 0 || bank.length === 0) {
    throw new Error(`no NIFTY and BANKNIFTY 1-minute bars of ${FIT_WINDOW.from}..${FIT_WINDOW.to}`);
  }
  const measured = {
    NIFTY: measureSessions(nifty),
    BANKNIFTY: measureSessions(bank),
    pair: measurePair(nifty, bank),
  };
  const long = longRecord(folder);
  // The level from the long record (BANKNIFTY; NIFTY in the fit window's proportion).
  const bankVolatility = long.dailyVolatility;
  const niftyVolatility =
    bankVolatility * (measured.NIFTY.dailyVolatility / measured.BANKNIFTY.dailyVolatility);
  // The same loading for both series: their correlation is its square.
  const loading = (c: number) => Math.sqrt(Math.max(c, 0));
  const loadings = {
    gap: loading(sameDayCorrelation(openingGaps(nifty), openingGaps(bank))),
    day: loading(sameDayCorrelation(openToClose(nifty), openToClose(bank))),
    minute: loading(measured.pair.minuteCorrelation),
  };
  // The day's volatility v = exp(η z − η²): the log of a day's realised variance moves by 2η.
  const dayVolatilitySpread = mean([nifty, bank].map(realisedVarianceSpread)) / 2;
  // The close's volatility against midday from the long record, the shape inside the session from the
  // fit window.
  const fitCloseRatio = quarterHourCloseRatio(bank.map((s) => coarsen(s, 15)));
  const closeScale = (long.closeRatio / fitCloseRatio) ** 2;
  const minuteOverQuarterHour = measured.BANKNIFTY.minuteKurtosis / quarterHourKurtosis(bank);
  const calibration: SimCalibration = {
    command: COMMAND,
    fitWindow: { ...FIT_WINDOW, sessions: nifty.length },
    fittedOn: new Date().toISOString().slice(0, 10),
    longRecord: roundMeasures({ ...long }),
    factor: {
      dayVolatilitySpread: round(dayVolatilitySpread),
      dayJumpProbability: DAY_JUMP_PROBABILITY,
      dayJumpVariance: 1,
      burstProbability: BURST_PROBABILITY,
      burstVariance: 1,
    },
    symbols: {
      NIFTY: fitSymbol(nifty, measured.NIFTY, niftyVolatility, loadings, closeScale),
      BANKNIFTY: fitSymbol(bank, measured.BANKNIFTY, bankVolatility, loadings, closeScale),
    },
    fitWindowMeasures: {
      NIFTY: roundMeasures(measured.NIFTY),
      BANKNIFTY: roundMeasures(measured.BANKNIFTY),
      pair: roundMeasures(measured.pair),
    },
    targets: {
      NIFTY: roundMeasures(
        targetOf(measured.NIFTY, minuteOverQuarterHour, niftyVolatility, long, closeScale),
      ),
      BANKNIFTY: roundMeasures(
        targetOf(measured.BANKNIFTY, minuteOverQuarterHour, bankVolatility, long, closeScale),
      ),
      pair: roundMeasures(measured.pair),
    },
  };
  // Jump days' size: the model's daily kurtosis, 3 e^{4η²} E m² / (E m)² − 3, meets the long record's.
  const spreadFactor = Math.exp(4 * dayVolatilitySpread ** 2);
  const dayJumpVariance = jumpVarianceFor(
    (long.dailyKurtosis + 3) / (3 * spreadFactor),
    DAY_JUMP_PROBABILITY,
  );
  // Burst size: the same for the 1-minute kurtosis, the profile's own spread of variance counted in.
  const profile = calibration.symbols.BANKNIFTY.varianceProfile;
  const profileFactor = mean(profile.map((w) => w * w)) / mean(profile) ** 2;
  const burstVariance = jumpVarianceFor(
    (calibration.targets.BANKNIFTY.minuteKurtosis + 3) / (3 * spreadFactor * profileFactor),
    BURST_PROBABILITY,
  );
  return withFactor(calibration, { dayJumpVariance, burstVariance });
}

export function sourceOf(calibration: SimCalibration): string {
  const { fitWindow, longRecord: long } = calibration;
  return [
    "/**",
    ` * The simulator's fitted parameters. Written by \`${calibration.command}\``,
    ` * (packages/market/scripts/calibrate.ts) on ${calibration.fittedOn}: NIFTY and BANKNIFTY 1-minute bars`,
    ` * of ${fitWindow.from} to ${fitWindow.to} (${fitWindow.sessions} sessions) and the BANKNIFTY 15-minute`,
    ` * record of ${long.from} to ${long.to}; May–June 2024 is held out. Do not edit: rerun the command.`,
    " */",
    'import type { SimCalibration } from "./sim-parameters";',
    "",
    `export const SIM_CALIBRATION: SimCalibration = ${JSON.stringify(calibration, null, 2)};`,
    "",
  ].join("\n");
}

export interface Side {
  readonly NIFTY: MarketMeasures;
  readonly BANKNIFTY: MarketMeasures;
  readonly pair: PairMeasures;
}

function percent(value: number): string {
  return `${(value * 100).toFixed(1)} %`;
}

/** The side-by-side table (markdown) of the market and the simulator, ✗ where a row is out of its band. */
export function table(market: Side, simulated: Side): string {
  const lines = [
    "| measure | market NIFTY | sim NIFTY | market BANKNIFTY | sim BANKNIFTY |",
    "| --- | ---: | ---: | ---: | ---: |",
  ];
  const mark = (ok: boolean) => (ok ? "" : " ✗");
  for (const row of MEASURE_ROWS) {
    const format = row.key === "dailyVolatility" ? percent : (v: number) => v.toFixed(2);
    const cells = (["NIFTY", "BANKNIFTY"] as const).flatMap((symbol) => {
      const m = market[symbol][row.key];
      const s = simulated[symbol][row.key];
      return [format(m), `${format(s)}${mark(withinBand(row.band, s, m))}`];
    });
    lines.push(`| ${row.label} | ${cells.join(" | ")} |`);
  }
  for (const row of PAIR_ROWS) {
    const m = market.pair[row.key];
    const s = simulated.pair[row.key];
    lines.push(
      `| ${row.label} | ${m.toFixed(2)} | ${s.toFixed(2)}${mark(withinBand("correlation", s, m))} | | |`,
    );
  }
  return lines.join("\n");
}

/** The market's measures of a window of the recorded 1-minute bars. */
export function measureWindow(folder: string, window: { from: string; to: string }) {
  const nifty = within(readMinuteSessions(folder, "NIFTY"), window);
  const bank = within(readMinuteSessions(folder, "BANKNIFTY"), window);
  return {
    sessions: nifty.length,
    NIFTY: measureSessions(nifty),
    BANKNIFTY: measureSessions(bank),
    pair: measurePair(nifty, bank),
  };
}

/** Fits, writes calibration.ts and returns what it wrote. */
export function fitAndWrite(folder: string): SimCalibration {
  const calibration = fit(folder);
  writeFileSync(CALIBRATION_FILE, sourceOf(calibration));
  // In the house's format (biome), so the written file passes the lint as it is.
  execFileSync("npx", ["biome", "format", "--write", CALIBRATION_FILE], { stdio: "ignore" });
  return calibration;
}
