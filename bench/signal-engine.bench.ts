/**
 * Whole-engine throughput on one core: ticks a second through what the server's market engine does with
 * each tick when the models run (apps/server/src/engine/market-engine.ts's `apply`): the snapshot tracker,
 * the bar builder (1, 5, 15-minute and daily bars, as the engine builds them with the models on), the real
 * signal engine (createSignalEngine: the four models' bars, each tick priced into an open signal, the
 * lifecycle) and, every ENGINE_LOOP_TICKS ticks, the engine loop's end: the bars whose bucket has ended and
 * the signal engine's flush (the clock's square-off and cancellation, the trading day's start, the
 * per-model outbox, the commit and the publish). The repository is in memory (its writes cost nothing
 * here) and the publisher only counts, so this is the engine's own CPU, not the database's or the sockets'.
 * Run with `npm run bench:engine -w bench` (BENCH_DAYS sets the simulated days measured, 10; BENCH_ROUNDS
 * the rounds, 3, each on a fresh engine: the verdict is on the median round). Each round prints its wall
 * time and ticks/s, and its CPU time (the process's, GC threads included), whose ticks per CPU second say
 * what the engine does with a core it has to itself when other work takes turns on the machine.
 *
 * Ticks come from the simulated market (a tick a second per symbol, as the server's simulated feed) for
 * NIFTY, BANKNIFTY and CRUDEOIL over several trading days, generated before the clock starts, so signals
 * are generated, trigger and close during the measurement: the counts printed prove the models worked.
 * The days before are run through the same engine first, untimed, to warm the indicators and the JIT.
 *
 * Target: at least 500,000 ticks a second. The figure moves with the machine's load (2 cores
 * shared with other work), which is printed first.
 */
import { loadavg } from "node:os";
import { MARKET_SYMBOLS } from "@kalpa/contracts/names";
import { BarBuilder, type CompletedBar } from "@kalpa/market/bars/bar-builder";
import { SnapshotTracker } from "@kalpa/market/bars/snapshot-tracker";
import type { Tick } from "@kalpa/market/feed/tick";
import { DEFAULT_SQUARE_OFF } from "@kalpa/market/signals/square-off";
import { SimulatedMarket } from "@kalpa/market/sim/simulated-market";
import { addDays } from "@kalpa/market/time/day-math";
import { instantAt } from "@kalpa/market/time/time-of-day";
import pino from "pino";
import {
  createSignalEngine,
  type SignalEngineRepository,
  type SignalPublisher,
} from "../apps/server/src/engine/signal-engine";
import { createVerdicts } from "./support/report";

const TARGET_TICKS_PER_S = 500_000;
/** Ticks per engine loop: the bars ended and the signal engine's flush run after this many. */
const ENGINE_LOOP_TICKS = 250;
const WARMUP_FROM = "2026-01-26";
const FROM = "2026-02-02";
const DAYS = Number(process.env.BENCH_DAYS ?? 10);
/** Rounds measured (each on a fresh engine); the verdict is on the median, as the load moves. */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

const load = loadavg();
console.log(`load average before: ${load.map((l) => l.toFixed(2)).join(" ")}`);

/** Every tick of the three symbols from `from` to the end of `days` calendar days, in time order. */
function ticksOf(market: SimulatedMarket, from: string, days: number): Tick[] {
  const ticks: Tick[] = [];
  for (let i = 0; i < days; i++) {
    const day = addDays(from, i);
    for (const tick of market.ticksBetween(
      instantAt(day, 0) - 1,
      instantAt(addDays(day, 1), 0) - 1,
      MARKET_SYMBOLS,
    )) {
      ticks.push(tick);
    }
  }
  return ticks;
}

const generating = performance.now();
const market = new SimulatedMarket({ seed: 42 });
const warmupTicks = ticksOf(
  market,
  WARMUP_FROM,
  (Date.parse(FROM) - Date.parse(WARMUP_FROM)) / 86_400_000,
);
const ticks = ticksOf(market, FROM, DAYS);
console.log(
  `${ticks.length.toLocaleString("en-IN")} ticks of ${MARKET_SYMBOLS.join(", ")} over ${DAYS} days from ${FROM} ` +
    `(and ${warmupTicks.length.toLocaleString("en-IN")} before, to warm up) generated in ` +
    `${(performance.now() - generating).toFixed(0)} ms (not timed below)`,
);

interface Heard {
  generated: number;
  triggered: number;
  closed: number;
  cancelled: number;
  "stop-resting": number;
  ltp: number;
  dayResets: number;
}

