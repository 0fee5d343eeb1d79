/**
 * The journal and the ledger: the paper trades the engine records, GET /api/journal/* and the ledger's
 * day heads. At boot, trades closed before charges were recorded get them (and their ledger entry).
 */
import type { HttpApp } from "../../kernel/http";
import type { Kernel } from "../../kernel/kernel";
import { createLedgerService } from "../ledger/service";
import { createJournalRepository } from "./repository";
import { journalRoutes } from "./routes";
import { createJournalService, JOURNAL_CACHE_TTL_MS } from "./service";

export async function registerJournal(app: HttpApp, kernel: Kernel) {
  const { config, db, log } = kernel;
  const repository = createJournalRepository(db);
  const backfilled = await repository.backfillCharges();
  if (backfilled > 0) log.info({ trades: backfilled }, "journal: charges backfilled");
  const ledger = createLedgerService({ db, dataDir: config.dataDir, log });
  await app.register(journalRoutes, {
    journal: createJournalService({
      repository,
      now: kernel.marketNow,
      cacheTtlMs: JOURNAL_CACHE_TTL_MS,
    }),
    ledger,
    startUp: kernel.startUp,
  });
  return { repository, ledger };
}

export type JournalModule = Awaited<ReturnType<typeof registerJournal>>;
