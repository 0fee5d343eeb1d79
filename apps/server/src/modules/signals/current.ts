/**
 * GET /api/signals/current's answers, kept per trading day and set of models for SIGNALS_CACHE_TTL_MS
 * (decision 022): at 09:15 every subscriber's live screen asks at once, and the answer is the same for
 * everyone who may see the same models. The engine's process forgets them when it commits a transition,
 * before the event is published, so a screen that fetches after hearing of it reads it there; another
 * process's answer may be up to the TTL old, and the browser keeps whichever of its copy and the answer is
 * newer (a signal's `updatedAt`), so an older answer never undoes an event it has applied.
 */
import type { ModelId } from "@kalpa/contracts/names";
import type { CurrentSignals } from "@kalpa/contracts/signals";
import { keptSuccess } from "../../lib/kept-answers";
import { createTtlCache } from "../../lib/ttl-cache";
import { type SignalRepository, toWire } from "./repository";

export const SIGNALS_CACHE_TTL_MS = 1000;
/** Day and model-set pairs kept (a day has at most a handful of model sets). */
const MAX_KEPT = 64;

export function createCurrentSignals(deps: {
  repository: Pick<SignalRepository, "latestPerModel">;
  ttlMs: number;
}) {
  const answers = createTtlCache<string, { success: true; data: CurrentSignals }>({
    ttlMs: deps.ttlMs,
    maxEntries: MAX_KEPT,
  });
  return {
    /** The latest signal of `day` of each of `models` (null for a model without one), in an envelope. */
    read(models: readonly ModelId[], day: string) {
      return answers.get(`${day}|${models.join(",")}`, async () => {
        const latest = await deps.repository.latestPerModel(models, day);
        return keptSuccess({
          signals: models.map((model) => {
            const signal = latest.find((s) => s.modelId === model);
            return { model, signal: signal ? toWire(signal) : null };
          }),
        });
      });
    },
    /** A transition was committed: the next read of every day and model set reads it. */
    forget() {
      answers.forgetWhere(() => true);
    },
  };
}

export type CurrentSignalsReader = ReturnType<typeof createCurrentSignals>;
