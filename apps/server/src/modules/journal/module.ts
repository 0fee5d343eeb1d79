/**
 * The journal and the ledger: the paper trades the engine records, GET /api/paper/* and the ledger's
 * signed record (its key, day heads and bundles). At boot, trades closed before charges were recorded get
 * them (and their ledger entry).
 */
import type { HttpApp } from "../../kernel/http";
import type { Kernel } from "../../kernel/kernel";
import { ledgerRoutes } from "../ledger/routes";
import { createLedgerService } from "../ledger/service";
import { loadLedgerSigningKey } from "../ledger/signing-key";
import { createJournalRepository } from "./repository";
import { journalRoutes } from "./routes";
import { createJournalService, JOURNAL_CACHE_TTL_MS } from "./service";

export async function registerJournal(
  app: HttpApp,
  kernel: Kernel,
  deps: { statsArePublic?: () => Promise<boolean> } = {},
) {
  const { config, db, log } = kernel;
  const repository = createJournalRepository(db);
  const backfilled = await repository.backfillCharges();
  if (backfilled > 0) log.info({ trades: backfilled }, "journal: charges backfilled");
  const signingKey = await loadLedgerSigningKey(config.ledgerSigningKey, config.dataDir);
  const ledger = createLedgerService({ db, dataDir: config.dataDir, log, signingKey });
  await app.register(journalRoutes, {
    journal: createJournalService({
      repository,
      now: kernel.marketNow,
      cacheTtlMs: JOURNAL_CACHE_TTL_MS,
    }),
    startUp: kernel.startUp,
    statsArePublic: deps.statsArePublic,
  });
  await app.register(ledgerRoutes, { ledger, startUp: kernel.startUp });
  return { repository, ledger };
}

export type JournalModule = Awaited<ReturnType<typeof registerJournal>>;
