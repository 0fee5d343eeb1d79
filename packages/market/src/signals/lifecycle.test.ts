import { describe, expect, it } from "vitest";
import { parseIndiaTime } from "../time/india-time";
import {
  applyPrice,
  applyTime,
  createSignal,
  forceSquareOff,
  type OptionPriceUpdate,
  type Transition,
} from "./lifecycle";
import { MUTABLE_SIGNAL_FIELDS, type Signal, type SignalIntent } from "./signal";

const t = (hhmm: string, day = "2026-03-09") => parseIndiaTime(`${day} ${hhmm}`);

const intent: SignalIntent = {
  modelId: "Nifty:KalpaVruksha",
  symbol: "NIFTY",
  optionType: "CE",
  strike: 25_000,
  expiry: "2026-03-10",
  expiresAt: t("15:30", "2026-03-10"),
  lotSize: 65,
  type: "BUY",
  generatedAt: t("10:00"),
  underlyingPrice: 25_010,
  premium: 100,
  entryLow: 99,
  entryHigh: 101,
  target: 130,
  stopLoss: 85,
  premiumPerLot: 6_500,
  reason: "test",
  indicators: {},
};

/** A model-priced signal; with no slippage unless `slippageTicks` says (the fill rules on their own). */
function fresh(overrides: Partial<SignalIntent> = {}, lots?: number, slippageTicks = 0): Signal {
  const day = overrides.generatedAt ? "2026-03-10" : "2026-03-09";
  return createSignal(
    { ...intent, ...overrides },
    { id: "s1", day, squareOffAt: t("15:15", day), lots, slippageTicks },
  );
}

/** Applies updates in turn, returning every transition. */
function run(signal: Signal, updates: OptionPriceUpdate[]): Transition[] {
  const out: Transition[] = [];
  let current = signal;
  for (const update of updates) {
    const step = applyPrice(current, update);
    out.push(step);
    current = step.signal;
  }
  return out;
}

const tick = (hhmm: string, price: number): OptionPriceUpdate => ({ time: t(hhmm), price });

describe("a generated signal", () => {
  it("starts empty: no LTP, entry, exit or P/L", () => {
    expect(fresh()).toMatchObject({
      status: "generated",
      lots: 1,
      ltp: null,
      entryPrice: null,
      entryTime: null,
      exitPrice: null,
      closeReason: null,
      pnl: null,
      updatedAt: t("10:00"),
    });
  });

  it("refuses zones that are not target > entry > stop, and fractional lots", () => {
    expect(() => fresh({ target: 101 })).toThrow(RangeError);
    expect(() => fresh({ stopLoss: 99 })).toThrow(RangeError);
    expect(() => fresh({}, 1.5)).toThrow(RangeError);
  });

  it("only moves its LTP while the premium is outside the entry zone", () => {
    const step = applyPrice(fresh(), tick("10:01", 104.5));
    expect(step.event).toBe("ltp");
    expect(step.changes).toEqual({ ltp: 104.5, updatedAt: t("10:01") });
    expect(step.signal.status).toBe("generated");
  });

  it("triggers when the premium trades inside the zone, at that price and time", () => {
    const [, step] = run(fresh(), [tick("10:01", 104.5), tick("10:02", 100.5)]);
    expect(step?.event).toBe("triggered");
    expect(step?.changes).toEqual({
      status: "triggered",
      ltp: 100.5,
      entryPrice: 100.5,
      entryTime: t("10:02"),
      pnlPoints: 0,
      pnl: 0,
      slippage: 0,
      updatedAt: t("10:02"),
    });
  });

  it("triggers on a bar that passed through the zone, entering at the zone's edge nearest its close", () => {
    const above = applyPrice(fresh(), {
      time: t("10:05"),
      open: 97,
      high: 106,
      low: 96,
      price: 105,
    });
    expect(above.signal).toMatchObject({
      status: "triggered",
      entryPrice: 101,
      pnlPoints: 4,
      pnl: 260,
    });
    const below = applyPrice(fresh(), {
      time: t("10:05"),
      open: 103,
      high: 103,
      low: 95,
      price: 96,
    });
    expect(below.signal).toMatchObject({ entryPrice: 99, pnlPoints: -3 });
  });

  it("does not trigger on a trade that jumps over the zone", () => {
    const [, jump] = run(fresh(), [tick("10:01", 103), tick("10:02", 97)]);
    expect(jump?.signal.status).toBe("generated");
  });

  it("is cancelled at the square-off if it never triggered", () => {
    const waiting = applyPrice(fresh(), tick("15:00", 110)).signal;
    expect(applyTime(waiting, t("15:14:59")).event).toBe("none");
    const step = applyTime(waiting, t("15:15"));
    expect(step.event).toBe("cancelled");
    expect(step.changes).toEqual({ status: "cancelled", updatedAt: t("15:15") });
  });
});

