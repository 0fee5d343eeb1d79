/**
 * The journal and the ledger: the paper trades the engine records, GET /api/paper/* and the ledger's
 * signed record (its key, day heads and bundles). At boot, trades closed before charges were recorded get
 * them (and their ledger entry).
 */
import { LEDGER_KEY_PATH } from "@kalpa/contracts/api/ledger";
import type { AccessKey } from "@kalpa/contracts/names";
import { redactUrl } from "../../config/schema";
import type { HttpApp } from "../../kernel/http";
import type { Kernel } from "../../kernel/kernel";
import { ledgerRoutes } from "../ledger/routes";
import { createLedgerService } from "../ledger/service";
import { loadLedgerSigningKey, signingKeyPath } from "../ledger/signing-key";
import { createTimeStamper } from "../ledger/time-stamp";
import { createMarketRepository } from "../market/repository";
import { callsExportRoutes } from "./calls-export";
import { createJournalRepository } from "./repository";
import { journalRoutes } from "./routes";
import { createJournalService, JOURNAL_CACHE_TTL_MS } from "./service";

export async function registerJournal(
  app: HttpApp,
  kernel: Kernel,
  deps: {
    statsArePublic?: () => Promise<boolean>;
    openInstruments?: (userId: number) => Promise<readonly AccessKey[]>;
  } = {},
) {
  const { config, db, log } = kernel;
  const repository = createJournalRepository(db);
  const backfilled = await repository.backfillCharges();
  if (backfilled > 0) log.info({ trades: backfilled }, "journal: charges backfilled");
  const signingKey = await loadLedgerSigningKey(config.ledgerSigningKey, config.dataDir);
  const timeStamper = config.ledgerTsaUrl ? createTimeStamper(config.ledgerTsaUrl) : undefined;
  const ledger = createLedgerService({ db, dataDir: config.dataDir, log, signingKey, timeStamper });
  // The key's id at every start: what readers are told to hold, and how a changed key would show.
  log.info(
    {
      keyId: signingKey.published.keyId,
      served: LEDGER_KEY_PATH,
      from:
        config.ledgerSigningKey !== undefined
          ? "LEDGER_SIGNING_KEY"
          : signingKeyPath(config.dataDir),
      timeStamping: config.ledgerTsaUrl ? redactUrl(config.ledgerTsaUrl) : "none",
    },
    `ledger: day heads signed with key ${signingKey.published.keyId}`,
  );
  const market = createMarketRepository(db);
  const journal = createJournalService({
    repository,
    now: kernel.marketNow,
    cacheTtlMs: JOURNAL_CACHE_TTL_MS,
    // A trade lasts a session at most: 2,000 minutes hold the longest (MCX's 09:00 to 23:55).
    minuteBars: (symbol, from, to) => market.bars(symbol, "1m", from, to, 2000),
  });
  await app.register(journalRoutes, {
    journal,
    startUp: kernel.startUp,
    statsArePublic: deps.statsArePublic,
    openInstruments: deps.openInstruments,
  });
  await app.register(ledgerRoutes, { ledger, startUp: kernel.startUp });
  await app.register(callsExportRoutes, { db, clock: kernel.clock });
  return { repository, ledger, journal };
}

export type JournalModule = Awaited<ReturnType<typeof registerJournal>>;
