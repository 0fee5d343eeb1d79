import { activeSubscriptions } from "@kalpa/contracts/api/access";
import type { AccessKey } from "@kalpa/contracts/names";
import type { SignalWire } from "@kalpa/contracts/signals";
import { signalFixture } from "@kalpa/testkit/signal";
import { describe, expect, it } from "vitest";
import { activeUntil, NO_ACCESS } from "@/test/access";
import { activeModules, firstActiveRoute, modelOf } from "./live-routes";
import { pnlTone, statusKey } from "./signal-view";
import {
  applyNewSignal,
  applySignalUpdate,
  NO_SIGNALS,
  newerSignals,
  signalsFromCurrent,
} from "./signals";

const ACCESS = activeUntil("2026-04-09", 30);

const SIGNAL: SignalWire = signalFixture({
  id: "s1",
  model: "CrudeOil:Yamuna",
  modelVersion: "0db49924abe5",
  generatedAt: 1,
  expiry: "2026-03-19",
  strike: 6100,
  optionType: "PE",
  lotSize: 100,
  premium: 120,
  premiumPerLot: 12000,
  entryLow: 118,
  entryHigh: 122,
  target: 140,
  stopLoss: 110,
  ltp: 120,
  reason: "RSI 14 at 28.4 below its lower band",
  updatedAt: 1,
});

describe("signals by model", () => {
  it("takes the current signals, leaving unlisted models empty", () => {
    const signals = signalsFromCurrent({ signals: [{ model: "CrudeOil:Yamuna", signal: SIGNAL }] });
    expect(signals["CrudeOil:Yamuna"]).toEqual(SIGNAL);
    expect(signals["Nifty:KalpaVruksha"]).toBeNull();
  });

  it("replaces a model's signal on new-signal and ignores an invalid payload", () => {
    const next = applyNewSignal(NO_SIGNALS, { model: "CrudeOil:Yamuna", signal: SIGNAL });
    expect(next["CrudeOil:Yamuna"]).toEqual(SIGNAL);
    expect(applyNewSignal(next, { model: "CrudeOil:Yamuna" })).toBe(next);
  });

  it("keeps a newer signal the socket delivered over an older answer, and takes a newer answer", () => {
    const model = "CrudeOil:Yamuna";
    const answer = signalsFromCurrent({ signals: [{ model, signal: SIGNAL }] });
    // The socket said it triggered; an answer from a second ago still says generated.
    const triggered = { ...SIGNAL, status: "triggered" as const, entryPrice: 121, updatedAt: 5 };
    const held = { ...NO_SIGNALS, [model]: triggered };
    expect(newerSignals(held, answer)[model]).toEqual(triggered);
    // A new signal the answer has not seen yet, and one it has not seen at all.
    const next = { ...SIGNAL, id: "s2", generatedAt: 9, updatedAt: 9 };
    expect(newerSignals({ ...NO_SIGNALS, [model]: next }, answer)[model]).toEqual(next);
    expect(newerSignals({ ...NO_SIGNALS, [model]: next }, NO_SIGNALS)[model]).toEqual(next);
    // A newer answer wins, and the first answer is taken as it is.
    const closed = { ...triggered, status: "closed" as const, updatedAt: 8 };
    const newer = signalsFromCurrent({ signals: [{ model, signal: closed }] });
    expect(newerSignals(held, newer)[model]).toEqual(closed);
    expect(newerSignals(undefined, answer)).toBe(answer);
    // After a reset (nothing held) the answer is all there is.
    expect(newerSignals(NO_SIGNALS, answer)).toEqual(answer);
  });

  it("merges a signal-update into the signal it names only", () => {
    const start = applyNewSignal(NO_SIGNALS, { model: "CrudeOil:Yamuna", signal: SIGNAL });
    const changes = { status: "triggered", entryPrice: 121, entryTime: 5, pnl: 0 };
    const next = applySignalUpdate(start, { model: "CrudeOil:Yamuna", id: "s1", changes });
    expect(next["CrudeOil:Yamuna"]).toEqual({ ...SIGNAL, ...changes });
    expect(applySignalUpdate(start, { model: "CrudeOil:Yamuna", id: "s2", changes })).toBe(start);
    expect(applySignalUpdate(NO_SIGNALS, { model: "CrudeOil:Yamuna", id: "s1", changes })).toBe(
      NO_SIGNALS,
    );
  });

  it("merges a resting stop's update: when it triggered and that it rests", () => {
    const start = applyNewSignal(NO_SIGNALS, { model: "CrudeOil:Yamuna", signal: SIGNAL });
    const changes = { ltp: 80, pnl: -2000, stopTriggeredAt: 7, stopRested: true };
    const next = applySignalUpdate(start, { model: "CrudeOil:Yamuna", id: "s1", changes });
    expect(next["CrudeOil:Yamuna"]).toMatchObject(changes);
  });

  it("keeps where the prices come from, which a signal has for its whole life, across its updates", () => {
    const start = applyNewSignal(NO_SIGNALS, {
      model: "CrudeOil:Yamuna",
      signal: { ...SIGNAL, priceSource: "quote" },
    });
    const moved = applySignalUpdate(start, {
      model: "CrudeOil:Yamuna",
      id: "s1",
      changes: { ltp: 122 },
    });
    expect(moved["CrudeOil:Yamuna"]).toMatchObject({ priceSource: "quote", ltp: 122 });
  });

  it("adds a transition's ledger entry and stamps to the signal's timing, once per transition", () => {
    const stamp = (event: "generated" | "triggered", seq: number) => ({
      event,
      ledger: { seq, hash: `${seq}`.padStart(64, "a") },
      tickAt: 100,
      decidedAt: 2000,
      decidedAfterMs: 4,
      committedAt: 2007,
      sends: [],
    });
    const start = {
      ...NO_SIGNALS,
      "CrudeOil:Yamuna": { ...SIGNAL, timing: [stamp("generated", 7)] },
    };
    const update = {
      model: "CrudeOil:Yamuna",
      id: "s1",
      changes: { status: "triggered", entryPrice: 121 },
      transition: stamp("triggered", 9),
    };
    const once = applySignalUpdate(start, update);
    expect(once["CrudeOil:Yamuna"]?.timing?.map((t) => [t.event, t.ledger?.seq])).toEqual([
      ["generated", 7],
      ["triggered", 9],
    ]);
    // The same transition heard again (a resend) is not counted twice.
    expect(applySignalUpdate(once, update)["CrudeOil:Yamuna"]?.timing).toHaveLength(2);
    // A price alone leaves the timing as it is.
    const price = applySignalUpdate(once, {
      model: "CrudeOil:Yamuna",
      id: "s1",
      changes: { ltp: 125 },
    });
    expect(price["CrudeOil:Yamuna"]?.timing).toEqual(once["CrudeOil:Yamuna"]?.timing);
  });
});