describe("a triggered signal", () => {
  const triggered = () => applyPrice(fresh(), tick("10:02", 100)).signal;

  it("carries a running P/L in rupees: (LTP − entry) × lot size × lots", () => {
    const step = applyPrice(triggered(), tick("10:30", 112.35));
    expect(step.event).toBe("ltp");
    expect(step.changes).toEqual({
      ltp: 112.35,
      pnlPoints: 12.35,
      pnl: 802.75,
      updatedAt: t("10:30"),
    });
    const twoLots = applyPrice(fresh({}, 2), tick("10:02", 100)).signal;
    expect(applyPrice(twoLots, tick("10:30", 112.35)).signal.pnl).toBe(1_605.5);
  });

  it("closes at the target when a bar reaches it, a gap past it included (a limit fills at its price)", () => {
    const reached = applyPrice(triggered(), {
      time: t("11:00"),
      open: 120,
      high: 131,
      low: 119,
      price: 127,
    });
    expect(reached.event).toBe("closed");
    expect(reached.signal).toMatchObject({
      status: "closed",
      closeReason: "target",
      exitPrice: 130,
      exitTime: t("11:00"),
      ltp: 127,
      pnlPoints: 30,
      pnl: 1_950,
      slippage: 0,
    });
    const gapped = applyPrice(triggered(), {
      time: t("11:00"),
      open: 134,
      high: 140,
      low: 133,
      price: 139,
    });
    expect(gapped.signal).toMatchObject({ closeReason: "target", exitPrice: 130, pnl: 1_950 });
    expect(applyPrice(triggered(), tick("11:00", 136.5)).signal.exitPrice).toBe(130);
  });

  it("closes at the stop, at the observed price when it gaps through", () => {
    const touched = applyPrice(triggered(), {
      time: t("11:00"),
      open: 90,
      high: 91,
      low: 84,
      price: 88,
    });
    expect(touched.signal).toMatchObject({ closeReason: "stop", exitPrice: 85, pnl: -975 });
    const gapped = applyPrice(triggered(), tick("11:00", 80.5));
    expect(gapped.signal).toMatchObject({ closeReason: "stop", exitPrice: 80.5, pnlPoints: -19.5 });
  });

  it("takes the stop when one update reaches both target and stop", () => {
    const both = applyPrice(triggered(), {
      time: t("11:00"),
      open: 100,
      high: 135,
      low: 80,
      price: 120,
    });
    expect(both.signal).toMatchObject({ closeReason: "stop", exitPrice: 85 });
  });

  it("closes at the square-off at the last price, as expiry on the contract's expiry day", () => {
    const open = applyPrice(triggered(), tick("15:10", 104)).signal;
    const step = applyTime(open, t("15:16"));
    expect(step.event).toBe("closed");
    expect(step.changes).toMatchObject({
      status: "closed",
      closeReason: "eod",
      exitPrice: 104,
      exitTime: t("15:15"),
    });
    // The P/L was already 260 on the last price: unchanged, so not among the changes.
    expect(step.changes.pnl).toBeUndefined();
    expect(step.signal.pnl).toBe(260);
    const expiryDay = fresh({ generatedAt: t("10:00", "2026-03-10") });
    const onExpiry = applyPrice(expiryDay, { time: t("10:01", "2026-03-10"), price: 100 }).signal;
    expect(applyTime(onExpiry, t("15:15", "2026-03-10")).signal.closeReason).toBe("expiry");
  });

  it("uses an update stamped at the square-off, and ignores a later one's price", () => {
    const atClose = applyPrice(triggered(), tick("15:15", 107));
    expect(atClose.signal).toMatchObject({ closeReason: "eod", exitPrice: 107 });
    const late = applyPrice(applyPrice(triggered(), tick("15:14", 103)).signal, tick("15:20", 150));
    expect(late.signal).toMatchObject({ closeReason: "eod", exitPrice: 103, exitTime: t("15:15") });
  });

  it("changes nothing once closed", () => {
    const closed = applyPrice(triggered(), tick("11:00", 131)).signal;
    for (const step of [applyPrice(closed, tick("11:01", 90)), applyTime(closed, t("16:00"))]) {
      expect(step).toEqual({ signal: closed, changes: {}, event: "none" });
    }
    expect(forceSquareOff(closed, t("12:00")).event).toBe("none");
  });

  it("is squared off by the operator at the last price or a given one", () => {
    const open = applyPrice(triggered(), tick("10:10", 102)).signal;
    expect(forceSquareOff(open, t("12:00")).signal).toMatchObject({
      exitPrice: 102,
      exitTime: t("12:00"),
    });
    expect(forceSquareOff(open, t("12:00"), tick("11:59", 99.5)).signal.pnl).toBe(-32.5);
    expect(forceSquareOff(fresh(), t("12:00")).signal.status).toBe("cancelled");
  });

  it("resumes after a restart from its stored record exactly as if it had not stopped", () => {
    const updates = [
      tick("10:02", 100),
      tick("10:20", 108),
      { time: t("10:40"), open: 108, high: 112, low: 101, price: 111 },
      tick("11:00", 125),
      { time: t("11:20"), open: 125, high: 131, low: 124, price: 129 },
    ];
    const straight = run(fresh(), updates).at(-1)?.signal;
    const beforeRestart = run(fresh(), updates.slice(0, 3)).at(-1)?.signal;
    const stored = JSON.parse(JSON.stringify(beforeRestart)) as Signal;
    const resumed = run(stored, updates.slice(3)).at(-1)?.signal;
    expect(resumed).toEqual(straight);
    expect(resumed).toMatchObject({ status: "closed", closeReason: "target", pnl: 1_950 });
  });

  it("reports every mutable field over a signal's life, and nothing else", () => {
    const steps = run(fresh(), [tick("10:01", 104), tick("10:02", 100), tick("10:30", 131)]);
    const reported = new Set(steps.flatMap((step) => Object.keys(step.changes)));
    expect([...reported].sort()).toEqual([...MUTABLE_SIGNAL_FIELDS].sort());
  });
});

