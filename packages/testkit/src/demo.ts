/**
 * The demo accounts the server seeds with SEED_DEMO (apps/server/src/modules/auth/demo-accounts.ts), as a
 * person types them at the login form. apps/server/test/accounts/demo-accounts.test.ts checks that they
 * match what the server seeds.
 */

/** A user without access to any instrument. */
export const DEMO = { username: "demo", password: "Demo@1234" } as const;

/** Every instrument for 30 days, the risk disclosure accepted and its signed copy received. */
export const TRADER = { username: "trader", password: "Trader@1234" } as const;

/** The operator (the admin role: the console at /admin). */
export const ADMIN = { username: "admin", password: "Admin@1234" } as const;

/** A username and password to sign in with. */
export interface Credentials {
  readonly username: string;
  readonly password: string;
}

/** The three, in the order the server seeds them, with the role each has. */
export const DEMO_CREDENTIALS = [
  { ...DEMO, role: "user" },
  { ...TRADER, role: "user" },
  { ...ADMIN, role: "admin" },
] as const;
