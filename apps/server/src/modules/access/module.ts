/**
 * Builds the access module from one database: its repositories, the reader, the changes and the socket
 * rooms that follow them. app.ts wires the result into routes, the guard and the operator console; the
 * command line builds the same changes with a notifier that does nothing (the sweeper of a running server
 * picks its changes up).
 */
import type { AppDb } from "../../db/client";
import type { Clock } from "../../lib/clock";
import { createAuditRepository } from "../audit/repository";
import { createUserRepository } from "../auth/user-repository";
import { type AccessNotifier, createAccessChanges } from "./changes";
import { createContributionRepository } from "./contribution-repository";
import { createRdaRepository } from "./rda-repository";
import { type AccessReader, createAccessReader } from "./service";
import { createSubscriptionRepository } from "./subscription-repository";

export function createAccessRepositories(db: AppDb) {
  return {
    users: createUserRepository(db),
    audit: createAuditRepository(db),
    subscriptions: createSubscriptionRepository(db),
    rda: createRdaRepository(db),
    contributions: createContributionRepository(db),
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
}) {
  const repos = createAccessRepositories(deps.db);
  const reader = createAccessReader({ clock: deps.clock, ...repos });
  const notifier = deps.notifier(reader, repos);
  const changes = createAccessChanges({
    db: deps.db,
    clock: deps.clock,
    reader,
    notifier,
    ...repos,
  });
  return { repos, reader, notifier, changes };
}

export type AccessModule = ReturnType<typeof createAccessModule>;
