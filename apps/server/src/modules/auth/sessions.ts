/**
 * Sessions: start one at login (rotating away whatever session the browser already had and, in
 * single-session mode, ending the user's others), find the one a cookie names, end them. The token lives
 * only in the cookie; the database keeps its SHA-256.
 */
import type { AppDb } from "../../db/client";
import type { Clock } from "../../lib/clock";
import { SESSION_TOUCH_EVERY_MS, SESSION_TTL_MS } from "./policy";
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
  const hashOf = (token: string | undefined) =>
    token && token.length <= MAX_TOKEN_LENGTH ? sha256Hex(token) : undefined;

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
      return db.transaction(async (tx) => {
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
        return { token, sessionId: session.id, rotatedSessionId, endedSessionIds };
      });
    },

    /** The active session a token names and its user, or null (unknown, expired or revoked). */
    async resolve(token: string | undefined): Promise<RequestAuth | null> {
      const tokenHash = hashOf(token);
      if (!tokenHash) return null;
      const now = clock();
      const found = await sessions.findActiveWithUser(tokenHash, now);
      if (!found) return null;
      const { session, user } = found;
      if (now.getTime() - session.lastSeenAt.getTime() >= SESSION_TOUCH_EVERY_MS) {
        await sessions.touch(session.id, now);
      }
      return { sessionId: session.id, expiresAt: session.expiresAt, user };
    },

    /** Ends the session a token names; answers its id when there was an active one. */
    async end(token: string | undefined, reason: RevokeReason): Promise<number | undefined> {
      const tokenHash = hashOf(token);
      if (!tokenHash) return undefined;
      return sessions.revokeByTokenHash(tokenHash, reason, clock());
    },
  };
}

export type SessionService = ReturnType<typeof createSessionService>;
