/**
 * Backtest CLI: runs a model over simulated (or replayed) days and prints its trades and summary.
 *
 *   npm run backtest -- --model BankNifty:KalpaVruksha --from 2026-02-02 --to 2026-02-27
 *   npm run backtest -- --model all --from 2026-02-02 --to 2026-02-27 --seed 7 --markdown
 *   npm run backtest -- --model Nifty:KalpaVruksha --from 2026-03-02 --to 2026-03-06 --replay - < bars.csv
 *   npm run backtest -- --data ../shared/market-data --model all --json
 *
 * Options: --model <id | all> (required), --from and --to <YYYY-MM-DD> (required), --seed <n> (simulated
 * market, default 42), --lots <n> (default 1), --replay - (1-minute bars as CSV on standard input, the
 * replay feed's format), --markdown (the summary as a table), --quiet (no trade list).
 *
 * --data <folder>: real recorded prices in shared/market-data's layout (src/feed/recorded-market.ts); each
 * model runs over its symbol's recorded days (--from and --to narrow them; --model defaults to all). With
 * --json it prints one JSON object: per model the window, the figures, month by month, the equity curve
 * and the baselines (src/backtest/history-report.ts: --runs random runs, default 100, from --seed, default
 * 1); --held-out-from adds the figures of the days from then on, which no fit saw, and takes the worse
 * verdict). packages/market/model-cards/real-history.json is that output, for the model cards:
 *   npm run backtest -- --data ../shared/market-data --model all --json --held-out-from 2024-05-01
 */
import { type DayKey, DayKeySchema, MODEL_IDS, type ModelId } from "@kalpa/contracts/names";
import { readRecordedFolder } from "../recorded/market-data";
import { type BacktestResult, runBacktest } from "../src/backtest/backtest";
import { type MinuteBarSource, replayBarSource } from "../src/backtest/bar-source";
import { type Edge, historyReport } from "../src/backtest/history-report";
import { realisedLevelPricer } from "../src/backtest/realised-pricer";
import {
  type RecordedMarket,
  recordedContracts,
  recordedMarket,
} from "../src/feed/recorded-market";
import { parseReplayCsv } from "../src/feed/replay-csv";
import { currentModelVersion } from "../src/models/model-versions";
import { createModel } from "../src/models/models";
import type { OptionContract } from "../src/options/option-contract";
import { SimulatedMarket } from "../src/sim/simulated-market";
import { formatTimeOfDay, minutesIntoDay } from "../src/time/time-of-day";

const USAGE =
  "usage: npm run backtest -- --model <id|all> --from YYYY-MM-DD --to YYYY-MM-DD " +
  "[--seed 42] [--lots 1] [--replay -] [--markdown] [--quiet]\n" +
  "       npm run backtest -- --data <folder> [--model all] [--from --to] [--json [--runs 100] [--seed 1] [--held-out-from YYYY-MM-DD]]\n" +
  `models: ${MODEL_IDS.join(", ")}`;

function parseArgs(argv: readonly string[]): Map<string, string> {
  const args = new Map<string, string>();
  for (let i = 0; i < argv.length; i += 1) {
    const key = argv[i] ?? "";
    if (!key.startsWith("--")) throw new Error(`unexpected argument "${key}"`);
    const next = argv[i + 1];
    if (next === undefined || next.startsWith("--")) args.set(key.slice(2), "true");
    else {
      args.set(key.slice(2), next);
      i += 1;
    }
  }
  return args;
}

function modelsFrom(text: string | undefined): ModelId[] {
  if (text === undefined) throw new Error("--model is required");
  if (text.toLowerCase() === "all") return [...MODEL_IDS];
  const id = MODEL_IDS.find((candidate) => candidate.toLowerCase() === text.toLowerCase());
  if (!id) throw new Error(`unknown model "${text}"`);
  return [id];
}

function dayFrom(args: Map<string, string>, name: string): string {
  const parsed = DayKeySchema.safeParse(args.get(name));
  if (!parsed.success) throw new Error(`--${name} must be a day as YYYY-MM-DD`);
  return parsed.data;
}

async function readStdin(): Promise<string> {
  const decoder = new TextDecoder();
  let text = "";
  for await (const chunk of process.stdin) {
    text += typeof chunk === "string" ? chunk : decoder.decode(chunk, { stream: true });
  }
  return text + decoder.decode();
}