describe("the card's words", () => {
  it("colours P/L green at zero and above, red below, and nothing without one", () => {
    expect([pnlTone(0), pnlTone(12.5), pnlTone(-0.01), pnlTone(null)]).toEqual([
      "profit",
      "profit",
      "loss",
      "none",
    ]);
  });

  it("says why a closed signal closed", () => {
    expect(statusKey({ status: "closed", closeReason: "target" })).toBe("target");
    expect(statusKey({ status: "cancelled", closeReason: null })).toBe("cancelled");
  });
});

describe("live routes", () => {
  it("picks the model of a selection", () => {
    expect(modelOf({ instrument: "BankNifty", subModel: "HFT" })).toBe("BankNifty:HFT");
    expect(modelOf({ instrument: "BankNifty" })).toBe("BankNifty:KalpaVruksha");
    expect(modelOf({ instrument: "CrudeOil" })).toBe("CrudeOil:Yamuna");
  });

  it("finds the first active route in activeSubscriptions' order (Nifty, BankNifty, CrudeOil), and the active modules", () => {
    const open = (keys: AccessKey[]) =>
      activeSubscriptions({
        Nifty: keys.includes("Nifty") ? ACCESS : NO_ACCESS,
        BankNifty: keys.includes("BankNifty") ? ACCESS : NO_ACCESS,
        CrudeOil: keys.includes("CrudeOil") ? ACCESS : NO_ACCESS,
      });
    expect(firstActiveRoute(open(["CrudeOil", "BankNifty", "Nifty"]))).toBe("/live-trade/nifty");
    expect(firstActiveRoute(open(["CrudeOil", "BankNifty"]))).toBe(
      "/live-trade/banknifty/kalpavruksha",
    );
    expect(firstActiveRoute(open(["CrudeOil"]))).toBe("/live-trade/crudeoil");
    expect(firstActiveRoute(open([]))).toBeNull();
    expect(activeModules(new Set(["BankNifty", "CrudeOil"]))).toEqual([
      "BankNifty KalpaVruksha",
      "BankNifty HFT",
      "CrudeOil Yamuna",
    ]);
  });
});
