/**
 * Sessions: start one at login (rotating away whatever session the browser already had and, in
 * single-session mode, ending the user's others), find the one a cookie names, end them. The token lives
 * only in the cookie; the database keeps its SHA-256.
 *
 * What a cookie names is kept for READ_CACHE_TTL_MS (decision 021): every signed-in request asks, so most
 * are answered without the database. A session ended in this process is forgotten at once (`end`, `start`'s
 * rotation and `forgetSessions`, which the account services' socket notices call after every commit that
 * ends sessions); one ended elsewhere is seen within the TTL. Expiry is checked on every request.
 */
import { and, eq } from "drizzle-orm";
import type { AppDb } from "../../db/client";
import { pushSubscriptions } from "../../db/schema";
import type { Clock } from "../../lib/clock";
import { createTtlCache } from "../../lib/ttl-cache";
import {
  READ_CACHE_MAX_ENTRIES,
  READ_CACHE_TTL_MS,
  SESSION_TOUCH_EVERY_MS,
  SESSION_TTL_MS,
} from "./policy";
import { randomToken, sha256Hex } from "./secrets";
import type { SessionRepository } from "./session-repository";
import type { UserRecord } from "./user-repository";

export interface RequestAuth {
  sessionId: number;
  /** When the session ends by itself (its sockets are closed then). */
  expiresAt: Date;
  user: UserRecord;
}

export interface StartedSession {
  token: string;
  sessionId: number;
  /** The browser's previous session, ended by rotation (its sockets are closed quietly). */
  rotatedSessionId: number | undefined;
  /** The user's other sessions, ended by single-session mode (their sockets are told why). */
  endedSessionIds: number[];
}

export type RevokeReason =
  | "logout"
  | "rotated"
  | "another_device"
  | "password_changed"
  | "password_reset";

/** Longer than any token this server issues: such a cookie is not worth hashing. */
const MAX_TOKEN_LENGTH = 128;

export function createSessionService(deps: {
  db: AppDb;
  clock: Clock;
  sessions: SessionRepository;
}) {
  const { db, clock, sessions } = deps;
  type Found = Awaited<ReturnType<SessionRepository["findActiveWithUser"]>>;
  const cache = createTtlCache<string, Found>({
    ttlMs: READ_CACHE_TTL_MS,
    maxEntries: READ_CACHE_MAX_ENTRIES,
  });
  // Every signed-in request hashes its token to find its session: the hashes of the tokens seen lately are
  // remembered (a bounded map, emptied when full, so a flood of made-up tokens cannot grow it).
  const hashes = new Map<string, string>();
  const hashOf = (token: string | undefined) => {
    if (!token || token.length > MAX_TOKEN_LENGTH) return undefined;
    let hash = hashes.get(token);
    if (hash === undefined) {
      hash = sha256Hex(token);
      if (hashes.size >= READ_CACHE_MAX_ENTRIES) hashes.clear();
      hashes.set(token, hash);
    }
    return hash;
  };

  return {
    async start(
      userId: number,
      options: {
        ip: string;
        userAgent: string | undefined;
        previousToken: string | undefined;
        endOthers: boolean;
      },
    ): Promise<StartedSession> {
      const now = clock();
      const token = randomToken();
      const previousHash = hashOf(options.previousToken);
      const started = await db.transaction(async (tx) => {
        const rotatedSessionId = previousHash
          ? await sessions.revokeByTokenHash(previousHash, "rotated", now, tx)
          : undefined;
        const endedSessionIds = options.endOthers
          ? await sessions.revokeForUser(userId, "another_device", now, {}, tx)
          : [];
        const session = await sessions.insert(
          {
            userId,
            tokenHash: sha256Hex(token),
            createdAt: now,
            lastSeenAt: now,
            expiresAt: new Date(now.getTime() + SESSION_TTL_MS),
            ip: options.ip,
            userAgent: options.userAgent?.slice(0, 512) ?? null,
          },
          tx,
        );
        if (rotatedSessionId !== undefined) {
          // The same person signing in again in this browser keeps its alerts (push subscriptions are
          // bound to the session that turned them on); another account's sign-in does not take them.
          await tx
            .update(pushSubscriptions)
            .set({ sessionId: session.id })
            .where(
              and(
                eq(pushSubscriptions.sessionId, rotatedSessionId),
                eq(pushSubscriptions.userId, userId),
              ),
            );
        }
        return { token, sessionId: session.id, rotatedSessionId, endedSessionIds };
      });
      if (previousHash) cache.forget(previousHash);
      if (started.endedSessionIds.length > 0) forgetSessions(started.endedSessionIds);
      return started;
    },

    /**
     * The active session a token names and its user, or null (unknown, expired or revoked). `fresh` reads
     * the database, not what is kept (a socket's check that its session still lives).
     */
    async resolve(
      token: string | undefined,
      options: { fresh?: boolean } = {},
    ): Promise<RequestAuth | null> {
      const tokenHash = hashOf(token);
      if (!tokenHash) return null;
      const now = clock();
      const load = () => sessions.findActiveWithUser(tokenHash, now);
      const found = options.fresh ? await load() : await cache.get(tokenHash, load);
      if (!found) return null;
      const { session, user } = found;
      // Kept answers may outlive the session's own end.
      if (session.expiresAt.getTime() <= now.getTime()) return null;
      if (now.getTime() - session.lastSeenAt.getTime() >= SESSION_TOUCH_EVERY_MS) {
        // The kept record says it was seen now, so requests sharing it do not touch it again.
        session.lastSeenAt = now;
        await sessions.touch(session.id, now);
      }
      return { sessionId: session.id, expiresAt: session.expiresAt, user };
    },

    /** Ends the session a token names; answers its id when there was an active one. */
    async end(token: string | undefined, reason: RevokeReason): Promise<number | undefined> {
      const tokenHash = hashOf(token);
      if (!tokenHash) return undefined;
      const ended = await sessions.revokeByTokenHash(tokenHash, reason, clock());
      cache.forget(tokenHash);
      return ended;
    },

    /** Forgets what is kept of these sessions (ended by a commit elsewhere in this process). */
    forgetSessions,

    /** Forgets what is kept of a user's sessions (their record, role or access changed). */
    forgetUser(userId: number): void {
      cache.forgetWhere((found) => found !== undefined && found.user.id === userId);
    },
  };

  function forgetSessions(sessionIds: readonly number[]): void {
    if (sessionIds.length === 0) return;
    const ids = new Set(sessionIds);
    cache.forgetWhere((found) => found !== undefined && ids.has(found.session.id));
  }
}

export type SessionService = ReturnType<typeof createSessionService>;
