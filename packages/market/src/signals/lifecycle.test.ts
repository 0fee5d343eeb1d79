import { stopFillOf } from "@kalpa/contracts/signals";
import { describe, expect, it } from "vitest";
import { parseIndiaTime } from "../time/india-time";
import {
  applyPrice,
  applyTime,
  createSignal,
  forceSquareOff,
  type OptionPriceUpdate,
  stopLimitOf,
  type Transition,
} from "./lifecycle";
import { MUTABLE_SIGNAL_FIELDS, type Signal, type SignalIntent } from "./signal";

const t = (hhmm: string, day = "2026-03-09") => parseIndiaTime(`${day} ${hhmm}`);

const intent: SignalIntent = {
  modelId: "Nifty:KalpaVruksha",
  modelVersion: "0123456789ab",
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

  it("places a buy limit at the zone's high: marketable when the ask is in the zone or below it, at that ask", () => {
    const inside = applyPrice(fresh(), tick("10:01", 100.5));
    expect(inside.event).toBe("triggered");
    expect(inside.changes).toEqual({
      status: "triggered",
      ltp: 100.5,
      entryPrice: 100.5,
      entryTime: t("10:01"),
      pnlPoints: 0,
      pnl: 0,
      slippage: 0,
      updatedAt: t("10:01"),
    });
    // Below the zone the order is still a buy limit at 101: it takes the offer of 96.
    expect(applyPrice(fresh(), tick("10:01", 96)).signal).toMatchObject({
      status: "triggered",
      entryPrice: 96,
    });
  });

  it("rests at the zone's high when placed above it, and fills at that price when the ask comes down", () => {
    const [waiting, step] = run(fresh(), [tick("10:01", 104.5), tick("10:02", 100.5)]);
    expect(waiting?.signal.status).toBe("generated");
    expect(step?.event).toBe("triggered");
    // A seller who reaches 100.5 traded with the resting bid at 101 first.
    expect(step?.changes).toMatchObject({
      entryPrice: 101,
      entryTime: t("10:02"),
      pnlPoints: -0.5,
      pnl: -32.5,
      slippage: 0,
    });
  });

  it("fills a resting order at its own price when the ask gaps down through the whole zone", () => {
    const [, gap] = run(fresh(), [tick("10:01", 103), tick("10:02", 97)]);
    expect(gap?.signal).toMatchObject({
      status: "triggered",
      entryPrice: 101,
      // Marked at 97: (97 − 101) × 65.
      pnl: -260,
    });
    const [, above] = run(fresh(), [tick("10:01", 103), tick("10:02", 101.05)]);
    expect(above?.signal.status).toBe("generated");
  });

  it("fills on a bar: at its opening ask when placed at or below the limit, at the limit when it comes down", () => {
    const placedBelow = applyPrice(fresh(), {
      time: t("10:05"),
      open: 97,
      high: 106,
      low: 96,
      price: 105,
    });
    expect(placedBelow.signal).toMatchObject({
      status: "triggered",
      entryPrice: 97,
      pnlPoints: 8,
      pnl: 520,
    });
    const cameDown = applyPrice(fresh(), {
      time: t("10:05"),
      open: 103,
      high: 103,
      low: 95,
      price: 96,
    });
    expect(cameDown.signal).toMatchObject({ entryPrice: 101, pnlPoints: -5 });
    const stayedAbove = applyPrice(fresh(), {
      time: t("10:05"),
      open: 103,
      high: 104,
      low: 101.5,
      price: 102,
    });
    expect(stayedAbove.signal.status).toBe("generated");
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

  it("carries a stop-loss-limit order: the trigger at the Risk Marker, the limit 3 % below on the tick", () => {
    // 85 × 0.97 = 82.45.
    expect(triggered()).toMatchObject({
      stopLimit: 82.45,
      stopTriggeredAt: null,
      stopRested: false,
    });
    expect(fresh().stopLimit).toBe(82.45);
  });

  it("stops when the last price reaches the trigger, at the bid then when it is at or above the limit", () => {
    const touched = applyPrice(triggered(), {
      time: t("11:00"),
      open: 90,
      high: 91,
      low: 84,
      price: 88,
    });
    expect(touched.event).toBe("closed");
    expect(touched.signal).toMatchObject({
      closeReason: "stop",
      exitPrice: 85,
      pnl: -975,
      stopTriggeredAt: t("11:00"),
      stopRested: false,
    });
    // A fall to 83, inside the limit: sold at 83, 2 below the trigger.
    const inside = applyPrice(triggered(), tick("11:00", 83));
    expect(inside.signal).toMatchObject({ closeReason: "stop", exitPrice: 83, slippage: 130 });
  });

  it("rests, the trade open, when the price gaps below the limit", () => {
    const gapped = applyPrice(triggered(), tick("11:00", 80.5));
    expect(gapped.event).toBe("stop-resting");
    expect(gapped.changes).toEqual({
      ltp: 80.5,
      pnlPoints: -19.5,
      pnl: -1_267.5,
      stopTriggeredAt: t("11:00"),
      stopRested: true,
      updatedAt: t("11:00"),
    });
    expect(gapped.signal.status).toBe("triggered");
    // Still below the limit: marked, still resting. Back to the limit: sold there, at its own price.
    const below = applyPrice(gapped.signal, tick("11:05", 82.4));
    expect(below.event).toBe("ltp");
    expect(below.changes).toEqual({
      ltp: 82.4,
      pnlPoints: -17.6,
      pnl: -1_144,
      updatedAt: t("11:05"),
    });
    const back = applyPrice(below.signal, tick("11:10", 84));
    expect(back.signal).toMatchObject({
      status: "closed",
      closeReason: "stop",
      exitPrice: 82.45,
      exitTime: t("11:10"),
      stopTriggeredAt: t("11:00"),
      stopRested: true,
    });
  });

  it("fills a stop inside the bar that opened through its limit when the bar's bid comes back to it", () => {
    const bar = applyPrice(triggered(), {
      time: t("11:00"),
      open: 80,
      high: 84,
      low: 79,
      price: 81,
    });
    expect(bar.signal).toMatchObject({ closeReason: "stop", exitPrice: 82.45, stopRested: true });
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
    const steps = run(fresh(), [
      tick("10:01", 104),
      tick("10:02", 100),
      tick("10:30", 80),
      tick("10:31", 131),
    ]);
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

  it("enters on the ask, not the last trade: at the ask when placed at or below the limit, else at the limit", () => {
    // LTP 100 is in the zone but the ask of 101.2 is above the limit of 101: the order rests.
    const waiting = applyPrice(quoted(), quote("10:01", 100, 99.8, 101.2));
    expect(waiting.signal.status).toBe("generated");
    // Then an ask of 98.8: the seller met the resting bid at 101 on the way.
    expect(applyPrice(waiting.signal, quote("10:02", 98.7, 98.6, 98.8)).signal).toMatchObject({
      entryPrice: 101,
      slippage: 0,
    });
    // Placed with an ask below the zone, the order is marketable: it takes that ask.
    expect(applyPrice(quoted(), quote("10:01", 98.7, 98.6, 98.8)).signal).toMatchObject({
      entryPrice: 98.8,
      // (98.8 − 98.7) × 65.
      slippage: 6.5,
    });
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

  it("stops on the last trade at the trigger, selling at the bid no lower than the limit", () => {
    const within = applyPrice(entered(), quote("11:00", 84.9, 84.2, 84.6));
    expect(within.signal).toMatchObject({
      closeReason: "stop",
      exitPrice: 84.2,
      // 9.75 at entry, then (85 − 84.2) × 65 = 52 below the trigger.
      slippage: 61.75,
    });
    // A last trade at the trigger with the bid still above it: sold at that bid (0.1 better than the trigger).
    expect(applyPrice(entered(), quote("11:00", 84.9, 85.1, 85.4)).signal).toMatchObject({
      closeReason: "stop",
      exitPrice: 85.1,
      slippage: 3.25,
    });
    // A bid above the trigger with the last trade above it too: nothing triggered.
    expect(applyPrice(entered(), quote("11:00", 85.2, 84.9, 85.4)).signal.status).toBe("triggered");
  });

  it("rests when the bid is below the limit (or there is none), and fills at the limit when a buyer comes back", () => {
    const gapped = applyPrice(entered(), quote("11:00", 80, 79.5, 80.4));
    expect(gapped.event).toBe("stop-resting");
    expect(gapped.signal).toMatchObject({
      status: "triggered",
      stopRested: true,
      // Marked at the bid: (79.5 − 100.6) × 65 = −1,371.50.
      pnl: -1_371.5,
    });
    expect(applyPrice(entered(), quote("11:00", 84, 0, 84.5)).event).toBe("stop-resting");
    const back = applyPrice(gapped.signal, quote("11:20", 82.6, 82.55, 82.8));
    expect(back.signal).toMatchObject({
      closeReason: "stop",
      exitPrice: 82.45,
      // (82.45 − 100.6) × 65 = −1,179.75; 9.75 + (85 − 82.45) × 65 = 175.50.
      pnl: -1_179.75,
      slippage: 175.5,
    });
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
    // The price crossed the trigger inside the bar: sold at the bid then, 84.95, a tick below it.
    expect(stopped.signal).toMatchObject({ exitPrice: 84.95, slippage: 6.5 });
    const gapped = applyPrice(open, { time: t("11:00"), open: 82, high: 83, low: 80, price: 81 });
    // It opened below the limit (a bid of 81.95 < 82.45), then its bid came back to 82.95: sold at the
    // limit, (85 − 82.45) × 65 = 165.75 more.
    expect(gapped.signal).toMatchObject({ exitPrice: 82.45, stopRested: true, slippage: 169 });
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
    // The price crossed the trigger inside the bar: sold at the bid then, not left open to a bid of nothing.
    expect(collapsed.signal).toMatchObject({
      status: "closed",
      closeReason: "stop",
      exitPrice: 84.95,
    });
    // A gap straight to a tick: the stop rests at its limit, the position marked at the one-tick bid.
    const gapped = applyPrice(open, tick("11:00", 0.05));
    expect(gapped.signal).toMatchObject({ status: "triggered", stopRested: true, ltp: 0.05 });
    expect(gapped.signal.pnlPoints).toBe(paise(0.05 - 100.55));
  });

  it("refuses a negative or fractional slippage", () => {
    expect(() => fresh({}, 1, -1)).toThrow(RangeError);
    expect(() => fresh({}, 1, 0.5)).toThrow(RangeError);
  });
});

describe("the worked example: a stop-loss-limit stop that gaps through its limit (docs/models.md)", () => {
  // NIFTY 25000 CE, 1 lot of 65, model-priced with 1 tick (0.05) of slippage. Stop trigger 85, limit 82.45.
  const open = () => applyPrice(fresh({}, 1, 1), tick("10:02", 100)).signal;
  /** 11:00: the price jumps from 86 to 80; the stop triggers with the bid at 79.95, below its limit. */
  const gapped = () => run(open(), [tick("10:59", 86), tick("11:00", 80)]).at(-1) as Transition;

  it("enters at the ask, 100.05, and carries its stop's limit", () => {
    expect(open()).toMatchObject({ entryPrice: 100.05, stopLimit: 82.45, slippage: 3.25 });
  });

  it("11:00, gap to 80: the stop triggers and rests unfilled; the trade stays open, marked at the bid", () => {
    const step = gapped();
    expect(step.event).toBe("stop-resting");
    expect(step.signal).toMatchObject({
      status: "triggered",
      exitPrice: null,
      stopTriggeredAt: t("11:00"),
      stopRested: true,
      // (79.95 − 100.05) × 65 = −1,306.50.
      pnl: -1_306.5,
    });
    expect(stopFillOf(step.signal)).toBe("resting");
  });

  it("11:10, the bid back at 82.45: the stop fills at its limit", () => {
    const steps = run(gapped().signal, [tick("11:05", 82), tick("11:10", 82.5)]);
    expect(steps[0]?.signal).toMatchObject({ status: "triggered", pnl: -1_176.5 });
    const filled = steps[1]?.signal as Signal;
    expect(filled).toMatchObject({
      status: "closed",
      closeReason: "stop",
      exitPrice: 82.45,
      exitTime: t("11:10"),
      // (82.45 − 100.05) × 65 = −1,144.
      pnl: -1_144,
      // 3.25 at entry, (85 − 82.45) × 65 = 165.75 at the stop.
      slippage: 169,
    });
    expect(stopFillOf(filled)).toBe("filled-at-limit");
  });

  it("or, the bid never back: squared off at 15:15 at the bid of the last price, the stop still resting", () => {
    const last = tick("15:14", 78);
    const late = applyPrice(gapped().signal, last).signal;
    const squared = applyTime(late, t("15:15"), last);
    expect(squared.signal).toMatchObject({
      status: "closed",
      closeReason: "eod",
      exitPrice: 77.95,
      exitTime: t("15:15"),
      stopRested: true,
      // (77.95 − 100.05) × 65 = −1,436.50.
      pnl: -1_436.5,
      // 3.25 at entry and one tick at the square-off (against the mid).
      slippage: 6.5,
    });
    expect(stopFillOf(squared.signal)).toBe("squared-off");
  });

  it("a stop-loss-market order would have sold at 11:00 at the bid of 79.95 (a signal stored before stop limits were recorded)", () => {
    const legacy: Signal = { ...open(), stopLimit: null };
    const step = applyPrice(applyPrice(legacy, tick("10:59", 86)).signal, tick("11:00", 80));
    expect(step.signal).toMatchObject({ closeReason: "stop", exitPrice: 79.95, stopRested: false });
    expect(stopFillOf(step.signal)).toBe("filled");
  });

  it("a stop-loss-market order that meets an empty book is triggered, not resting past a limit it lacks", () => {
    const legacy: Signal = { ...open(), stopLimit: null };
    const empty = { time: t("11:00"), price: 80, bid: 0, ask: 0 };
    const step = applyPrice(applyPrice(legacy, tick("10:59", 86)).signal, empty);
    expect(step.signal).toMatchObject({
      status: "triggered",
      stopTriggeredAt: t("11:00"),
      stopRested: false,
    });
    // The next bid takes it, whatever its level.
    const next = applyPrice(step.signal, { time: t("11:01"), price: 79, bid: 78.9, ask: 79.1 });
    expect(next.signal).toMatchObject({ closeReason: "stop", exitPrice: 78.9, stopRested: false });
    expect(stopFillOf(next.signal)).toBe("filled");
  });

  it("resumes a resting stop after a restart exactly as if it had not stopped", () => {
    const stored = JSON.parse(JSON.stringify(gapped().signal)) as Signal;
    const later = [tick("11:05", 82), tick("11:10", 82.5)];
    expect(run(stored, later).at(-1)?.signal).toEqual(run(gapped().signal, later).at(-1)?.signal);
  });
});

describe("the stop's limit", () => {
  it("is the percent below the trigger, on the option's tick at or below", () => {
    expect(stopLimitOf("NIFTY", 85, 3)).toBe(82.45);
    // Upstox's own example: a 900 trigger, a limit of 873.
    expect(stopLimitOf("BANKNIFTY", 900, 3)).toBe(873);
    // 101 × 0.97 = 97.97: down to 97.95 on NIFTY's 0.05 tick; CRUDEOIL 51 × 0.97 = 49.47: 49.4 on 0.10.
    expect(stopLimitOf("NIFTY", 101, 3)).toBe(97.95);
    expect(stopLimitOf("CRUDEOIL", 51, 3)).toBe(49.4);
    expect(stopLimitOf("NIFTY", 85, 0)).toBe(85);
    // Never below one tick.
    expect(stopLimitOf("NIFTY", 0.05, 20)).toBe(0.05);
  });

  it("refuses a percent outside 0 to 20 (NSE's widest range for an option's stop-loss-limit)", () => {
    for (const percent of [-1, 20.5, Number.NaN]) {
      expect(() => stopLimitOf("NIFTY", 85, percent)).toThrow(RangeError);
      expect(() =>
        createSignal(intent, {
          id: "x",
          day: "2026-03-09",
          squareOffAt: t("15:15"),
          stopLimitPercent: percent,
        }),
      ).toThrow(RangeError);
    }
  });

  it("at 0 %, sells only at the trigger: a bar's crossing with the bid a tick below it rests", () => {
    const open = applyPrice(
      createSignal(intent, {
        id: "z",
        day: "2026-03-09",
        squareOffAt: t("15:15"),
        slippageTicks: 1,
        stopLimitPercent: 0,
      }),
      tick("10:02", 100),
    ).signal;
    const crossed = applyPrice(open, { time: t("11:00"), open: 90, high: 90, low: 84, price: 84 });
    expect(crossed.event).toBe("stop-resting");
    expect(applyPrice(crossed.signal, tick("11:01", 85.05)).signal).toMatchObject({
      closeReason: "stop",
      exitPrice: 85,
    });
  });
});

function paise(value: number): number {
  return Math.round(value * 100) / 100;
}
