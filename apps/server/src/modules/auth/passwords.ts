/**
 * Password hashing: argon2id with OWASP's parameters (19 MiB, 2 passes, 1 lane; DESIGN.md section 3).
 */
import { randomBytes } from "node:crypto";
import { type Algorithm, hash, verify } from "@node-rs/argon2";

/** argon2id; the package's enum is a `const enum`, which isolated modules cannot read. */
const ARGON2ID = 2 as Algorithm;
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/** The parameter part of a hash made with today's OPTIONS ("$argon2id$v=19$m=19456,t=2,p=1$"). */
const CURRENT_PREFIX = `$argon2id$v=19$m=${OPTIONS.memoryCost},t=${OPTIONS.timeCost},p=${OPTIONS.parallelism}$`;

/**
 * Whether a stored hash was made with other parameters (or another algorithm) than today's: the login that
 * proves the password stores a fresh hash, so raising the parameters later upgrades accounts as they sign in.
 */
export function needsRehash(passwordHash: string): boolean {
  return !passwordHash.startsWith(CURRENT_PREFIX);
}

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

/** False for a wrong password and for a hash that cannot be read (never throws at a login). */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/** Computes the dummy hash ahead of the first unknown username, whose answer would otherwise be slower. */
export function primeDummyHash(): void {
  dummyHash ??= hashPassword(randomBytes(32).toString("base64url"));
}

/**
 * Spends the time a real check would, for a username that has no account, so the answer's timing does not
 * tell whether the account exists. The hash is of a random secret nobody knows.
 */
export async function verifyAgainstDummy(password: string): Promise<false> {
  primeDummyHash();
  await verifyPassword(await (dummyHash as Promise<string>), password);
  return false;
}
