/**
 * Demo accounts for development and demonstrations (SEED_DEMO, on by default outside production): created
 * at start-up when absent, verified, so that anyone can sign in at once. Idempotent: an account that is
 * already there, demo or not, is left alone.
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
  },
] as const;

export interface SeededAccount {
  username: string;
  password: string;
  /** False when the account was already there. */
  created: boolean;
}

export async function seedDemoAccounts(deps: {
  users: UserRepository;
  clock: Clock;
}): Promise<SeededAccount[]> {
  const seeded: SeededAccount[] = [];
  for (const account of DEMO_ACCOUNTS) {
    const { password, ...details } = account;
    const existing = await deps.users.findByUsername(account.username);
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
    }
    seeded.push({ username: account.username, password, created });
  }
  return seeded;
}
