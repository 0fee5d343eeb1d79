/**
 * Builds the access module from one database: its repositories, the reader, the changes and the socket
 * rooms that follow them. app.ts wires the result into routes, the guard and the operator console; the
 * command line builds the same changes with a notifier that does nothing (the sweeper of a running server
 * picks its changes up).
 */
import type { AppDb } from "../../db/client";
import type { Clock } from "../../lib/clock";
import { createAuditRepository } from "../audit/repository";
import { READ_CACHE_TTL_MS } from "../auth/policy";
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
  /** Also told of every committed change, before the sockets (the session cache forgets the user). */
  onAccessChanged?: (userId: number) => void;
}) {
  const repos = createAccessRepositories(deps.db);
  // Changes and the socket rooms read afresh; the routes and the guard read through a short cache that
  // every change made here empties for its user at once.
  const freshReader = createAccessReader({ clock: deps.clock, ...repos });
  const reader = createAccessReader({
    clock: deps.clock,
    ...repos,
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
    reader: freshReader,
    notifier,
    ...repos,
  });
  return { repos, reader, notifier, changes, forget };
}

export type AccessModule = ReturnType<typeof createAccessModule>;
