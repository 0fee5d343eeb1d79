/**
 * Replays 1-minute bars as ticks on the market clock. Each bar becomes four ticks inside its minute:
 * the open at :00, the extreme nearer the open's side at :15 and the other at :30 (low first on a rising
 * bar, high first on a falling one), the close at :45, with the volume split between them. Building
 * 1-minute bars from these ticks gives back the replayed bars exactly.
 */
import { MARKET_SYMBOLS, type MarketSymbol } from "@kalpa/contracts/names";
import type { MarketFeed } from "./market-feed";
import type { ReplayBar } from "./replay-csv";
import type { Tick } from "./tick";

const OFFSETS_MS = [0, 15_000, 30_000, 45_000] as const;

/** The four ticks that stand for one bar. */
export function barToTicks(bar: ReplayBar): Tick[] {
  const rising = bar.close >= bar.open;
  const prices = [bar.open, rising ? bar.low : bar.high, rising ? bar.high : bar.low, bar.close];
  const quarter = Math.floor(bar.volume / 4);
  const volumes = [bar.volume - 3 * quarter, quarter, quarter, quarter];
  return OFFSETS_MS.map((offset, i) => ({
    symbol: bar.symbol,
    time: bar.time + offset,
    price: prices[i] ?? bar.close,
    volume: volumes[i] ?? 0,
  }));
}

/**
 * The ticks of `bars`, in time order, made once: a feed restarted from a later instant (feeds are made
 * again after a stall) then starts on them without turning every bar into ticks again.
 */
export class ReplayTicks {
  readonly ticks: readonly Tick[];
  constructor(bars: readonly ReplayBar[]) {
    this.ticks = bars.flatMap(barToTicks).sort((a, b) => a.time - b.time);
  }

  /** The index of the first tick after `from`. */
  after(from: number): number {
    let low = 0;
    let high = this.ticks.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if ((this.ticks[middle] as Tick).time <= from) low = middle + 1;
      else high = middle;
    }
    return low;
  }
}

export class ReplayFeed implements MarketFeed {
  readonly kind = "replay";
  readonly #ticks: readonly Tick[];
  #symbols = new Set<MarketSymbol>(MARKET_SYMBOLS);
  #running = false;
  #next: number;

  /** Ticks at or before `from` are skipped (start the clock at `firstTime` to replay from the top). */
  constructor(bars: readonly ReplayBar[] | ReplayTicks, from: number = Number.NEGATIVE_INFINITY) {
    const prepared = bars instanceof ReplayTicks ? bars : new ReplayTicks(bars);
    this.#ticks = prepared.ticks;
    this.#next = prepared.after(from);
  }

  /** When the first bar starts (epoch ms), or undefined for an empty file. */
  get firstTime(): number | undefined {
    return this.#ticks[0]?.time;
  }

  /** Whether every tick has been delivered: the replay is over, and silence is expected. */
  get ended(): boolean {
    return this.#next >= this.#ticks.length;
  }

  subscribe(symbols: readonly MarketSymbol[]): void {
    this.#symbols = new Set(symbols);
  }

  async start(): Promise<void> {
    this.#running = true;
  }

  async stop(): Promise<void> {
    this.#running = false;
  }

  poll(now: number): readonly Tick[] {
    if (!this.#running) return [];
    const due: Tick[] = [];
    while (this.#next < this.#ticks.length) {
      const tick = this.#ticks[this.#next];
      if (!tick || tick.time > now) break;
      if (this.#symbols.has(tick.symbol)) due.push(tick);
      this.#next += 1;
    }
    return due;
  }
}
