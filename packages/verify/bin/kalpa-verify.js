#!/usr/bin/env node
// @ts-check
import { main } from "../src/cli.js";

process.exitCode = await main(process.argv.slice(2), {
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
});