const time = (at: number | null) =>
  at === null ? "-" : formatTimeOfDay(Math.floor(minutesIntoDay(at)));
const rupees = (value: number | null) =>
  value === null ? "-" : value.toLocaleString("en-IN", { maximumFractionDigits: 2 });
const percent = (value: number | null) => (value === null ? "-" : `${(value * 100).toFixed(1)}%`);

function printTrades(result: BacktestResult): void {
  console.log(
    [
      "day",
      "signal",
      "option",
      "expiry",
      "lot",
      "zone",
      "target",
      "stop",
      "entry",
      "exit",
      "why",
      "gross",
    ].join("\t"),
  );
  for (const s of result.signals) {
    console.log(
      [
        s.day,
        time(s.generatedAt),
        `${s.strike} ${s.optionType}`,
        s.expiry,
        s.lotSize,
        `${s.entryLow}-${s.entryHigh}`,
        s.target,
        s.stopLoss,
        s.entryPrice === null ? "-" : `${s.entryPrice} @${time(s.entryTime)}`,
        s.exitPrice === null ? "-" : `${s.exitPrice} @${time(s.exitTime)}`,
        s.closeReason ?? s.status,
        rupees(s.pnl),
      ].join("\t"),
    );
  }
}

const SUMMARY_COLUMNS = [
  "model",
  "days",
  "signals/day",
  "trades",
  "wins",
  "losses",
  "win rate",
  "gross P/L",
  "avg win",
  "avg loss",
  "max drawdown",
  "net P/L",
  "target/stop/eod/expiry",
  "stops triggered/past limit/squared off",
] as const;

function summaryRow(result: BacktestResult): string[] {
  const s = result.summary;
  const reasons = s.closeReasons;
  return [
    result.modelId,
    String(s.days),
    s.signalsPerDay.toFixed(2),
    String(s.trades),
    String(s.wins),
    String(s.losses),
    percent(s.winRate),
    rupees(s.grossPnl),
    rupees(s.averageWin),
    rupees(s.averageLoss),
    rupees(s.maxDrawdown),
    rupees(s.netPnl),
    `${reasons.target}/${reasons.stop}/${reasons.eod}/${reasons.expiry}`,
    `${s.stopsTriggered}/${s.stopsPastLimit}/${s.stopsSquaredOff}`,
  ];
}

/** Whole numbers only: a seed or a count that is not one is refused, not turned into NaN. */
function wholeFrom(
  args: Map<string, string>,
  name: string,
  fallback: number,
  least: number,
): number {
  const text = args.get(name);
  if (text === undefined) return fallback;
  const value = Number(text);
  if (!Number.isInteger(value) || value < least) {
    throw new Error(`--${name} must be a whole number of at least ${least}`);
  }
  return value;
}