describe("fills at a broker's bid and ask (a quote-priced signal)", () => {
  const quoted = () =>
    createSignal(
      { ...intent, priceSource: "quote" },
      { id: "q1", day: "2026-03-09", squareOffAt: t("15:15") },
    );
  const quote = (hhmm: string, price: number, bid: number, ask: number): OptionPriceUpdate => ({
    time: t(hhmm),
    price,
    bid,
    ask,
  });
  /** Entered at an ask of 100.6 (LTP 100.5, bid 100.3: mid 100.45). */
  const entered = () => applyPrice(quoted(), quote("10:02", 100.5, 100.3, 100.6)).signal;

  it("takes no slippage ticks of its own: the book is the broker's", () => {
    expect(quoted().slippageTicks).toBeNull();
  });

  it("enters only when the ask is inside the zone, at the ask, whatever the last trade", () => {
    // LTP 100 is in the zone but the ask of 101.2 is not: no fill.
    const waiting = applyPrice(quoted(), quote("10:01", 100, 99.8, 101.2));
    expect(waiting.signal.status).toBe("generated");
    // An ask below the zone does not fill either (the zone is the order's range).
    expect(applyPrice(quoted(), quote("10:01", 98.7, 98.6, 98.8)).signal.status).toBe("generated");
    // No offers at all: no fill.
    expect(applyPrice(quoted(), quote("10:01", 100, 99.9, 0)).signal.status).toBe("generated");
    expect(entered()).toMatchObject({
      status: "triggered",
      entryPrice: 100.6,
      ltp: 100.5,
      // Marked at the bid: (100.3 − 100.6) × 65 = −19.50.
      pnlPoints: -0.3,
      pnl: -19.5,
      // The ask against the mid: (100.6 − 100.45) × 65 = 9.75.
      slippage: 9.75,
    });
  });

  it("takes the target when the bid reaches it, at the target", () => {
    const notYet = applyPrice(entered(), quote("10:30", 130.5, 129.9, 130.5));
    expect(notYet.signal.status).toBe("triggered");
    const hit = applyPrice(notYet.signal, quote("10:31", 130.2, 130.1, 130.4));
    expect(hit.signal).toMatchObject({
      closeReason: "target",
      exitPrice: 130,
      // (130 − 100.6) × 65 = 1,911.
      pnl: 1_911,
      slippage: 9.75,
    });
  });

  it("stops at the first bid at or through the stop, however far through", () => {
    const gapped = applyPrice(entered(), quote("11:00", 80, 79.5, 80.4));
    expect(gapped.signal).toMatchObject({
      closeReason: "stop",
      exitPrice: 79.5,
      // (79.5 − 100.6) × 65 = −1,371.50.
      pnl: -1_371.5,
      // 9.75 at entry, then (85 − 79.5) × 65 = 357.50 through the stop.
      slippage: 367.25,
    });
    // A last trade below the stop with the bid above it does not stop the trade.
    expect(applyPrice(entered(), quote("11:00", 84.9, 85.1, 85.4)).signal.status).toBe("triggered");
  });

  it("squares off at the bid of the moment, or at the last trade with no book known", () => {
    const open = applyPrice(entered(), quote("15:10", 110, 109.8, 110.3)).signal;
    const squared = applyTime(open, t("15:15"), quote("15:14", 110.1, 109.9, 110.2));
    expect(squared.signal).toMatchObject({
      closeReason: "eod",
      exitPrice: 109.9,
      ltp: 110.1,
      // (109.9 − 100.6) × 65 = 604.50; slippage 9.75 + (110.05 − 109.9) × 65 = 9.75 + 9.75.
      pnl: 604.5,
      slippage: 19.5,
    });
    const blind = applyTime(open, t("15:15")).signal;
    expect(blind).toMatchObject({ exitPrice: 110, slippage: 9.75 });
  });
});

