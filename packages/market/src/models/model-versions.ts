/**
 * Written by `npm run model-versions` (packages/market/scripts/model-versions.ts): do not edit.
 *
 * Each model's versions, oldest first. A version is a hash of the model's default parameters and of the
 * code that decides its signals (the files listed: packages/market/src-relative); `since` is the
 * Asia/Kolkata day the script first saw it, where the version's live paper record begins. The last entry
 * is the version the engine runs: every signal it makes carries it.
 */
import type { ModelId } from "@kalpa/contracts/names";

export interface ModelVersion {
  /** 12 hex digits. */
  readonly version: string;
  /** YYYY-MM-DD. */
  readonly since: string;
  readonly files: readonly string[];
}

export const MODEL_VERSION_HISTORY: Readonly<Record<ModelId, readonly ModelVersion[]>> = {
  "BankNifty:KalpaVruksha": [
    {
      version: "b1bdde92ed7b",
      since: "2026-11-28",
      files: [
        "indicators/atr.ts",
        "indicators/ema.ts",
        "indicators/rsi.ts",
        "indicators/supertrend.ts",
        "indicators/vwap.ts",
        "models/kalpa-vruksha.ts",
        "models/models.ts",
        "models/signal-intent.ts",
        "models/signal-model.ts",
        "signals/model-runner.ts",
      ],
    },
  ],
  "BankNifty:HFT": [
    {
      version: "4db357080686",
      since: "2026-11-28",
      files: [
        "indicators/atr.ts",
        "indicators/ema.ts",
        "indicators/rolling-window.ts",
        "indicators/rsi.ts",
        "indicators/vwap.ts",
        "models/hft.ts",
        "models/models.ts",
        "models/signal-intent.ts",
        "models/signal-model.ts",
        "signals/model-runner.ts",
      ],
    },
  ],
  "Nifty:KalpaVruksha": [
    {
      version: "5b5cc1a75ae5",
      since: "2026-11-28",
      files: [
        "indicators/atr.ts",
        "indicators/ema.ts",
        "indicators/rsi.ts",
        "indicators/supertrend.ts",
        "indicators/vwap.ts",
        "models/kalpa-vruksha.ts",
        "models/models.ts",
        "models/signal-intent.ts",
        "models/signal-model.ts",
        "signals/model-runner.ts",
      ],
    },
  ],
  "CrudeOil:Yamuna": [
    {
      version: "963dc8696c9f",
      since: "2026-11-28",
      files: [
        "indicators/atr.ts",
        "indicators/bollinger.ts",
        "indicators/ema.ts",
        "indicators/rolling-window.ts",
        "indicators/rsi.ts",
        "models/models.ts",
        "models/signal-intent.ts",
        "models/signal-model.ts",
        "models/yamuna.ts",
        "signals/model-runner.ts",
      ],
    },
  ],
};

/** The version the engine runs for `id`: the last entry of its history. */
export function currentModelVersion(id: ModelId): ModelVersion {
  const history = MODEL_VERSION_HISTORY[id];
  const current = history[history.length - 1];
  if (!current) throw new RangeError(`no version recorded for ${id}`);
  return current;
}