/** One round: a fresh engine warmed up on the days before, then timed over the measured days. */
async function round() {
  const heard: Heard = {
    generated: 0,
    triggered: 0,
    closed: 0,
    cancelled: 0,
    "stop-resting": 0,
    ltp: 0,
    dayResets: 0,
  };
  /** The publisher only counts. */
  const publisher: SignalPublisher = {
    newSignal() {
      heard.generated++;
    },
    update(_signal, _changes, event) {
      heard[event]++;
    },
    dayReset() {
      heard.dayResets++;
    },
  };
  /** An in-memory repository: stores nothing, answers no stored signals. */
  const repository: SignalEngineRepository = {
    record: async () => [],
    saveLtp: async () => {},
    latestPerModel: async () => [],
  };
  const signals = createSignalEngine({
    repository,
    publisher,
    calendar: {},
    squareOff: DEFAULT_SQUARE_OFF,
    log: pino({ level: "silent" }),
  });
  const tracker = new SnapshotTracker(MARKET_SYMBOLS);
  const builder = new BarBuilder({ intervals: ["1m", "5m", "15m", "1d"], calendar: {} });
  let bars = 0;
  const onBar = (bar: CompletedBar, at: number) => {
    bars++;
    signals.onBar(bar, at);
  };

  /** The market engine's `apply` and the end of its loop, tick by tick (nothing is replayed here). */
  async function run(list: readonly Tick[]) {
    const count = list.length;
    for (let i = 0; i < count; i++) {
      const tick = list[i] as Tick;
      tracker.push(tick);
      for (const bar of builder.push(tick)) onBar(bar, tick.time);
      signals.onTick(tick);
      if ((i + 1) % ENGINE_LOOP_TICKS === 0 || i === count - 1) {
        for (const bar of builder.closeUpTo(tick.time)) onBar(bar, tick.time);
        await signals.flush(tick.time);
      }
    }
  }

  await signals.resume(warmupTicks[0]?.time ?? Date.parse(WARMUP_FROM));
  await run(warmupTicks);
  const before = { ...heard };
  const barsBefore = bars;
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  await run(ticks);
  const seconds = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  const during = Object.fromEntries(
    Object.entries(heard).map(([key, value]) => [key, value - before[key as keyof Heard]]),
  ) as unknown as Heard;
  return {
    seconds,
    cpuSeconds: (cpu.user + cpu.system) / 1e6,
    ticksPerSecond: ticks.length / seconds,
    bars: bars - barsBefore,
    during,
  };
}

const fmt = (value: number) => Math.round(value).toLocaleString("en-IN");
const results: Awaited<ReturnType<typeof round>>[] = [];
for (let i = 0; i < ROUNDS; i++) {
  const r = await round();
  results.push(r);
  console.log(
    `round ${i + 1}: ticks ${fmt(ticks.length)} in ${r.seconds.toFixed(3)} s: ${fmt(r.ticksPerSecond)} ticks/s ` +
      `(${r.cpuSeconds.toFixed(3)} s of CPU: ${fmt(ticks.length / r.cpuSeconds)} ticks per CPU second; ` +
      `${fmt(r.bars)} bars completed, ${fmt(Math.ceil(ticks.length / ENGINE_LOOP_TICKS))} flushes)`,
  );
}
const sorted = [...results].sort((a, b) => a.ticksPerSecond - b.ticksPerSecond);
const median = sorted[Math.floor(sorted.length / 2)] as (typeof results)[number];
const { during } = median;
const ticksPerSecond = median.ticksPerSecond;
console.log(
  `\nmedian of ${ROUNDS} rounds: ${fmt(ticksPerSecond)} ticks/s (best ${fmt(sorted.at(-1)?.ticksPerSecond ?? 0)}, ` +
    `worst ${fmt(sorted[0]?.ticksPerSecond ?? 0)})`,
);
console.log(
  `signals during a round: ${during.generated} generated, ${during.triggered} triggered, ` +
    `${during.closed} closed, ${during.cancelled} cancelled; ` +
    `${fmt(during.ltp)} LTP updates, ${during.dayResets} day resets`,
);

const verdicts = createVerdicts();
verdicts.check(
  `whole engine: ${fmt(ticksPerSecond)} ticks/s, median of ${ROUNDS} rounds ` +
    `(target at least ${TARGET_TICKS_PER_S.toLocaleString("en-IN")})`,
  ticksPerSecond >= TARGET_TICKS_PER_S,
);
verdicts.check(
  "signals generated and closed during the run (the models worked)",
  during.generated > 0 && during.closed > 0,
);
verdicts.print();
