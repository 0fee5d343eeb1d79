/**
 * Signals to browsers (spec section 7): new-signal {model, signal} and signal-update {model, id, changes}
 * go only to the instrument room of the model's instrument (ROOMS.instrument: sockets whose user has open
 * access and the risk disclosure accepted; BankNifty's room hears both of its models). market-day-reset
 * {day, exchange} goes to the rooms of that exchange's instruments (only screens that show signals care).
 *
 * - Transitions (new-signal, triggered, closed, cancelled) are sent at once and reliably, each with the
 *   ledger entry and stamps it was committed with (new-signal: the signal's `timing`; signal-update:
 *   `transition`).
 * - A price alone (LTP, running P/L) is sent at most once per SIGNAL_LTP_INTERVAL_MS per model, volatile
 *   (a slow client skips a price rather than queueing stale ones); the changes since the last send are
 *   merged, and a transition carries any price not yet sent, so nothing is lost in between. A model's first
 *   price goes at once; after that each model sends in its own slot of the interval (the four models a
 *   quarter of it apart), so their fan-outs to every subscribed socket do not land in the same instant and
 *   a transition waits behind one of them at most.
 * With the Redis adapter these reach the sockets of every process; the engine runs in one.
 */
import { type ExchangeName, INSTRUMENTS, MODEL_IDS, type ModelId } from "@kalpa/contracts/names";
import type {
  MarketDayResetPayload,
  NewSignalPayload,
  SignalUpdatePayload,
  TransitionTiming,
} from "@kalpa/contracts/signals";
import { SERVER_EVENTS } from "@kalpa/contracts/socket-events";
import type { Signal, SignalChanges } from "@kalpa/market/signals/signal";
import type { Server } from "socket.io";
import type { SignalPublisher } from "../../engine/signal-engine";
import { ROOMS } from "../../realtime/hub";
import { accessKeyOfModel } from "../access/rules";
import { toWire } from "./repository";

/** At most one LTP signal-update per model this often. */
export const SIGNAL_LTP_INTERVAL_MS = 500;

interface PendingPrice {
  id: string;
  changes: SignalChanges;
  timer: NodeJS.Timeout;
}

export interface SignalBroadcast extends SignalPublisher {
  dispose(): void;
}

export function createSignalBroadcast(
  io: Server,
  options: { intervalMs?: number; now?: () => number } = {},
): SignalBroadcast {
  const intervalMs = options.intervalMs ?? SIGNAL_LTP_INTERVAL_MS;
  const now = options.now ?? Date.now;
  const pending = new Map<ModelId, PendingPrice>();
  const lastSent = new Map<ModelId, number>();
  const room = (model: ModelId) => ROOMS.instrument(accessKeyOfModel(model));
  /** Each model's slot within the interval. */
  const phaseOf = (model: ModelId) =>
    (Math.max(0, MODEL_IDS.indexOf(model)) * intervalMs) / MODEL_IDS.length;
  /** When the model's next price may go: at once the first time, else its first slot an interval on. */
  const nextSendAt = (model: ModelId, at: number) => {
    const last = lastSent.get(model);
    if (last === undefined) return at;
    const phase = phaseOf(model);
    const slot = Math.ceil((last + intervalMs - phase) / intervalMs) * intervalMs + phase;
    return Math.max(at, slot);
  };

  /** Takes the prices not yet sent for the model's signal `id` (dropping those of an older signal). */
  const takePending = (model: ModelId, id: string): SignalChanges => {
    const waiting = pending.get(model);
    if (!waiting) return {};
    clearTimeout(waiting.timer);
    pending.delete(model);
    return waiting.id === id ? waiting.changes : {};
  };

  const sendPrice = (model: ModelId) => {
    const waiting = pending.get(model);
    if (!waiting) return;
    pending.delete(model);
    lastSent.set(model, now());
    const payload: SignalUpdatePayload = { model, id: waiting.id, changes: waiting.changes };
    io.to(room(model)).volatile.emit(SERVER_EVENTS.signalUpdate, payload);
  };

  return {
    newSignal(signal: Signal, transition) {
      takePending(signal.modelId, signal.id);
      const wire = toWire(signal, transition ? [transition] : undefined);
      const payload: NewSignalPayload = { model: signal.modelId, signal: wire };
      io.to(room(signal.modelId)).emit(SERVER_EVENTS.newSignal, payload);
    },
    update(signal, changes, event, transition) {
      const model = signal.modelId;
      if (event !== "ltp") {
        const merged = { ...takePending(model, signal.id), ...changes };
        const payload: SignalUpdatePayload = {
          model,
          id: signal.id,
          changes: merged,
          ...(transition ? { transition } : {}),
        };
        io.to(room(model)).emit(SERVER_EVENTS.signalUpdate, payload);
        return;
      }
      const waiting = pending.get(model);
      if (waiting && waiting.id === signal.id) {
        Object.assign(waiting.changes, changes);
        return;
      }
      if (waiting) takePending(model, waiting.id);
      const at = now();
      const delay = nextSendAt(model, at) - at;
      const timer = setTimeout(() => sendPrice(model), delay);
      timer.unref();
      pending.set(model, { id: signal.id, changes: { ...changes }, timer });
    },
    dayReset(day, exchange: ExchangeName) {
      const payload: MarketDayResetPayload = { day, exchange };
      const rooms = INSTRUMENTS.filter((i) => i.exchange === exchange).map((i) =>
        ROOMS.instrument(i.key),
      );
      io.to(rooms).emit(SERVER_EVENTS.marketDayReset, payload);
    },
    dispose() {
      for (const waiting of pending.values()) clearTimeout(waiting.timer);
      pending.clear();
    },
  };
}

/**
 * Sends this process's own sockets each model's current signal again, whole (new-signal replaces what a
 * screen shows). After Redis was away, they may have missed transitions committed by another process.
 */
export function resendCurrentSignals(
  io: Server,
  signals: readonly Signal[],
  timings: ReadonlyMap<string, readonly TransitionTiming[]>,
) {
  for (const signal of signals) {
    const payload: NewSignalPayload = {
      model: signal.modelId,
      // With each transition's ledger entry and stamps, as GET /api/signals/current answers.
      signal: toWire(signal, timings.get(signal.id) ?? []),
    };
    io.local
      .to(ROOMS.instrument(accessKeyOfModel(signal.modelId)))
      .emit(SERVER_EVENTS.newSignal, payload);
  }
}