describe("fills around the model price (slippage in ticks)", () => {
  // One tick of NIFTY options is 0.05: the model's ask is the price + 0.05, its bid the price − 0.05.
  const modelled = (ticks = 1) => fresh({}, 1, ticks);

  it("buys one tick above the model price and marks at one tick below", () => {
    const step = applyPrice(modelled(), tick("10:02", 100.5));
    expect(step.signal).toMatchObject({
      slippageTicks: 1,
      entryPrice: 100.55,
      ltp: 100.5,
      pnlPoints: -0.1,
      pnl: -6.5,
      // 0.05 × 65 = 3.25.
      slippage: 3.25,
    });
    // The ask must be inside the zone: a price of 101 asks 101.05, above the zone's 101.
    expect(applyPrice(modelled(), tick("10:02", 101)).signal.status).toBe("generated");
  });

  it("sells at the target when the model's bid reaches it, at the stop's bid when it falls through", () => {
    const open = applyPrice(modelled(), tick("10:02", 100.5)).signal;
    // A price of 130 bids 129.95: not yet the target.
    expect(applyPrice(open, tick("10:30", 130)).signal.status).toBe("triggered");
    expect(applyPrice(open, tick("10:30", 130.05)).signal).toMatchObject({
      exitPrice: 130,
      pnl: paise((130 - 100.55) * 65),
      slippage: 3.25,
    });
    const stopped = applyPrice(open, { time: t("11:00"), open: 90, high: 91, low: 84, price: 88 });
    // The bid crossed the stop inside the bar: the stop's price, no slippage beyond the entry's.
    expect(stopped.signal).toMatchObject({ exitPrice: 85, slippage: 3.25 });
    const gapped = applyPrice(open, { time: t("11:00"), open: 82, high: 83, low: 80, price: 81 });
    // It opened through the stop: the opening bid, 81.95, and (85 − 81.95) × 65 = 198.25 more.
    expect(gapped.signal).toMatchObject({ exitPrice: 81.95, slippage: 201.5 });
  });

  it("squares off at the model's bid, its slippage counted", () => {
    const open = applyPrice(modelled(2), tick("10:02", 100.5)).signal;
    // Two ticks: bought at 100.6; the square-off sells at 110 − 0.10 = 109.9.
    const squared = forceSquareOff(open, t("12:00"), tick("11:59", 110));
    expect(squared.signal).toMatchObject({
      entryPrice: 100.6,
      exitPrice: 109.9,
      pnl: paise((109.9 - 100.6) * 65),
      slippage: 13,
    });
  });

  it("stops a trade whose model price collapses to a tick: its bid never falls below one tick", () => {
    const open = applyPrice(modelled(), tick("10:02", 100.5)).signal;
    const collapsed = applyPrice(open, {
      time: t("11:00"),
      open: 90,
      high: 90,
      low: 0.05,
      price: 0.05,
    });
    // The bid crossed the stop inside the bar: sold at the stop, not left open to a bid of nothing.
    expect(collapsed.signal).toMatchObject({
      status: "closed",
      closeReason: "stop",
      exitPrice: 85,
    });
    const gapped = applyPrice(open, tick("11:00", 0.05));
    expect(gapped.signal).toMatchObject({ closeReason: "stop", exitPrice: 0.05 });
  });

  it("refuses a negative or fractional slippage", () => {
    expect(() => fresh({}, 1, -1)).toThrow(RangeError);
    expect(() => fresh({}, 1, 0.5)).toThrow(RangeError);
  });
});

function paise(value: number): number {
  return Math.round(value * 100) / 100;
}
