/**
 * Demo accounts for development and demonstrations (SEED_DEMO, on by default outside production): created
 * at start-up when absent, verified, so that anyone can sign in at once: `demo` (a user without access),
 * `trader` (all three instruments for 30 days, the risk disclosure accepted and its signed copy received)
 * and `admin` (the operator console). Idempotent: an account that is already there, demo or not, is left
 * alone; the trader's access is given only while the account has never had any.
 */
import type { Clock } from "../../lib/clock";
import { hashPassword } from "./passwords";
import type { UserRepository } from "./user-repository";

export const DEMO_ACCOUNTS = [
  {
    username: "demo",
    password: "Demo@1234",
    name: "Demo Trader",
    email: "demo@kalpa.local",
    mobile: "9876543210",
    role: "user",
    access: false,
  },
  {
    username: "trader",
    password: "Trader@1234",
    name: "Demo Subscriber",
    email: "trader@kalpa.local",
    mobile: "9876543211",
    role: "user",
    access: true,
  },
  {
    username: "admin",
    password: "Admin@1234",
    name: "Demo Operator",
    email: "admin@kalpa.local",
    mobile: "9876543212",
    role: "admin",
    access: false,
  },
] as const;

export interface SeededAccount {
  username: string;
  password: string;
  role: "user" | "admin";
  /** False when the account was already there. */
  created: boolean;
}

export async function seedDemoAccounts(deps: {
  users: UserRepository;
  clock: Clock;
  /** Gives an account its demo access (the trader's); called for the accounts that have `access`. */
  giveAccess?: (user: { id: number; username: string }) => Promise<unknown>;
}): Promise<SeededAccount[]> {
  const seeded: SeededAccount[] = [];
  for (const account of DEMO_ACCOUNTS) {
    const { password, access, ...details } = account;
    let existing = await deps.users.findByUsername(account.username);
    let created = false;
    if (!existing) {
      const now = deps.clock();
      created = await deps.users.insertIfAbsent({
        ...details,
        passwordHash: await hashPassword(password),
        verifiedAt: now,
        createdAt: now,
        updatedAt: now,
      });
      existing = await deps.users.findByUsername(account.username);
    }
    if (access && existing && deps.giveAccess) await deps.giveAccess(existing);
    seeded.push({ username: account.username, password, role: account.role, created });
  }
  return seeded;
}
