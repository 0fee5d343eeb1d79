/**
 * Signal engine throughput in packages/market, on one core: a month of 1-minute bars through all four
 * models with their lifecycles and option pricing (the backtest's loop, the engine's work per closed bar),
 * and ticks through an open signal (pricing the option with Black-Scholes and the lifecycle's step: the
 * engine's work per tick while a signal is open). Bars come from the simulated market, generated before
 * the clock starts. Run with `npx tsx bench/signal-models.bench.ts`.
 *
 * Targets: at least 20,000 bars a second through the four models (a month of one model's bars in
 * well under a second; live, each model sees one bar a minute at most) and at least 100,000 ticks a
 * second through an open signal. They were set after measuring on this 2-core machine while other
 * work kept its load average at 6-7 (about 46,000 bars/s and 130,000-400,000 ticks/s): the figures
 * move with the load, which is printed first. The 500,000 ticks/s target (signal-engine.bench.ts)
 * is for the whole engine, most of whose ticks find no open signal; the per-tick cost here is the
 * signal record's copy (it is immutable) and one Black-Scholes price.
 */
import { loadavg } from "node:os";
import type { Bar } from "@kalpa/contracts/market";
import { type MarketSymbol, MODEL_IDS } from "@kalpa/contracts/names";
import { runBacktest } from "@kalpa/market/backtest/backtest";
import type { MinuteBarSource } from "@kalpa/market/backtest/bar-source";
import { createModel } from "@kalpa/market/models/models";
import { ModelRunner } from "@kalpa/market/signals/model-runner";
import { SimulatedMarket } from "@kalpa/market/sim/simulated-market";
import { addDays } from "@kalpa/market/time/day-math";
import { createVerdicts } from "./support/report";

const FROM = "2026-02-02";
const TO = "2026-02-27";
const TICKS = 2_000_000;

console.log(
  `load average before: ${loadavg()
    .map((l) => l.toFixed(2))
    .join(" ")}`,
);
const market = new SimulatedMarket({ seed: 42 });
const cache = new Map<string, readonly Bar[]>();
let started = performance.now();
for (let day = addDays(FROM, -10); day <= TO; day = addDays(day, 1)) {
  for (const symbol of ["NIFTY", "BANKNIFTY", "CRUDEOIL"] as const) {
    cache.set(`${symbol} ${day}`, market.minuteBars(symbol, day));
  }
}
console.log(
  `simulated bars generated in ${(performance.now() - started).toFixed(0)} ms (not timed below)`,
);
const source: MinuteBarSource = {
  minuteBars: (symbol: MarketSymbol, day) => cache.get(`${symbol} ${day}`) ?? [],
};

const rows: string[] = [];
let totalBars = 0;
let totalMs = 0;
for (const id of MODEL_IDS) {
  const symbol = createModel(id).symbol;
  runBacktest({ model: id, from: FROM, to: FROM, source }); // warm the JIT
  started = performance.now();
  const result = runBacktest({ model: id, from: FROM, to: TO, source });
  const ms = performance.now() - started;
  let bars = 0;
  for (let day = FROM; day <= TO; day = addDays(day, 1))
    bars += source.minuteBars(symbol, day).length;
  totalBars += bars;
  totalMs += ms;
  rows.push(
    `${id.padEnd(24)} ${String(bars).padStart(7)} bars ${ms.toFixed(0).padStart(6)} ms ` +
      `${Math.round(bars / (ms / 1000))
        .toLocaleString("en-IN")
        .padStart(12)} bars/s ` +
      `${String(result.summary.signals).padStart(4)} signals`,
  );
}
const barsPerSecond = totalBars / (totalMs / 1000);
console.log(
  `\n1-minute bars ${FROM} to ${TO} through each model (lifecycle and pricing included):`,
);
for (const row of rows) console.log(row);
console.log(`all four: ${Math.round(barsPerSecond).toLocaleString("en-IN")} bars/s`);

// Ticks through an open signal: a BANKNIFTY signal from the backtest, held open (target and stop out of
// reach, square-off after the ticks) while the index wanders.
const sample = runBacktest({ model: "BankNifty:KalpaVruksha", from: FROM, to: TO, source })
  .signals[0];
if (!sample) throw new Error("no signal to hold open");
const runner = new ModelRunner(createModel("BankNifty:KalpaVruksha"));
runner.restore({
  ...sample,
  status: "triggered",
  entryPrice: sample.premium,
  entryTime: sample.generatedAt,
  target: 1e9,
  stopLoss: 0.05,
  exitPrice: null,
  exitTime: null,
  closeReason: null,
  squareOffAt: sample.generatedAt + TICKS * 10,
  expiresAt: sample.generatedAt + TICKS * 10 + 1,
});
let events = 0;
started = performance.now();
for (let i = 0; i < TICKS; i += 1) {
  const price = sample.underlyingPrice + 200 * Math.sin(i / 5_000);
  events += runner.onUnderlying({ time: sample.generatedAt + 1 + i, price }).length;
}
const tickMs = performance.now() - started;
const ticksPerSecond = TICKS / (tickMs / 1000);
console.log(
  `\nticks through an open signal: ${TICKS.toLocaleString("en-IN")} in ${tickMs.toFixed(0)} ms, ` +
    `${Math.round(ticksPerSecond).toLocaleString("en-IN")} ticks/s (${events.toLocaleString("en-IN")} updates)`,
);

const verdicts = createVerdicts();
verdicts.check("at least 20,000 bars/s through the four models", barsPerSecond >= 20_000);
verdicts.check("at least 100,000 ticks/s through an open signal", ticksPerSecond >= 100_000);
verdicts.print();
