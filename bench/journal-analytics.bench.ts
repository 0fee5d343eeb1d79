/**
 * The journal's statistics for a model's whole record on one core: what GET /api/paper/stats and
 * GET /api/paper/analytics compute once their trades are read (packages/market journal/statistics.ts
 * trackRecord and journal/analytics.ts analyseTrades), beside a plain loop summing the same trades' net
 * P/L in the same run, because this machine's speed drifts.
 *
 * The record: two years of weekdays (about 520 sessions), six trades a session (an HFT model's pace) with
 * seeded random entries, holds, stops and results: about 3,100 trades, in the order the database gives them.
 * Run with `npm run bench:journal-analytics -w bench`.
 *
 * Target (issue 37): under 50 ms at the 99th percentile of the runs.
 *
 * Each trade carries its stored excursions (MAE/MFE) and entry against the zone, as the server reads them
 * (decision 038). Measured beside it: pricing excursions from minute bars (journal/excursions.ts), what the
 * server does once per trade while its bars are stored, for the record's last five sessions (the most the
 * stored minute bars ever hold), with a random walk of the underlying over each trade's minutes.
 */
import { loadavg } from "node:os";
import { type AnalysedTradeInput, analyseTrades } from "@kalpa/market/journal/analytics";
import { type ExcursionBar, premiumExcursions } from "@kalpa/market/journal/excursions";
import { trackRecord } from "@kalpa/market/journal/statistics";
import { dayKeyOf } from "@kalpa/market/time/day-key";
import { createVerdicts } from "./support/report";

const TARGET_MS = 50;
const RUNS = Number(process.env.BENCH_RUNS ?? 200);
const DAY_MS = 24 * 60 * 60 * 1000;

console.log(
  `load average before: ${loadavg()
    .map((l) => l.toFixed(2))
    .join(" ")}`,
);

/** mulberry32: the same record on every run. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

interface BenchTrade extends AnalysedTradeInput {
  gross: number;
}

function record(): BenchTrade[] {
  const next = random(37);
  const trades: BenchTrade[] = [];
  // 09:15 IST on Monday 2 Dec 2024.
  const first = Date.parse("2024-12-02T09:15:00+05:30");
  for (let day = 0; day < 730; day += 1) {
    const open = first + day * DAY_MS;
    const weekday = new Date(open + 5.5 * 3_600_000).getUTCDay();
    if (weekday === 0 || weekday === 6) continue;
    for (let n = 0; n < 6; n += 1) {
      const entryTime = open + Math.floor(next() * 330) * 60_000;
      const entryPrice = 80 + Math.round(next() * 2400) / 20;
      const stopLoss = entryPrice - (10 + Math.round(next() * 400) / 20);
      const quantity = 65 * (1 + Math.floor(next() * 3));
      const move = (next() - 0.42) * 2.2 * (entryPrice - stopLoss);
      const gross = Math.round(move * quantity * 100) / 100;
      trades.push({
        id: `BankNifty:HFT@${day}-${n}`,
        entryTime,
        exitTime: entryTime + (5 + Math.floor(next() * 60)) * 60_000,
        excursions:
          next() < 0.3
            ? null
            : { mae: Math.round(next() * 3000) / 100, mfe: Math.round(next() * 5000) / 100 },
        entryVsZone: Math.round((next() - 0.5) * 100) / 100,
        entryPrice,
        stopLoss: next() < 0.02 ? null : stopLoss,
        quantity,
        gross,
        net: Math.round((gross - 60 - next() * 20) * 100) / 100,
        slippage: Math.round(next() * 40 * 100) / 100,
      });
    }
  }
  return trades.sort((a, b) => a.exitTime - b.exitTime);
}

const trades = record();

/** Both answers' statistics, as the server works them out (the stats' day key per trade included). */
function statistics(list: readonly BenchTrade[]): number {
  const stats = trackRecord(
    list.map((trade) => ({ day: dayKeyOf(trade.exitTime), gross: trade.gross, net: trade.net })),
  );
  const analysis = analyseTrades(list);
  return stats.net + analysis.equity.length + (analysis.expectancyR ?? 0);
}

/** The last five sessions' trades, each with a random walk of the underlying over its minutes. */
const lastWeek = (() => {
  const next = random(38);
  return trades.slice(-30).map((trade) => {
    const bars: ExcursionBar[] = [];
    let level = 52_000 + (next() - 0.5) * 1000;
    for (let time = trade.entryTime; time + 60_000 <= trade.exitTime; time += 60_000) {
      const step = (next() - 0.5) * 40;
      bars.push({
        time,
        open: level,
        high: level + Math.abs(step) + 5,
        low: level - Math.abs(step) - 5,
      });
      level += step;
    }
    return { trade, bars };
  });
})();

/** Each trade's excursions priced from its minute bars (a BANKNIFTY call at 52,000). */
const EXPIRES_AT = Date.parse("2027-01-28T15:30:00+05:30");
function excursions(): number {
  let sum = 0;
  for (const { trade, bars } of lastWeek) {
    const found = premiumExcursions({
      contract: { symbol: "BANKNIFTY", optionType: "CE", strike: 52_000, expiresAt: EXPIRES_AT },
      entryTime: trade.entryTime,
      exitTime: trade.exitTime,
      entryPrice: trade.entryPrice,
      exitPrice: trade.entryPrice,
      bars,
    });
    sum += found?.mae ?? 0;
  }
  return sum;
}

/** The reference: one pass summing the net P/L. */
function reference(list: readonly BenchTrade[]): number {
  let sum = 0;
  for (const trade of list) sum += trade.net;
  return sum;
}

function time(work: (list: readonly BenchTrade[]) => number, runs = RUNS): number[] {
  const ms: number[] = [];
  let sink = 0;
  for (let run = 0; run < runs; run += 1) {
    const start = process.hrtime.bigint();
    sink += work(trades);
    ms.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  if (!Number.isFinite(sink)) throw new Error("nothing computed");
  return ms.sort((a, b) => a - b);
}

// Warm up, then measure.
time(statistics);
time(reference);
const ours = time(statistics);
const plain = time(reference);
time(excursions);
const priced = time(excursions);
const minutes = lastWeek.reduce((sum, entry) => sum + entry.bars.length, 0);
const at = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
const fmt = (ms: number) => ms.toFixed(3);
console.table([
  {
    work: `trackRecord + analyseTrades, ${trades.length} trades`,
    "median ms": fmt(at(ours, 0.5)),
    "p99 ms": fmt(at(ours, 0.99)),
  },
  {
    work: `premiumExcursions, the last 5 sessions: ${lastWeek.length} trades, ${minutes} minute bars`,
    "median ms": fmt(at(priced, 0.5)),
    "p99 ms": fmt(at(priced, 0.99)),
  },
  {
    work: "reference: a loop summing the net P/L",
    "median ms": fmt(at(plain, 0.5)),
    "p99 ms": fmt(at(plain, 0.99)),
  },
]);
const verdicts = createVerdicts();
verdicts.check(
  `Journal statistics of ${trades.length} trades (two years): p99 ${fmt(at(ours, 0.99))} ms, median ${fmt(at(ours, 0.5))} ms (target < ${TARGET_MS} ms; the reference loop ${fmt(at(plain, 0.5))} ms)`,
  at(ours, 0.99) < TARGET_MS,
);
console.log(
  `Pricing a trade's excursions: ${fmt(at(priced, 0.5) / lastWeek.length)} ms a trade (median), ${fmt((at(priced, 0.5) / minutes) * 1000)} µs a minute`,
);
verdicts.print();
