/**
 * Builds the access module from one database: its repositories, the reader, the changes and the socket
 * rooms that follow them. `registerAccess` wires the result into the routes and the guard for the app; the
 * command line builds the same changes with a notifier that does nothing (the sweeper of a running server
 * picks its changes up).
 */
import type { AppDb } from "../../db/client";
import type { HttpApp } from "../../kernel/http";
import type { Kernel } from "../../kernel/kernel";
import type { Clock } from "../../lib/clock";
import { createAuditRepository } from "../audit/repository";
import { seedDemoAccounts } from "../auth/demo-accounts";
import type { AccountsModule } from "../auth/module";
import { READ_CACHE_TTL_MS } from "../auth/policy";
import { createUserRepository } from "../auth/user-repository";
import { type AccessNotifier, createAccessChanges } from "./changes";
import { createContributionRepository } from "./contribution-repository";
import { seedDemoAccess } from "./demo-access";
import { instrumentAccessPlugin } from "./guard";
import { createRdaRepository } from "./rda-repository";
import { createRefundRepository } from "./refund-repository";
import { createAccessRooms } from "./rooms";
import { accessRoutes } from "./routes";
import { type AccessReader, createAccessReader } from "./service";
import { createSubscriptionRepository } from "./subscription-repository";
import { createTermsRepository } from "./terms-repository";

export function createAccessRepositories(db: AppDb) {
  return {
    users: createUserRepository(db),
    audit: createAuditRepository(db),
    subscriptions: createSubscriptionRepository(db),
    rda: createRdaRepository(db),
    terms: createTermsRepository(db),
    contributions: createContributionRepository(db),
    refunds: createRefundRepository(db),
  };
}

export type AccessRepositories = ReturnType<typeof createAccessRepositories>;

/** Changes whose sockets are nobody's concern here (the command line). */
export const SILENT_NOTIFIER: AccessNotifier = { accessChanged: async () => {} };

export function createAccessModule<N extends AccessNotifier>(deps: {
  db: AppDb;
  clock: Clock;
  /** Builds the notifier once the reader exists (the socket rooms read access through it). */
  notifier: (reader: AccessReader, repos: AccessRepositories) => N;
  /** Also told of every committed change, before the sockets (the session cache forgets the user). */
  onAccessChanged?: (userId: number) => void;
  /** Whether the operator has a research-analyst profile (its terms are then required); none: never. */
  termsRequired?: () => Promise<boolean>;
}) {
  const repos = createAccessRepositories(deps.db);
  const { termsRequired } = deps;
  // Changes and the socket rooms read afresh; the routes and the guard read through a short cache that
  // every change made here empties for its user at once.
  const freshReader = createAccessReader({ clock: deps.clock, ...repos, termsRequired });
  const reader = createAccessReader({
    clock: deps.clock,
    ...repos,
    termsRequired,
    cacheTtlMs: READ_CACHE_TTL_MS,
  });
  const rooms = deps.notifier(freshReader, repos);
  const notifier: N = {
    ...rooms,
    async accessChanged(userId, reason) {
      forget(userId);
      await rooms.accessChanged(userId, reason);
    },
  };
  /** Another process changed the user's access: forget what this one keeps of them. */
  function forget(userId: number) {
    reader.forget(userId);
    deps.onAccessChanged?.(userId);
  }
  const changes = createAccessChanges({
    db: deps.db,
    clock: deps.clock,
    feesUnderRules: termsRequired,
    reader: freshReader,
    notifier,
    ...repos,
  });
  return { repos, reader, notifier, changes, forget };
}

export type AccessModule = ReturnType<typeof createAccessModule>;

/**
 * The app's access: the module with the instrument rooms as its notifier (their sweeper stops with the
 * app), the guard that instrument routes use, and the subscriber's routes.
 */
export async function registerAccess(
  app: HttpApp,
  kernel: Kernel,
  deps: {
    accounts: Pick<AccountsModule, "sessions">;
    /** The operator's research-analyst profile, whose presence makes the terms summary required. */
    researchAnalyst?: { hasProfile(): Promise<boolean> };
  },
) {
  const { clock, log } = kernel;
  const { researchAnalyst } = deps;
  const access = createAccessModule({
    db: kernel.db,
    clock,
    termsRequired: researchAnalyst ? () => researchAnalyst.hasProfile() : undefined,
    notifier: (reader, repos) =>
      createAccessRooms(kernel.io, {
        reader,
        subscriptions: repos.subscriptions,
        clock,
        log,
        clustered: kernel.clustered,
        onPeerChange: (userId) => access.forget(userId),
      }),
    // A role change comes this way too: the sessions holding the user's old record forget it.
    onAccessChanged: (userId) => deps.accounts.sessions.forgetUser(userId),
  });
  kernel.onClose("access", () => access.notifier.stop());
  await app.register(instrumentAccessPlugin, { reader: access.reader });
  await app.register(accessRoutes, access);
  return access;
}

export type AppAccess = Awaited<ReturnType<typeof registerAccess>>;

/**
 * SEED_DEMO (and nothing otherwise): the demo accounts, each subscriber given access as the operator
 * would; the log says how to sign in. Run last, once everything else is wired.
 */
export async function seedDemo(
  kernel: Kernel,
  deps: { accounts: Pick<AccountsModule, "users">; access: AppAccess },
) {
  const { clock, log } = kernel;
  if (!kernel.config.seedDemo) return;
  const { access } = deps;
  const giveAccess = (user: { id: number; username: string }) =>
    seedDemoAccess(
      { changes: access.changes, subscriptions: access.repos.subscriptions, clock },
      user,
    );
  for (const account of await seedDemoAccounts({ users: deps.accounts.users, clock, giveAccess })) {
    log.info(
      {
        username: account.username,
        password: account.password,
        role: account.role,
        created: account.created,
      },
      `demo account: username "${account.username}", password "${account.password}" (${account.role})`,
    );
  }
}
