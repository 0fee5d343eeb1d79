/**
 * What an account has linked outside the site besides its sessions: today a Telegram chat (modules/alerts
 * attaches it). A link outlives a browser's sign-out, but not a change of who may hold the account: a
 * password reset, a password change and the operator's force-logout end every link in the transaction
 * that ends the sessions, and the link's far end is told why once that has committed (decision 024).
 */
import type { DbExecutor } from "../../db/client";

export type LinkEnding =
  | "password_reset"
  | "password_changed"
  | "admin_logout"
  | "operator_unlink"
  | "user_unlink";

/** What to do once the transaction that ended a link has committed (tell the chat); never throws. */
export type AfterCommit = () => Promise<void>;

export interface OutsideLink {
  /** Ends the user's link inside `tx`; answers what to do after the commit, when there was one. */
  end(userId: number, why: LinkEnding, tx: DbExecutor): Promise<AfterCommit | undefined>;
}

export function createOutsideLinks() {
  const links: OutsideLink[] = [];
  return {
    /** A kind of link the site keeps (added once, at start-up). */
    add(link: OutsideLink): void {
      links.push(link);
    },
    /** Ends every link of the user inside `tx`; answers what to do once it has committed. */
    async end(userId: number, why: LinkEnding, tx: DbExecutor): Promise<AfterCommit> {
      const after: AfterCommit[] = [];
      for (const link of links) {
        const then = await link.end(userId, why, tx);
        if (then) after.push(then);
      }
      return async () => {
        for (const then of after) await then();
      };
    },
  };
}

export type OutsideLinks = ReturnType<typeof createOutsideLinks>;
