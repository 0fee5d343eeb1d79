/**
 * Backtest CLI: runs a model over simulated (or replayed) days and prints its trades and summary.
 *
 *   npm run backtest -- --model BankNifty:KalpaVruksha --from 2026-02-02 --to 2026-02-27
 *   npm run backtest -- --model all --from 2026-02-02 --to 2026-02-27 --seed 7 --markdown
 *   npm run backtest -- --model Nifty:KalpaVruksha --from 2026-03-02 --to 2026-03-06 --replay - < bars.csv
 *
 * Options: --model <id | all> (required), --from and --to <YYYY-MM-DD> (required), --seed <n> (simulated
 * market, default 42), --lots <n> (default 1), --replay - (1-minute bars as CSV on standard input, the
 * replay feed's format), --markdown (the summary as a table), --quiet (no trade list).
 */
import { DayKeySchema, MODEL_IDS, type ModelId } from "@kalpa/contracts/names";
import { type BacktestResult, runBacktest } from "../src/backtest/backtest";
import { type MinuteBarSource, replayBarSource } from "../src/backtest/bar-source";
import { parseReplayCsv } from "../src/feed/replay-csv";
import { createModel } from "../src/models/models";
import { SimulatedMarket } from "../src/sim/simulated-market";
import { formatTimeOfDay, minutesIntoDay } from "../src/time/time-of-day";

const USAGE =
  "usage: npm run backtest -- --model <id|all> --from YYYY-MM-DD --to YYYY-MM-DD " +
  "[--seed 42] [--lots 1] [--replay -] [--markdown] [--quiet]\n" +
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

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  const models = modelsFrom(args.get("model"));
  const from = dayFrom(args, "from");
  const to = dayFrom(args, "to");
  const seed = Number(args.get("seed") ?? 42);
  const lots = Number(args.get("lots") ?? 1);
  let source: MinuteBarSource = new SimulatedMarket({ seed });
  let origin = `simulated market, seed ${seed}`;
  if (args.get("replay") === "-") {
    const [first] = models;
    const symbol = first ? createModel(first).symbol : undefined;
    source = replayBarSource(parseReplayCsv(await readStdin(), { symbol }));
    origin = "replayed bars from standard input";
  }
  const results = models.map((model) => runBacktest({ model, from, to, source, lots }));
  console.log(`Backtest ${from} to ${to}, ${origin}, ${lots} lot(s); P/L in rupees.`);
  if (args.get("quiet") !== "true") {
    for (const result of results) {
      console.log(`\n${result.modelId}`);
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