/** The window of `model` in the recorded folder: --from/--to, else its first and last recorded days. */
function recordedWindow(
  market: RecordedMarket,
  model: ModelId,
  args: Map<string, string>,
): { from: DayKey; to: DayKey } | undefined {
  const days = market.days(createModel(model).symbol);
  const from = args.has("from") ? dayFrom(args, "from") : days[0];
  const to = args.has("to") ? dayFrom(args, "to") : days.at(-1);
  if (from === undefined || to === undefined) return undefined;
  return days.some((day) => day >= from && day <= to) ? { from, to } : undefined;
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  const data = args.get("data");
  const models = modelsFrom(args.get("model") ?? (data ? "all" : undefined));
  const seed = wholeFrom(args, "seed", data ? 1 : 42, 0);
  const lots = wholeFrom(args, "lots", 1, 1);
  if (data) {
    const market = recordedMarket(readRecordedFolder(data));
    const contracts = recordedContracts(market);
    const optionBar = (contract: OptionContract, time: number) =>
      market.optionBar(contract.symbol, contract, time);
    const pricer = realisedLevelPricer(market.dailyBar);
    const runs = wholeFrom(args, "runs", 100, 1);
    const heldOutFrom = args.has("held-out-from") ? dayFrom(args, "held-out-from") : undefined;
    if (args.get("json") === "true") {
      const reports = models.map((model) => {
        const window = recordedWindow(market, model, args);
        if (!window) return { modelId: model, notRun: "no recorded 1-minute bars in the window" };
        const options = { source: market, contracts, optionBar, pricer, randomRuns: runs, seed };
        const report = {
          version: currentModelVersion(model).version,
          ...historyReport(model, { ...window, ...options }),
        };
        if (heldOutFrom === undefined || heldOutFrom > window.to) return report;
        // The days no fit or mend ever saw: the model's edge is the worse of theirs and the whole window's.
        const from = heldOutFrom > window.from ? heldOutFrom : window.from;
        const heldOut = historyReport(model, { from, to: window.to, ...options });
        // The held-out days' band is the whole window's, cut short: not repeated.
        const { equityBand: _band, ...random } = heldOut.baselines.random;
        return {
          ...report,
          edge: worseEdge(report.edge, heldOut.edge),
          heldOut: {
            window: heldOut.window,
            summary: heldOut.summary,
            months: heldOut.months,
            random,
            fixed0920: heldOut.baselines.fixed0920,
            edge: heldOut.edge,
          },
        };
      });
      const report = {
        generatedBy: `npm run backtest -- ${process.argv.slice(2).join(" ")}`,
        generatedOn: new Date().toISOString().slice(0, 10),
        data,
        notes: RECORDED_NOTES,
        models: reports,
      };
      console.log(JSON.stringify(report, null, 2));
      return;
    }
    const results = models.flatMap((model) => {
      const window = recordedWindow(market, model, args);
      if (!window) return [];
      return [
        runBacktest({ model, ...window, source: market, contracts, optionBar, pricer, lots }),
      ];
    });
    printResults(args, results, `recorded market data in ${data}`, lots);
    return;
  }
  const from = dayFrom(args, "from");
  const to = dayFrom(args, "to");
  let source: MinuteBarSource = new SimulatedMarket({ seed });
  let origin = `simulated market, seed ${seed}`;
  if (args.get("replay") === "-") {
    const [first] = models;
    const symbol = first ? createModel(first).symbol : undefined;
    source = replayBarSource(parseReplayCsv(await readStdin(), { symbol }));
    origin = "replayed bars from standard input";
  }
  const results = models.map((model) => runBacktest({ model, from, to, source, lots }));
  printResults(args, results, origin, lots);
}

const EDGES: readonly Edge[] = ["none", "weak", "positive"];
const worseEdge = (a: Edge, b: Edge): Edge => (EDGES.indexOf(a) <= EDGES.indexOf(b) ? a : b);

/** What a reader of the JSON must know about the recorded runs. */
const RECORDED_NOTES = [
  "Amounts are rupees for the lots given (default 1), net of the broker's dated charges and each fill's slippage.",
  "NIFTY and BANKNIFTY options are priced by the calibrated option model off the recorded index (the recording has no per-strike history for them), at a level from the index's realised volatility of the 20 sessions before each day times the implied-over-realised ratio of the recorded at-the-money options; CRUDEOIL signals trade the recorded option contracts at their 1-minute bars, with the signal's slippage, and CRUDEOIL's underlying is the put–call parity future of those options.",
  "index-15min (BANKNIFTY 2018–2023) is not run: the BANKNIFTY models read 1- and 5-minute bars.",
  "Baselines run on the same days with the same exits: random entries (seeded runs, about as many signals as the model) and a fixed 09:20 entry on the side of the day's move so far.",
  "edge: positive when the model made money and beat 95 % of the random runs, weak at 80 %, none otherwise; with --held-out-from, the worse of the whole window's and the held-out days' (heldOut), the days no fit or mend saw.",
];

function printResults(
  args: Map<string, string>,
  results: readonly BacktestResult[],
  origin: string,
  lots: number,
): void {
  const [first] = results;
  const span = first ? `${first.from} to ${first.to}` : "no days";
  console.log(`Backtest ${span}, ${origin}, ${lots} lot(s); P/L in rupees.`);
  if (args.get("quiet") !== "true") {
    for (const result of results) {
      console.log(`\n${result.modelId} (${result.from} to ${result.to})`);
      printTrades(result);
    }
  }
  console.log("");
  if (args.get("markdown") === "true") {
    console.log(`| ${SUMMARY_COLUMNS.join(" | ")} |`);
    console.log(`|${SUMMARY_COLUMNS.map(() => " --- ").join("|")}|`);
    for (const result of results) console.log(`| ${summaryRow(result).join(" | ")} |`);
  } else {
    for (const result of results) {
      const row = summaryRow(result);
      console.log(SUMMARY_COLUMNS.map((name, i) => `${name}: ${row[i]}`).join("\n"), "\n");
    }
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  console.error(USAGE);
  process.exitCode = 1;
});
