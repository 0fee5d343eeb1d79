/**
 * What the operator's command line does, against any database: create an admin, grant access (recording
 * the contribution), revoke it, and list who has access. The rules are the access module's (the signed risk
 * disclosure copy before any grant; every change audited, with "cli" as the actor). A running server on the
 * same PostgreSQL picks the changes up within its access sweep (30 s).
 */

import { ACCOUNT_MESSAGES } from "@kalpa/contracts/account-messages";
import {
  CONTRIBUTION_METHODS,
  type ContributionMethod,
  MAX_GRANT_DAYS,
  RDA_RECEIPT_CHANNELS,
  type RdaReceiptChannel,
} from "@kalpa/contracts/api/admin";
import { RegisterBodySchema } from "@kalpa/contracts/api/auth";
import { formatDayKey } from "@kalpa/contracts/day-format";
import { RISK_DISCLOSURE_MESSAGES } from "@kalpa/contracts/messages";
import { ACCESS_KEYS, type AccessKey, DayKeySchema, INSTRUMENTS } from "@kalpa/contracts/names";
import { dayKeyOf } from "@kalpa/market/time/day-key";
import { daysBetween } from "@kalpa/market/time/day-math";
import * as z from "zod/mini";
import type { AppDb } from "../db/client";
import type { Clock } from "../lib/clock";
import { AppError } from "../lib/errors";
import { CLI_ACTOR } from "../modules/access/changes";
import { createAccessModule, SILENT_NOTIFIER } from "../modules/access/module";
import { lastDayOf } from "../modules/access/rules";
import { isCommonPassword } from "../modules/auth/common-passwords";
import { hashPassword } from "../modules/auth/passwords";
import { createResearchAnalystRepository } from "../modules/research-analyst/repository";

/** A problem the operator can fix: printed as it is, exit code 1. */
export class CliError extends Error {}

export interface CliContext {
  db: AppDb;
  clock: Clock;
  out: (line: string) => void;
}

function moduleFor(ctx: CliContext) {
  const researchAnalyst = createResearchAnalystRepository(ctx.db);
  return createAccessModule({
    db: ctx.db,
    clock: ctx.clock,
    notifier: () => SILENT_NOTIFIER,
    // The console's profile: its terms and fee rules bind the command line's grants too.
    termsRequired: async () => (await researchAnalyst.profile()) !== undefined,
  });
}

/** Nifty, BankNifty, CrudeOil in any case, or their path names (nifty, banknifty, crudeoil). */
export function parseInstrument(text: string): AccessKey {
  const wanted = text.trim().toLowerCase();
  const found = INSTRUMENTS.find((i) => i.key.toLowerCase() === wanted || i.slug === wanted);
  if (!found)
    throw new CliError(`Unknown instrument "${text}". Use one of: ${ACCESS_KEYS.join(", ")}.`);
  return found.key;
}

function parseChoice<T extends string>(what: string, text: string, choices: readonly T[]): T {
  if ((choices as readonly string[]).includes(text)) return text as T;
  throw new CliError(`Unknown ${what} "${text}". Use one of: ${choices.join(", ")}.`);
}

function parseWhole(what: string, text: string, min: number, max: number): number {
  const value = Number(text);
  if (!/^\d+$/.test(text.trim()) || value < min || value > max) {
    throw new CliError(`${what} must be a whole number from ${min} to ${max} (got "${text}").`);
  }
  return value;
}

function parseDay(what: string, text: string): string {
  if (!z.safeParse(DayKeySchema, text).success) {
    throw new CliError(`${what} must be a day as YYYY-MM-DD (got "${text}").`);
  }
  return text;
}

async function findUser(ctx: CliContext, username: string) {
  const user = await moduleFor(ctx).repos.users.findByUsername(username.trim());
  if (!user) throw new CliError(`No user named "${username}".`);
  return user;
}

/** Runs an access change; its refusals (AppError) become the operator's messages. */
async function refusalsAsCliErrors<T>(change: () => Promise<T>, hint = ""): Promise<T> {
  try {
    return await change();
  } catch (error) {
    if (error instanceof AppError && error.statusCode < 500) {
      throw new CliError(
        `${error.message}${hint && error.message === RISK_DISCLOSURE_MESSAGES.signedCopyPending ? hint : ""}`,
      );
    }
    throw error;
  }
}

