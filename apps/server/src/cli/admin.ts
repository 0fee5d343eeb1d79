/**
 * The operator's command line (`npm run admin -- <command>`; `--help` lists the commands). Binds the
 * process (arguments, environment, terminal) to runAdminCli.
 */
import type { ReadStream } from "node:tty";
import { loadBrokerCliConfig } from "../config/cli-config";
import { ConfigError } from "../config/schema";
import { databaseTargetFor, openDatabase } from "../db/client";
import { systemClock } from "../lib/clock";
import { promptHidden, readAll } from "./password";
import { runAdminCli } from "./run";

async function readPassword(fromStdin: boolean): Promise<string> {
  if (fromStdin) return readAll(process.stdin);
  if (!process.stdin.isTTY) {
    throw new Error("No terminal to ask for the password: pipe it in with --password-stdin.");
  }
  const stdin = process.stdin as ReadStream;
  const first = await promptHidden("Password: ", stdin, process.stderr);
  const second = await promptHidden("Repeat the password: ", stdin, process.stderr);
  if (first !== second) throw new Error("The passwords do not match.");
  return first;
}

async function main(): Promise<number> {
  let config: ReturnType<typeof loadBrokerCliConfig>;
  try {
    config = loadBrokerCliConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      return 1;
    }
    throw error;
  }
  return runAdminCli({
    argv: process.argv.slice(2),
    openDatabase: () => openDatabase(databaseTargetFor(config)),
    clock: systemClock,
    out: (line) => process.stdout.write(`${line}\n`),
    err: (line) => process.stderr.write(`${line}\n`),
    readPassword,
    broker: {
      kite: config.kite,
      secretsKey: config.secretsKey,
      dataDir: config.dataDir,
      onPostgres: config.databaseUrl !== undefined,
    },
  });
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`Failed: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  },
);
