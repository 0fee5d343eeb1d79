/**
 * `npm run admin -- <command>`: reads the arguments, opens the database, runs one command and answers the
 * exit code (0 done, 1 refused or failed). Everything it needs from the process comes in `io`, so tests run
 * it against a test database.
 */
import { MAX_GRANT_DAYS } from "@kalpa/contracts/api/admin";
import type { Database } from "../db/client";
import { DirectoryLockedError } from "../db/directory-lock";
import type { Clock } from "../lib/clock";
import { type ParsedArgs, parseArgs, UsageError } from "./args";
import { BROKER_USAGE, type BrokerCliSettings, brokerCommand } from "./broker-commands";
import { CALENDAR_USAGE, calendarCommand } from "./calendar-commands";
import { type CliContext, CliError, createAdmin, grant, list, revoke } from "./commands";

export const USAGE = `Usage: npm run admin -- <command> [options]

Commands:
  create-admin --username <name> --email <address> --name <full name> --mobile <10 digits>
               [--password-stdin]
      Creates a verified admin account. The password is asked for twice at the terminal, or read
      from standard input with --password-stdin; it is never an argument.
  grant <username> <instrument> <days> [--amount <rupees>] [--method <method>]
        [--reference <text>] [--received-on <YYYY-MM-DD>] [--note <text>]
        [--rda-received [--rda-received-on <YYYY-MM-DD>] [--rda-channel <channel>]]
      Grants <days> days (1-${MAX_GRANT_DAYS}) of an instrument (Nifty, BankNifty, CrudeOil) and records the
      contribution (amount 0 and method complimentary unless given; method upi when an amount is given).
      Open access is extended by <days>; otherwise it runs through today + <days>. Refused until the
      signed risk disclosure agreement is recorded: --rda-received records it first, unless it is
      already recorded (received today unless --rda-received-on; channel in-person unless
      --rda-channel).
  revoke <username> <instrument>
      Switches the instrument off for the user (the expiry is kept; the console can reactivate it).
  list
      One line per user with access now: each instrument and its last day.
${BROKER_USAGE}
${CALENDAR_USAGE}

The database is the server's: DATABASE_URL when set, otherwise the embedded one in DATA_DIR (./data).
The embedded database can be open in one process at a time: stop the server first, or use PostgreSQL.
Every change is written to the audit log with the actor "cli".`;

const SWITCHES = new Set(["help", "password-stdin", "rda-received"]);

export interface CliIo {
  argv: readonly string[];
  openDatabase: () => Promise<Database>;
  clock: Clock;
  out: (line: string) => void;
  err: (line: string) => void;
  /** The password for create-admin: from standard input (--password-stdin) or a hidden prompt. */
  readPassword: (fromStdin: boolean) => Promise<string>;
  /** Kite's settings and the secrets key, for the broker commands. */
  broker?: BrokerCliSettings;
}

function required(args: ParsedArgs, name: string): string {
  const value = args.options.get(name);
  if (value === undefined || value.trim() === "") throw new UsageError(`--${name} is required.`);
  return value;
}

function positionals(args: ParsedArgs, names: readonly string[]): string[] {
  if (args.positionals.length !== names.length + 1) {
    throw new UsageError(`Expected ${names.map((name) => `<${name}>`).join(" ")}.`);
  }
  return args.positionals.slice(1);
}

function knownOptions(args: ParsedArgs, allowed: readonly string[]) {
  for (const name of [...args.options.keys(), ...args.switches]) {
    if (name !== "help" && !allowed.includes(name))
      throw new UsageError(`Unknown option --${name}.`);
  }
}

async function dispatch(args: ParsedArgs, io: CliIo, context: () => Promise<CliContext>) {
  const command = args.positionals[0];
  switch (command) {
    case "create-admin": {
      knownOptions(args, ["username", "email", "name", "mobile", "password-stdin"]);
      positionals(args, []);
      const input = {
        username: required(args, "username"),
        email: required(args, "email"),
        name: required(args, "name"),
        mobile: required(args, "mobile"),
      };
      const password = await io.readPassword(args.switches.has("password-stdin"));
      return createAdmin(await context(), { ...input, password });
    }
    case "grant": {
      const opts = ["amount", "method", "reference", "received-on", "note", "rda-received"];
      knownOptions(args, [...opts, "rda-received-on", "rda-channel"]);
      const [username, instrument, days] = positionals(args, ["username", "instrument", "days"]);
      return grant(await context(), {
        username: username as string,
        instrument: instrument as string,
        days: days as string,
        amount: args.options.get("amount"),
        method: args.options.get("method"),
        reference: args.options.get("reference"),
        receivedOn: args.options.get("received-on"),
        note: args.options.get("note"),
        rdaReceived: args.switches.has("rda-received"),
        rdaReceivedOn: args.options.get("rda-received-on"),
        rdaChannel: args.options.get("rda-channel"),
      });
    }
    case "revoke": {
      knownOptions(args, []);
      const [username, instrument] = positionals(args, ["username", "instrument"]);
      return revoke(await context(), {
        username: username as string,
        instrument: instrument as string,
      });
    }
    case "list":
      knownOptions(args, []);
      positionals(args, []);
      return list(await context());
    case "broker": {
      knownOptions(args, []);
      const [action, argument, extra] = args.positionals.slice(1);
      if (action === undefined || extra !== undefined) {
        throw new UsageError("Expected broker <status|login-url|token|logout> [request_token].");
      }
      if (!io.broker) throw new CliError("The broker's settings are not available here.");
      return brokerCommand(context, io.broker, action, argument);
    }
    case "calendar": {
      knownOptions(args, ["name", "nse", "mcx", "sessions", "source"]);
      const [action, ...rest] = args.positionals.slice(1);
      return calendarCommand(context, action, rest, args.options);
    }
    default:
      throw new UsageError(
        command === undefined ? "Name a command." : `Unknown command "${command}".`,
      );
  }
}

export async function runAdminCli(io: CliIo): Promise<number> {
  let database: Database | undefined;
  try {
    const args = parseArgs(io.argv, SWITCHES);
    if (args.switches.has("help") || args.positionals[0] === "help") {
      io.out(USAGE);
      return 0;
    }
    await dispatch(args, io, async () => {
      database = await io.openDatabase();
      return { db: database.db, clock: io.clock, out: io.out };
    });
    return 0;
  } catch (error) {
    if (error instanceof UsageError) {
      io.err(`${error.message}\n\n${USAGE}`);
    } else if (error instanceof CliError) {
      io.err(error.message);
    } else if (error instanceof DirectoryLockedError) {
      io.err(
        `${error.message}\nThe embedded database is open in a running server: stop the server and run ` +
          "the command again, or run the server and this command on PostgreSQL (DATABASE_URL).",
      );
    } else {
      io.err(`Failed: ${error instanceof Error ? error.message : String(error)}`);
    }
    return 1;
  } finally {
    await database?.close();
  }
}