export async function createAdmin(
  ctx: CliContext,
  input: { username: string; email: string; name: string; mobile: string; password: string },
): Promise<void> {
  const parsed = RegisterBodySchema.safeParse(input);
  if (!parsed.success) {
    const problems = parsed.error.issues.map(
      (issue) => `${issue.path.join(".")}: ${issue.message}`,
    );
    throw new CliError(`Cannot create the admin:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
  }
  const account = parsed.data;
  if (isCommonPassword(account.password)) throw new CliError(ACCOUNT_MESSAGES.commonPassword);
  const { repos } = moduleFor(ctx);
  const now = ctx.clock();
  const passwordHash = await hashPassword(account.password);
  await ctx.db.transaction(async (tx) => {
    const holders = await repos.users.findHolders(account.username, account.email, tx);
    if (holders.length > 0) {
      throw new CliError(
        holders.some((holder) => holder.email === account.email)
          ? `An account with the e-mail ${account.email} already exists.`
          : `The username "${account.username}" is already taken.`,
      );
    }
    const { password: _password, ...details } = account;
    const user = await repos.users.insert(
      { ...details, passwordHash, role: "admin", verifiedAt: now, createdAt: now, updatedAt: now },
      tx,
    );
    await repos.audit.append(
      { actor: CLI_ACTOR.name, action: "user.admin_created", target: `user:${user.id}`, ip: null },
      tx,
    );
  });
  ctx.out(`Created the admin "${account.username}". They can sign in at once.`);
}

export interface GrantCommand {
  username: string;
  instrument: string;
  days: string;
  amount?: string | undefined;
  method?: string | undefined;
  reference?: string | undefined;
  receivedOn?: string | undefined;
  note?: string | undefined;
  /** Also record that the signed risk disclosure copy was received (today unless rdaReceivedOn). */
  rdaReceived?: boolean | undefined;
  rdaReceivedOn?: string | undefined;
  rdaChannel?: string | undefined;
}

export async function grant(ctx: CliContext, command: GrantCommand): Promise<void> {
  const instrument = parseInstrument(command.instrument);
  const days = parseWhole("The number of days", command.days, 1, MAX_GRANT_DAYS);
  const amountRupees =
    command.amount === undefined ? 0 : parseWhole("The amount", command.amount, 0, 10_000_000);
  const method: ContributionMethod = command.method
    ? parseChoice("method", command.method, CONTRIBUTION_METHODS)
    : amountRupees === 0
      ? "complimentary"
      : "upi";
  const today = dayKeyOf(ctx.clock());
  const receivedOn = command.receivedOn ? parseDay("--received-on", command.receivedOn) : today;
  const rdaReceivedOn = command.rdaReceivedOn
    ? parseDay("--rda-received-on", command.rdaReceivedOn)
    : today;
  const channel: RdaReceiptChannel = command.rdaChannel
    ? parseChoice("channel", command.rdaChannel, RDA_RECEIPT_CHANNELS)
    : "in-person";
  const user = await findUser(ctx, command.username);
  const { changes, reader } = moduleFor(ctx);
  if (command.rdaReceived) {
    // A copy already recorded keeps its day: the flag means "it has arrived", not "it arrived today".
    const { signedCopyReceivedOn } = await reader.riskDisclosure(user.id);
    if (signedCopyReceivedOn) {
      ctx.out(
        `${user.username}'s signed risk disclosure agreement was already recorded (received ${formatDayKey(signedCopyReceivedOn)}).`,
      );
    } else {
      await refusalsAsCliErrors(() =>
        changes.recordSignedCopy(CLI_ACTOR, user.id, {
          receivedOn: rdaReceivedOn,
          channel,
          note: "",
        }),
      );
      ctx.out(
        `Recorded ${user.username}'s signed risk disclosure agreement (received ${formatDayKey(rdaReceivedOn)}).`,
      );
    }
  }
  const outcome = await refusalsAsCliErrors(
    () =>
      changes.grant(CLI_ACTOR, user.id, {
        instruments: [instrument],
        days,
        contribution: {
          amountRupees,
          method,
          reference: (command.reference ?? "").trim().slice(0, 120),
          receivedOn,
          note: (command.note ?? "").trim().slice(0, 500),
        },
      }),
    " Once it has arrived, run the grant again with --rda-received.",
  );
  for (const entry of outcome.instruments) {
    const left = daysBetween(today, entry.lastDay);
    ctx.out(
      `${entry.extended ? "Extended" : "Granted"} ${entry.instrument} for ${user.username} through ` +
        `${formatDayKey(entry.lastDay)} (${left} day${left === 1 ? "" : "s"} left); ` +
        `contribution #${outcome.contributionId} of ₹${amountRupees} (${method}) recorded.`,
    );
  }
}

export async function revoke(ctx: CliContext, command: { username: string; instrument: string }) {
  const instrument = parseInstrument(command.instrument);
  const user = await findUser(ctx, command.username);
  const changed = await refusalsAsCliErrors(() =>
    moduleFor(ctx).changes.setActive(CLI_ACTOR, user.id, {
      instruments: [instrument],
      active: false,
      reason: "Revoked from the command line",
    }),
  );
  ctx.out(
    changed.length > 0
      ? `Revoked ${instrument} for ${user.username} (the expiry is kept; reactivate it in the console).`
      : `${user.username}'s ${instrument} access was already switched off.`,
  );
}

/** One line per user with open access: each instrument and its last day. */
export async function list(ctx: CliContext): Promise<void> {
  const now = ctx.clock();
  const today = dayKeyOf(now);
  const rows = await moduleFor(ctx).repos.subscriptions.usersWithOpenAccess(now);
  if (rows.length === 0) {
    ctx.out("No user has access now.");
    return;
  }
  const lines = new Map<string, string[]>();
  for (const row of rows) {
    const lastDay = row.expiresAt ? lastDayOf(row.expiresAt) : undefined;
    const until = lastDay
      ? `through ${formatDayKey(lastDay)} (${daysBetween(today, lastDay)} days left)`
      : "without an end";
    lines.set(row.username, [...(lines.get(row.username) ?? []), `${row.instrument} ${until}`]);
  }
  for (const [username, access] of lines) ctx.out(`${username}: ${access.join("; ")}`);
}
