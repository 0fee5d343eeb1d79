/**
 * Each model's decision-to-send over its record (GET /api/signals/latency): for every recorded transition
 * that some channel sent, the real time from the engine's decision to its first send on any channel; the
 * median and the 99th percentile by nearest rank (a value that happened, never one interpolated). Pure.
 */
import { MODEL_IDS, type ModelId } from "@kalpa/contracts/names";
import type { DecisionToSend } from "@kalpa/contracts/signals";

/** The `q` quantile (0 < q <= 1) of ascending `sorted` by nearest rank; null when empty. */
export function nearestRank(sorted: readonly number[], q: number): number | null {
  if (sorted.length === 0) return null;
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil(q * sorted.length)));
  return sorted[rank - 1] ?? null;
}

/** Each of `models`' count, p50 and p99 (ms) from its transitions' decision-to-send times. */
export function decisionToSendByModel(
  measured: ReadonlyArray<{ model: string; ms: number }>,
  models: readonly ModelId[] = MODEL_IDS,
): DecisionToSend[] {
  return models.map((model) => {
    const times = measured
      .filter((row) => row.model === model)
      .map((row) => row.ms)
      .sort((a, b) => a - b);
    return {
      model,
      count: times.length,
      p50Ms: nearestRank(times, 0.5),
      p99Ms: nearestRank(times, 0.99),
    };
  });
}
