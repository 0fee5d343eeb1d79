/**
 * The models on real history: the recorded folder read and parsed, the four models over their
 * whole recorded windows (116 NSE sessions of January–June 2024, crude's June 2025 days), and the same with
 * their baselines (100 random-entry runs and the fixed 09:20 entry per model), as
 * `npm run backtest -- --data ../shared/market-data --json` does. Beside them, a reference measured in the
 * same run: every recorded minute through an EMA and an ATR, the least work a model does per bar, ten times over.
 *
 * Target: the four models over the whole window in under 30 s. Run with
 * `npx tsx bench/real-history.bench.ts [folder] [--runs N]`; without shared/market-data it says so and
 * stops. The figures move with the machine's load, printed first.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { loadavg } from "node:os";
import { join } from "node:path";
import { MODEL_IDS } from "@kalpa/contracts/names";
import { runBacktest } from "@kalpa/market/backtest/backtest";
import { historyReport } from "@kalpa/market/backtest/history-report";
import { realisedLevelPricer } from "@kalpa/market/backtest/realised-pricer";
import {
  isRecordedFile,
  RECORDED_FOLDERS,
  type RecordedFile,
  recordedContracts,
  recordedMarket,
} from "@kalpa/market/feed/recorded-market";
import { Atr } from "@kalpa/market/indicators/atr";
import { Ema } from "@kalpa/market/indicators/ema";
import { createModel } from "@kalpa/market/models/models";
import type { OptionContract } from "@kalpa/market/options/option-contract";
import { createVerdicts } from "./support/report";

const args = process.argv.slice(2);
const runsAt = args.indexOf("--runs");
const RUNS = runsAt === -1 ? 100 : Number(args[runsAt + 1]);
const folder =
  args.find((arg, i) => !arg.startsWith("--") && i !== runsAt + 1) ??
  join(import.meta.dirname, "../../shared/market-data");
const TARGET_S = 30;

if (!existsSync(folder)) {
  console.log(`(skipped: no recorded prices at ${folder})`);
  process.exit(0);
}

console.log(
  `load average before: ${loadavg()
    .map((l) => l.toFixed(2))
    .join(" ")}`,
);
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

let started = performance.now();
const files: RecordedFile[] = [];
for (const sub of RECORDED_FOLDERS) {
  const dir = join(folder, sub);
  if (!existsSync(dir)) continue;
  for (const name of readdirSync(dir).sort()) {
    if (!isRecordedFile(sub, name)) continue;
    files.push({ folder: sub, name, text: readFileSync(join(dir, name), "utf8") });
  }
}
const market = recordedMarket(files);
const loadMs = performance.now() - started;
const contracts = recordedContracts(market);
const optionBar = (contract: OptionContract, time: number) =>
  market.optionBar(contract.symbol, contract, time);
const pricer = realisedLevelPricer(market.dailyBar);
const windowOf = (id: (typeof MODEL_IDS)[number]) => {
  const days = market.days(createModel(id).symbol);
  return { from: days[0] as string, to: days.at(-1) as string };
};

// The reference: every recorded minute through an EMA and an ATR, ten times over.
const PASSES = 10;
started = performance.now();
let minutes = 0;
for (let pass = 0; pass < PASSES; pass += 1)
  for (const symbol of ["NIFTY", "BANKNIFTY", "CRUDEOIL"] as const) {
    const ema = new Ema(20);
    const atr = new Atr(14);
    for (const day of market.days(symbol)) {
      for (const bar of market.minuteBars(symbol, day)) {
        ema.update(bar.close);
        atr.update(bar);
        minutes += 1;
      }
    }
  }
const referenceMs = performance.now() - started;

started = performance.now();
const trades: string[] = [];
for (const id of MODEL_IDS) {
  const result = runBacktest({
    model: id,
    ...windowOf(id),
    source: market,
    contracts,
    optionBar,
    pricer,
  });
  trades.push(`${id} ${result.summary.trades}`);
}
const modelsMs = performance.now() - started;

started = performance.now();
for (const id of MODEL_IDS) {
  historyReport(id, {
    ...windowOf(id),
    source: market,
    contracts,
    optionBar,
    pricer,
    randomRuns: RUNS,
  });
}
const reportMs = performance.now() - started;

console.log(`
| what | time | × reference |
| --- | ---: | ---: |
| reference: ${(minutes / PASSES).toLocaleString("en-IN")} recorded minutes through an EMA and an ATR, ${PASSES} times | ${seconds(referenceMs)} | 1 |
| the folder read and parsed (crude's parity future included) | ${seconds(loadMs)} | ${(loadMs / referenceMs).toFixed(0)} |
| the four models over their whole recorded windows (${trades.join(", ")} trades) | ${seconds(modelsMs)} | ${(modelsMs / referenceMs).toFixed(0)} |
| the same with baselines (${RUNS} random runs and the fixed 09:20 entry per model) | ${seconds(reportMs)} | ${(reportMs / referenceMs).toFixed(0)} |`);

const verdicts = createVerdicts();
verdicts.check(
  `the four models over the whole window in under ${TARGET_S} s (${seconds(modelsMs)})`,
  modelsMs < TARGET_S * 1000,
);
verdicts.print();
