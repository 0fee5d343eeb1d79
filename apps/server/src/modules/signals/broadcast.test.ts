/**
 * The signal broadcast's rooms and pacing: transitions leave at once and reliably; prices leave at most once
 * per interval per model, volatile, merged; a transition carries the prices not yet sent.
 */
import type { ModelId } from "@kalpa/contracts/names";
import type { TransitionTiming } from "@kalpa/contracts/signals";
import { SERVER_EVENTS } from "@kalpa/contracts/socket-events";
import type { Signal } from "@kalpa/market/signals/signal";
import type { Server } from "socket.io";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ROOMS } from "../../realtime/hub";
import { createSignalBroadcast, resendCurrentSignals } from "./broadcast";

interface Sent {
  room: string | string[];
  volatile: boolean;
  event: string;
  payload: { model?: string; id?: string; changes?: Record<string, unknown> };
  /** When it was sent (the fake clock). */
  at: number;
}

function fakeIo() {
  const sent: Sent[] = [];
  const to = (room: string | string[]) => ({
    emit: (event: string, payload: Sent["payload"]) =>
      sent.push({ room, volatile: false, event, payload, at: Date.now() }),
    volatile: {
      emit: (event: string, payload: Sent["payload"]) =>
        sent.push({ room, volatile: true, event, payload, at: Date.now() }),
    },
  });
  return { io: { to } as unknown as Server, sent };
}

const signal = (modelId: ModelId, id: string) => ({ modelId, id }) as unknown as Signal;

