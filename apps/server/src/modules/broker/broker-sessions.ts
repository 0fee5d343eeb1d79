/**
 * The broker's stored session: the access token, sealed with the secrets key (lib/secret-box.ts), shared by
 * every process on the database and kept across restarts. A token the broker refused (or one past its
 * expiry) is marked invalid with the reason; the next login replaces the row. The operator is e-mailed once
 * per invalid token (`claimNotice` answers true to exactly one caller).
 */
import { and, eq, isNull } from "drizzle-orm";
import type { AppDb } from "../../db/client";
import { brokerSessions } from "../../db/schema";
import type { SecretBox } from "../../lib/secret-box";

export interface BrokerSession {
  userId: string;
  /** Undefined when the stored value does not open with this key (SECRETS_KEY changed): a login is needed. */
  accessToken: string | undefined;
  loginAt: number;
  expiresAt: number;
  invalidAt: number | undefined;
  invalidReason: string | undefined;
  /** Changes with every write: a new login is noticed by comparing it. */
  version: number;
}

export type UsableToken =
  | { ok: true; accessToken: string; expiresAt: number; version: number }
  | { ok: false; reason: string; version: number | undefined };

/** A stored session's access token when it may be used, else why a login is needed. */
export function usableToken(stored: BrokerSession | undefined): UsableToken {
  if (!stored) {
    return {
      ok: false,
      reason: "No Kite session yet: press Connect Kite in the console.",
      version: undefined,
    };
  }
  const { version } = stored;
  if (stored.invalidAt !== undefined) {
    const reason = stored.invalidReason ?? "Kite's access token stopped working.";
    return { ok: false, reason, version };
  }
  if (stored.accessToken === undefined) {
    const reason = "The stored Kite token cannot be read with this SECRETS_KEY: log in again.";
    return { ok: false, reason, version };
  }
  return { ok: true, accessToken: stored.accessToken, expiresAt: stored.expiresAt, version };
}

export interface BrokerSessionStore {
  current(broker: string): Promise<BrokerSession | undefined>;
  save(
    broker: string,
    session: { userId: string; accessToken: string; loginAt: number; expiresAt: number },
  ): Promise<void>;
  /**
   * Marks the token invalid, only if the stored session is still `version` (a login meanwhile is kept);
   * with no version, whatever token is stored.
   */
  invalidate(broker: string, reason: string, at: number, version?: number): Promise<void>;
  /** True once per invalid token: the caller sends the operator's e-mail. */
  claimNotice(broker: string, at: number): Promise<boolean>;
  forget(broker: string): Promise<void>;
}

export function createBrokerSessionStore(db: AppDb, box: SecretBox): BrokerSessionStore {
  return {
    async current(broker) {
      const [row] = await db.select().from(brokerSessions).where(eq(brokerSessions.broker, broker));
      if (!row) return undefined;
      return {
        userId: row.userId,
        accessToken: box.open(row.accessToken),
        loginAt: row.loginAt.getTime(),
        expiresAt: row.expiresAt.getTime(),
        invalidAt: row.invalidAt?.getTime(),
        invalidReason: row.invalidReason ?? undefined,
        version: row.updatedAt.getTime(),
      };
    },
    async save(broker, session) {
      const values = {
        broker,
        userId: session.userId,
        accessToken: box.seal(session.accessToken),
        loginAt: new Date(session.loginAt),
        expiresAt: new Date(session.expiresAt),
        invalidAt: null,
        invalidReason: null,
        notifiedAt: null,
        updatedAt: new Date(),
      };
      await db
        .insert(brokerSessions)
        .values(values)
        .onConflictDoUpdate({ target: brokerSessions.broker, set: values });
    },
    async invalidate(broker, reason, at, version) {
      await db
        .update(brokerSessions)
        .set({ invalidAt: new Date(at), invalidReason: reason, updatedAt: new Date() })
        .where(
          and(
            eq(brokerSessions.broker, broker),
            isNull(brokerSessions.invalidAt),
            version === undefined ? undefined : eq(brokerSessions.updatedAt, new Date(version)),
          ),
        );
    },
    async claimNotice(broker, at) {
      const claimed = await db
        .update(brokerSessions)
        .set({ notifiedAt: new Date(at) })
        .where(and(eq(brokerSessions.broker, broker), isNull(brokerSessions.notifiedAt)))
        .returning({ broker: brokerSessions.broker });
      return claimed.length > 0;
    },
    async forget(broker) {
      await db.delete(brokerSessions).where(eq(brokerSessions.broker, broker));
    },
  };
}
