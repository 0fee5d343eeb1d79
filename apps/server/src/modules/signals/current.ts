/**
 * GET /api/signals/current's answers, kept per trading day and set of models for SIGNALS_CACHE_TTL_MS
 * (decision 022): at 09:15 every subscriber's live screen asks at once, and the answer is the same for
 * everyone who may see the same models.
 *
 * When the engine commits a transition, its process forgets them and, with several processes, tells the
 * others to, before the event is published: the message goes out on the same Redis connection as the
 * event, so every process has forgotten before its sockets hear it, and a screen that fetches after hearing
 * of a transition reads it. A fetch already under way may still answer from before; the browser keeps
 * whichever of its copy and the answer is newer (a signal's `updatedAt`), so it never undoes an event.
 * Each signal comes with its transitions' ledger entries and stamps, the alerts' sends as far as sent.
 */
import type { ModelId } from "@kalpa/contracts/names";
import type { CurrentSignals } from "@kalpa/contracts/signals";
import { keptSuccess } from "../../lib/kept-answers";
import { createTtlCache } from "../../lib/ttl-cache";
import { type SignalRepository, toWire } from "./repository";

export const SIGNALS_CACHE_TTL_MS = 1000;
/** Between processes: a transition was committed, forget the kept answers. */
const FORGET_EVENT = "kalpa:signals-forget";

/** The other processes, through the socket.io Redis adapter (absent with one process). */
export interface SignalPeers {
  serverSideEmit(event: string): unknown;
  on(event: string, listener: () => void): unknown;
}
/** Day and model-set pairs kept (a day has at most a handful of model sets). */
const MAX_KEPT = 64;

export function createCurrentSignals(deps: {
  repository: Pick<SignalRepository, "latestPerModel" | "timings">;
  ttlMs: number;
  peers?: SignalPeers | undefined;
}) {
  const answers = createTtlCache<string, { success: true; data: CurrentSignals }>({
    ttlMs: deps.ttlMs,
    maxEntries: MAX_KEPT,
  });
  const forgetHere = () => answers.forgetWhere(() => true);
  deps.peers?.on(FORGET_EVENT, forgetHere);
  return {
    /** The latest signal of `day` of each of `models` (null for a model without one), in an envelope. */
    read(models: readonly ModelId[], day: string) {
      return answers.get(`${day}|${models.join(",")}`, async () => {
        const latest = await deps.repository.latestPerModel(models, day);
        const timings = await deps.repository.timings(latest.map((signal) => signal.id));
        return keptSuccess({
          signals: models.map((model) => {
            const signal = latest.find((s) => s.modelId === model);
            return { model, signal: signal ? toWire(signal, timings.get(signal.id) ?? []) : null };
          }),
        });
      });
    },
    /** A transition was committed: the next read of every day and model set, in every process, reads it. */
    forget() {
      forgetHere();
      deps.peers?.serverSideEmit(FORGET_EVENT);
    },
  };
}

export type CurrentSignalsReader = ReturnType<typeof createCurrentSignals>;