describe("the signal broadcast", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("sends prices at most once per interval per model, volatile, with the latest values", () => {
    const { io, sent } = fakeIo();
    const broadcast = createSignalBroadcast(io, { intervalMs: 500, now: () => Date.now() });
    const hft = signal("BankNifty:HFT", "h1");
    for (let i = 1; i <= 100; i++) {
      broadcast.update(hft, { ltp: 100 + i, pnl: i * 15 }, "ltp");
      vi.advanceTimersByTime(10);
    }
    // 1,000 ms of prices: the first at once, then at most one per 500 ms.
    vi.advanceTimersByTime(600);
    const prices = sent.filter((s) => s.event === SERVER_EVENTS.signalUpdate);
    expect(prices.length).toBeGreaterThanOrEqual(2);
    expect(prices.length).toBeLessThanOrEqual(3);
    expect(prices.every((s) => s.volatile && s.room === ROOMS.instrument("BankNifty"))).toBe(true);
    expect(prices.at(-1)?.payload).toEqual({
      model: "BankNifty:HFT",
      id: "h1",
      changes: { ltp: 200, pnl: 1500 },
    });
    broadcast.dispose();
  });

  it("sends a transition at once and reliably, carrying the prices not yet sent; models are paced apart", () => {
    const { io, sent } = fakeIo();
    const broadcast = createSignalBroadcast(io, { intervalMs: 500, now: () => Date.now() });
    const hft = signal("BankNifty:HFT", "h1");
    const nifty = signal("Nifty:KalpaVruksha", "n1");
    broadcast.update(hft, { ltp: 101 }, "ltp");
    vi.advanceTimersByTime(1);
    broadcast.update(hft, { ltp: 102, pnl: 30 }, "ltp");
    broadcast.update(nifty, { ltp: 55 }, "ltp");
    vi.advanceTimersByTime(1);
    broadcast.update(hft, { status: "closed", exitPrice: 103 }, "closed");
    const closed = sent.at(-1);
    const { at: _sentAt, ...closedMessage } = closed as Sent;
    expect(closedMessage).toEqual({
      room: ROOMS.instrument("BankNifty"),
      volatile: false,
      event: SERVER_EVENTS.signalUpdate,
      payload: {
        model: "BankNifty:HFT",
        id: "h1",
        changes: { ltp: 102, pnl: 30, status: "closed", exitPrice: 103 },
      },
    });
    vi.advanceTimersByTime(1000);
    // Nothing more of HFT (its pending price went with the transition); Nifty's price to Nifty's room.
    const after = sent.slice(sent.indexOf(closed as Sent) + 1);
    expect(after).toEqual([]);
    expect(sent.filter((s) => s.room === ROOMS.instrument("Nifty"))).toHaveLength(1);

    // A new signal replaces the model's pending prices of the previous one.
    broadcast.update(hft, { ltp: 104 }, "ltp");
    broadcast.newSignal({
      ...(signal("BankNifty:HFT", "h2") as object),
      day: "2026-11-20",
    } as unknown as Signal);
    vi.advanceTimersByTime(1000);
    const last = sent.filter((s) => s.payload.model === "BankNifty:HFT").at(-1);
    expect(last?.event).toBe(SERVER_EVENTS.newSignal);
    broadcast.dispose();
  });

  it("sends each model's prices in its own slot of the interval, so the fan-outs never coincide", () => {
    const { io, sent } = fakeIo();
    const broadcast = createSignalBroadcast(io, { intervalMs: 500, now: () => Date.now() });
    const models: ModelId[] = [
      "BankNifty:KalpaVruksha",
      "BankNifty:HFT",
      "Nifty:KalpaVruksha",
      "CrudeOil:Yamuna",
    ];
    const start = Date.now();
    // Every model's price moves on every 10 ms engine loop, for 5 s.
    for (let i = 1; i <= 500; i++) {
      for (const model of models) broadcast.update(signal(model, model), { ltp: i }, "ltp");
      vi.advanceTimersByTime(10);
    }
    const times = (model: ModelId) =>
      sent.filter((s) => s.payload.model === model).map((s) => s.at - start);
    for (const model of models) {
      const at = times(model);
      // The first price at once; then one per interval, never closer than the interval.
      expect(at[0]).toBe(0);
      expect(at.length).toBeGreaterThanOrEqual(9);
      for (let i = 1; i < at.length; i++) {
        expect((at[i] ?? 0) - (at[i - 1] ?? 0)).toBeGreaterThanOrEqual(500);
      }
    }
    // After the first, no two models send in the same instant: a quarter of the interval apart.
    const later = sent.filter((s) => s.at - start >= 500).map((s) => s.at);
    expect(new Set(later).size).toBe(later.length);
    const slots = [...new Set(later.map((at) => at % 500))].sort((a, b) => a - b);
    expect(slots.map((slot) => slot - (slots[0] ?? 0))).toEqual([0, 125, 250, 375]);
    broadcast.dispose();
  });

  it("sends each current signal again after Redis returns, with its ledger entry and stamps", () => {
    const sent: { room: string; event: string; payload: { signal: Record<string, unknown> } }[] =
      [];
    const io = {
      local: {
        to: (room: string) => ({
          emit: (event: string, payload: (typeof sent)[number]["payload"]) =>
            sent.push({ room, event, payload }),
        }),
      },
    } as unknown as Server;
    const timing: TransitionTiming = {
      event: "generated",
      ledger: { seq: 41, hash: "ab".repeat(32) },
      tickAt: 1_000,
      decidedAt: 1_012,
      decidedAfterMs: 12,
      committedAt: 1_020,
      sends: [],
    };
    const nifty = { ...signal("Nifty:KalpaVruksha", "n1"), symbol: "NIFTY" } as Signal;
    const crude = { ...signal("CrudeOil:Yamuna", "c1"), symbol: "CRUDEOIL" } as Signal;
    resendCurrentSignals(io, [nifty, crude], new Map([["n1", [timing]]]));
    expect(sent.map((s) => [s.room, s.event, s.payload.signal.id])).toEqual([
      [ROOMS.instrument("Nifty"), SERVER_EVENTS.newSignal, "n1"],
      [ROOMS.instrument("CrudeOil"), SERVER_EVENTS.newSignal, "c1"],
    ]);
    expect(sent[0]?.payload.signal.timing).toEqual([timing]);
    // A signal whose stamps were not found still says so: no timing, not a stale one.
    expect(sent[1]?.payload.signal.timing).toEqual([]);
  });
});
