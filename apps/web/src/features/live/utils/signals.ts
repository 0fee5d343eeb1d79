/**
 * The live screen's signals, one per model (spec section 3: initial values empty), and how realtime events
 * change them (spec section 4): new-signal replaces the model's signal; signal-update merges the changed
 * fields into the signal it names (an update for another signal is ignored); a reset clears them all.
 */
import { MODEL_IDS, type ModelId } from "@kalpa/contracts/names";
import {
  type CurrentSignals,
  NewSignalPayloadSchema,
  SignalUpdatePayloadSchema,
  type SignalWire,
} from "@kalpa/contracts/signals";

export type SignalsByModel = Readonly<Record<ModelId, SignalWire | null>>;

export const NO_SIGNALS: SignalsByModel = Object.fromEntries(
  MODEL_IDS.map((model) => [model, null]),
) as Record<ModelId, null>;

/** GET /api/signals/current's answer as the screen holds it (models it does not list stay empty). */
export function signalsFromCurrent(current: CurrentSignals): SignalsByModel {
  const signals: Record<ModelId, SignalWire | null> = { ...NO_SIGNALS };
  for (const entry of current.signals) signals[entry.model] = entry.signal;
  return signals;
}

/**
 * A fetched answer beside what the screen holds: per model, the newer signal stays (a later `generatedAt`,
 * or the same signal's later `updatedAt`), and a held signal stays where the answer has none. The server
 * may answer from a copy up to a second old (decision 022), which must not undo an event the socket has
 * delivered since. A reset (a new trading day, access changed) clears what is held before it fetches, so a
 * signal that is gone does not stay.
 */
export function newerSignals(
  held: SignalsByModel | undefined,
  fetched: SignalsByModel,
): SignalsByModel {
  if (!held) return fetched;
  const signals: Record<ModelId, SignalWire | null> = { ...fetched };
  for (const model of MODEL_IDS) {
    const mine = held[model];
    const theirs = fetched[model];
    if (!mine) continue;
    if (!theirs) signals[model] = mine;
    else if (
      mine.id === theirs.id
        ? mine.updatedAt > theirs.updatedAt
        : mine.generatedAt > theirs.generatedAt
    ) {
      signals[model] = mine;
    }
  }
  return signals;
}

/** new-signal: the payload's signal replaces its model's (the same object if the payload is invalid). */
export function applyNewSignal(signals: SignalsByModel, payload: unknown): SignalsByModel {
  const parsed = NewSignalPayloadSchema.safeParse(payload);
  if (!parsed.success) return signals;
  return { ...signals, [parsed.data.model]: parsed.data.signal };
}

/**
 * signal-update: merges the changes into the model's signal when it is the one named; a transition's
 * ledger entry and stamps join its timing (in place of an earlier copy of the same transition).
 */
export function applySignalUpdate(signals: SignalsByModel, payload: unknown): SignalsByModel {
  const parsed = SignalUpdatePayloadSchema.safeParse(payload);
  if (!parsed.success) return signals;
  const { model, id, changes, transition } = parsed.data;
  const current = signals[model];
  if (!current || current.id !== id) return signals;
  const merged: SignalWire = { ...current };
  for (const [field, value] of Object.entries(changes)) {
    if (value !== undefined) (merged as Record<string, unknown>)[field] = value;
  }
  if (transition) {
    const earlier = (current.timing ?? []).filter((t) => t.event !== transition.event);
    merged.timing = [...earlier, transition];
  }
  return { ...signals, [model]: merged };
}
