/**
 * The operator console's rules: users with their access, one user's whole picture, the access changes
 * (through the access module, so the command line follows the same rules), roles, forced logout, the audit
 * log and the counts. Every change is audited in its own transaction with the admin's username.
 */

import { RISK_DISCLOSURE_VERSION } from "@kalpa/contracts/api/access";
import type {
  AdminStats,
  AdminUserDetail,
  AdminUserSummary,
  AdminUsersPage,
  AuditEntry,
  AuditPage,
} from "@kalpa/contracts/api/admin";
import { ADMIN_PAGE_SIZE } from "@kalpa/contracts/api/admin";
import type { Role } from "@kalpa/contracts/api/session";
import { EXPIRY_WARNING_DAYS } from "@kalpa/contracts/constants";
import { ADMIN_MESSAGES, AUTH_MESSAGES } from "@kalpa/contracts/messages";
import type { AccessKey } from "@kalpa/contracts/names";
import { dayKeyOf } from "@kalpa/market/time/day-key";
import { addDays } from "@kalpa/market/time/day-math";
import type { AppDb } from "../../db/client";
import type { Clock } from "../../lib/clock";
import { AppError } from "../../lib/errors";
import type { SessionSockets } from "../../realtime/session-sockets";
import type { AccessChanges, AccessNotifier, Actor } from "../access/changes";
import { type ContributionRepository, toContribution } from "../access/contribution-repository";
import type { RdaRepository } from "../access/rda-repository";
import { type RefundRepository, toRefund } from "../access/refund-repository";
import { expiryAfter, isOpen } from "../access/rules";
import type { AccessReader, UserAccess } from "../access/service";
import type { SubscriptionRepository } from "../access/subscription-repository";
import type { AuditEntry as AuditRecord, AuditRepository } from "../audit/repository";
import type { AfterCommit, OutsideLinks } from "../auth/outside-links";
import type { SessionRepository } from "../auth/session-repository";
import type { UserRepository } from "../auth/user-repository";
import { type AdminRepository, type AdminUserRow, createAdminRepository } from "./repository";

/** Audit entries per page of the log; the user detail shows the latest ADMIN_PAGE_SIZE. */
export const AUDIT_PAGE_SIZE = ADMIN_PAGE_SIZE * 2;

export function toAuditEntry(row: AuditRecord): AuditEntry {
  return {
    id: String(row.id),
    at: row.at.toISOString(),
    actor: row.actor,
    action: row.action,
    target: row.target,
    details: row.details,
    ip: row.ip,
  };
}

function summaryOf(row: AdminUserRow, access: UserAccess): AdminUserSummary {
  return {
    id: String(row.id),
    username: row.username,
    name: row.name,
    email: row.email,
    mobile: row.mobile,
    role: row.role,
    verified: row.verifiedAt !== null,
    createdAt: row.createdAt.toISOString(),
    subscriptions: access.subscriptions,
    riskDisclosure: access.riskDisclosure,
  };
}

export interface AdminDeps {
  db: AppDb;
  clock: Clock;
  admin: AdminRepository;
  users: UserRepository;
  sessionRows: SessionRepository;
  subscriptions: SubscriptionRepository;
  rda: RdaRepository;
  contributions: ContributionRepository;
  refunds: RefundRepository;
  audit: AuditRepository;
  reader: AccessReader;
  changes: AccessChanges;
  notifier: AccessNotifier;
  sockets: SessionSockets;
  /** Links outside the site (a Telegram chat) that end with a force-logout, or on their own. */
  outsideLinks: Pick<OutsideLinks, "end">;
}

