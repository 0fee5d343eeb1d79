/**
 * The model cards: each model's figures from the journal, beside its published real-history backtest. The
 * real-history file is checked here, before the server answers.
 */
import type { HttpApp } from "../../kernel/http";
import type { Kernel } from "../../kernel/kernel";
import type { JournalRepository } from "../journal/repository";
import { loadRealHistory, realHistoryFile } from "./real-history";
import { modelCardRoutes } from "./routes";
import { createModelCardService, MODEL_CARDS_CACHE_TTL_MS } from "./service";

export async function registerModelCards(
  app: HttpApp,
  kernel: Kernel,
  deps: {
    journal: { repository: JournalRepository };
    /** The real-history file; undefined: the published one, if any; null: none. */
    realHistoryFile: string | null | undefined;
    /** Whether past-performance figures may go to visitors who are not signed in (decision 031). */
    figuresArePublic?: () => Promise<boolean>;
  },
) {
  await app.register(modelCardRoutes, {
    cards: createModelCardService({
      journal: deps.journal.repository,
      realHistory: await loadRealHistory(
        deps.realHistoryFile === undefined
          ? realHistoryFile()
          : (deps.realHistoryFile ?? undefined),
      ),
      cacheTtlMs: MODEL_CARDS_CACHE_TTL_MS,
    }),
    startUp: kernel.startUp,
    figuresArePublic: deps.figuresArePublic,
  });
}
