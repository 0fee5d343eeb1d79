/**
 * The model cards (decision 028): per model, its parameters and versions (packages/market
 * models/model-versions.ts), its real-history backtest (real-history.ts) and the live paper record of its
 * current version: the journal's closed trades of that version that exited on or after the day it began.
 * Cards are the same for every reader and kept for `cacheTtlMs`.
 */
import {
  MODEL_NAMES,
  MODEL_SLUGS,
  type ModelCard,
  type RealHistory,
} from "@kalpa/contracts/api/models";
import { MODEL_IDS, type ModelId } from "@kalpa/contracts/names";
import { MODEL_VERSION_HISTORY } from "@kalpa/market/models/model-versions";
import { createModel } from "@kalpa/market/models/models";
import { startOfDay } from "@kalpa/market/time/day-key";
import { createTtlCache } from "../../lib/ttl-cache";
import type { JournalRepository } from "../journal/repository";
import { trackRecordOf } from "../journal/service";

/** How long the cards are kept: a trade that closes shows on its card within it. */
export const MODEL_CARDS_CACHE_TTL_MS = 5000;

export function createModelCardService(deps: {
  journal: Pick<JournalRepository, "closedTrades">;
  realHistory: RealHistory | undefined;
  cacheTtlMs?: number;
}) {
  const cache = createTtlCache<string, ModelCard[]>({
    ttlMs: deps.cacheTtlMs ?? 0,
    maxEntries: 1,
  });

  async function card(model: ModelId): Promise<ModelCard> {
    const { symbol, interval, rules } = createModel(model);
    const versions = MODEL_VERSION_HISTORY[model].map(({ version, since }) => ({ version, since }));
    const current = versions[versions.length - 1];
    if (!current) throw new Error(`no version recorded for ${model}`);
    const trades = await deps.journal.closedTrades(
      model,
      startOfDay(current.since).getTime(),
      current.version,
    );
    const record = trackRecordOf(trades);
    const entry = deps.realHistory?.models.find((item) => item.modelId === model);
    // A model the backtest could not run has no figures: its card says it is not backtested.
    const backtest = entry && "summary" in entry ? entry : null;
    return {
      model,
      slug: MODEL_SLUGS[model],
      name: MODEL_NAMES[model],
      symbol,
      interval,
      parameters: { ...rules },
      current,
      versions,
      backtest,
      backtestSource:
        backtest && deps.realHistory
          ? {
              generatedBy: deps.realHistory.generatedBy,
              generatedOn: deps.realHistory.generatedOn,
            }
          : null,
      live: {
        ...current,
        trades: record.trades,
        wins: record.wins,
        losses: record.losses,
        winRate: record.winRate,
        net: record.net,
      },
      figuresWithheld: false,
    };
  }

  return {
    /** Every model's card, in MODEL_IDS order. */
    cards(): Promise<ModelCard[]> {
      return cache.get("all", () => Promise.all(MODEL_IDS.map(card)));
    },
  };
}

export type ModelCardService = ReturnType<typeof createModelCardService>;