export function createAdminService(deps: AdminDeps) {
  const {
    db,
    clock,
    admin,
    users,
    sessionRows,
    subscriptions,
    rda,
    contributions,
    refunds,
    audit,
  } = deps;
  const { reader, changes, notifier, sockets, outsideLinks } = deps;

  async function detail(userId: number): Promise<AdminUserDetail> {
    const now = clock();
    const row = await admin.findUser(userId);
    if (!row) throw new AppError("NOT_FOUND", ADMIN_MESSAGES.userNotFound);
    const [access, ledger, refunded, activeSessions, telegram, entries] = await Promise.all([
      reader.accessOfOne(userId, now),
      contributions.forUser(userId),
      refunds.forUser(userId),
      admin.countActiveSessions(userId, now),
      admin.telegramLinkOf(userId),
      audit.listForTarget(`user:${userId}`, ADMIN_PAGE_SIZE),
    ]);
    const startedAt = (key: AccessKey) => {
      const state = access.states.get(key);
      return isOpen(state, now) && state ? state.startedAt.toISOString() : null;
    };
    return {
      user: summaryOf(row, access),
      startedAt: {
        Nifty: startedAt("Nifty"),
        BankNifty: startedAt("BankNifty"),
        CrudeOil: startedAt("CrudeOil"),
      },
      contributions: ledger.map(toContribution),
      refunds: refunded.map(toRefund),
      activeSessions,
      telegram: telegram
        ? { chat: telegram.chatName, linkedAt: telegram.linkedAt.toISOString() }
        : null,
      audit: entries.map(toAuditEntry),
    };
  }

  return {
    detail,

    async users(query: {
      q?: string | undefined;
      page?: number | undefined;
    }): Promise<AdminUsersPage> {
      const page = query.page ?? 1;
      const { rows, total } = await admin.searchUsers(
        query.q,
        (page - 1) * ADMIN_PAGE_SIZE,
        ADMIN_PAGE_SIZE,
      );
      const access = await reader.accessOf(rows.map((row) => row.id));
      return {
        users: rows.flatMap((row) => {
          const found = access.get(row.id);
          return found ? [summaryOf(row, found)] : [];
        }),
        total,
        page,
        pageSize: ADMIN_PAGE_SIZE,
      };
    },

    /**
     * A role change, never one's own. At least one admin always remains: the admins' rows are locked and
     * the acting admin must still be one of them (another admin may have demoted them a moment ago), and
     * they are not the one changed, so ADMIN_MESSAGES.lastAdmin can never apply.
     */
    async setRole(actor: Actor & { userId: number }, userId: number, role: Role): Promise<void> {
      if (actor.userId === userId) throw new AppError("CONFLICT", ADMIN_MESSAGES.ownRole);
      const now = clock();
      const changed = await db.transaction(async (tx) => {
        const admins = await admin.lockAdmins(tx);
        // Another admin may have demoted this one a moment ago.
        if (!admins.includes(actor.userId))
          throw new AppError("FORBIDDEN", ADMIN_MESSAGES.adminOnly);
        const target = await users.lockById(userId, tx);
        if (!target) throw new AppError("NOT_FOUND", ADMIN_MESSAGES.userNotFound);
        if (target.role === role) return false;
        await admin.setRole(userId, role, now, tx);
        await audit.append(
          {
            actor: actor.name,
            action: "user.role_changed",
            target: `user:${userId}`,
            details: { from: target.role, to: role },
            ip: actor.ip,
          },
          tx,
        );
        return true;
      });
      if (changed) await notifier.accessChanged(userId, "session-changed");
    },

    /**
     * Ends every session of the user and tells their sockets (force-logout), then closes them. A chat
     * linked from any of those sessions ends too, and is told why.
     */
    async forceLogout(actor: Actor, userId: number): Promise<void> {
      const now = clock();
      let tellLinks: AfterCommit = async () => {};
      const ended = await db.transaction(async (tx) => {
        const target = await users.lockById(userId, tx);
        if (!target) throw new AppError("NOT_FOUND", ADMIN_MESSAGES.userNotFound);
        tellLinks = await outsideLinks.end(userId, "admin_logout", tx);
        const ids = await sessionRows.revokeForUser(userId, "admin_logout", now, {}, tx);
        await audit.append(
          {
            actor: actor.name,
            action: "user.logged_out",
            target: `user:${userId}`,
            details: { sessions: ids.length },
            ip: actor.ip,
          },
          tx,
        );
        return ids;
      });
      void sockets.forceLogout(ended, AUTH_MESSAGES.forcedLogout);
      void tellLinks();
    },

    /** Unlinks the user's Telegram chat (no more alerts there) and tells the chat why; 409 without one. */
    async unlinkTelegram(actor: Actor, userId: number): Promise<void> {
      const tell = await db.transaction(async (tx) => {
        const target = await users.lockById(userId, tx);
        if (!target) throw new AppError("NOT_FOUND", ADMIN_MESSAGES.userNotFound);
        const linked = await createAdminRepository(tx).telegramLinkOf(userId);
        if (!linked) throw new AppError("CONFLICT", ADMIN_MESSAGES.telegramNotLinked);
        const then = await outsideLinks.end(userId, "operator_unlink", tx);
        await audit.append(
          {
            actor: actor.name,
            action: "user.telegram_unlinked",
            target: `user:${userId}`,
            details: { chat: linked.chatName, linkedAt: linked.linkedAt.toISOString() },
            ip: actor.ip,
          },
          tx,
        );
        return then;
      });
      void tell();
    },

    async auditLog(query: {
      target?: string | undefined;
      before?: string | undefined;
    }): Promise<AuditPage> {
      const rows = await admin.auditPage(
        {
          target: query.target,
          before: query.before === undefined ? undefined : Number(query.before),
        },
        AUDIT_PAGE_SIZE + 1,
      );
      const entries = rows.slice(0, AUDIT_PAGE_SIZE).map(toAuditEntry);
      const last = entries[entries.length - 1];
      return { entries, next: rows.length > AUDIT_PAGE_SIZE && last ? last.id : null };
    },

    async stats(): Promise<AdminStats> {
      const now = clock();
      // Open access whose last day is within EXPIRY_WARNING_DAYS of today (0 to 5 days left).
      const warnUntil = expiryAfter(addDays(dayKeyOf(now), EXPIRY_WARNING_DAYS));
      const [usersCount, activeSubscribers, expiringSoon, signedCopyPending] = await Promise.all([
        admin.countUsers(),
        subscriptions.openCounts(now),
        subscriptions.countOpenEndingBy(now, warnUntil),
        rda.countSignedCopyPending(RISK_DISCLOSURE_VERSION),
      ]);
      return { users: usersCount, activeSubscribers, expiringSoon, signedCopyPending };
    },

    grant: changes.grant,
    endEarly: changes.endEarly,
    setActive: changes.setActive,
    recordSignedCopy: changes.recordSignedCopy,
  };
}

export type AdminService = ReturnType<typeof createAdminService>;
