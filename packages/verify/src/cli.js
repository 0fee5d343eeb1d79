// @ts-check
/**
 * kalpa-verify --key key.json [--tsa-cert tsa.pem] bundle.json [bundle.json ...]
 *
 * Checks day bundles against the operator's published key and prints, for each problem, the day, the entry
 * (seq) and what is wrong. A head's RFC 3161 time-stamp is checked against the head (and, given the
 * authority's certificate, its signature too). Exit status: 0 when every bundle verifies, 1 when a problem shows, 2 when the
 * command cannot run (usage, a file that cannot be read or is not JSON, a key that is not one).
 */
import { readFile } from "node:fs/promises";
import { verifyRun } from "./bundle.js";
import { readKeyDocument } from "./head.js";
import { readTsaCertificate } from "./timestamp.js";

const USAGE =
  "usage: kalpa-verify --key key.json [--tsa-cert tsa.pem] bundle.json [bundle.json ...]";

/**
 * @param {string} file
 * @returns {Promise<unknown>}
 */
async function readJson(file) {
  const text = await readFile(file, "utf8");
  try {
    return JSON.parse(text);
  } catch {
    throw new Error(`${file} is not JSON`);
  }
}

/**
 * Runs the command; returns its exit status.
 * @param {readonly string[]} args The arguments after the command's name.
 * @param {{ out: (line: string) => void, err: (line: string) => void }} io
 * @returns {Promise<number>}
 */
export async function main(args, io) {
  /** @type {string | undefined} */
  let keyFile;
  /** @type {string | undefined} */
  let tsaCertFile;
  /** @type {string[]} */
  const files = [];
  for (let i = 0; i < args.length; i += 1) {
    const arg = /** @type {string} */ (args[i]);
    if (arg === "--key") keyFile = args[++i];
    else if (arg.startsWith("--key=")) keyFile = arg.slice("--key=".length);
    else if (arg === "--tsa-cert") tsaCertFile = args[++i];
    else if (arg.startsWith("--tsa-cert=")) tsaCertFile = arg.slice("--tsa-cert=".length);
    else if (arg === "--help" || arg === "-h") {
      io.out(USAGE);
      return 0;
    } else if (arg.startsWith("-")) {
      io.err(`unknown option ${arg}\n${USAGE}`);
      return 2;
    } else files.push(arg);
  }
  if (!keyFile || files.length === 0) {
    io.err(USAGE);
    return 2;
  }
  let key;
  /** @type {import("node:crypto").X509Certificate | undefined} */
  let tsaCertificate;
  /** @type {unknown[]} */
  const bundles = [];
  try {
    key = readKeyDocument(await readJson(keyFile));
    if (tsaCertFile !== undefined) {
      try {
        tsaCertificate = readTsaCertificate(await readFile(tsaCertFile));
      } catch (error) {
        if (/** @type {NodeJS.ErrnoException} */ (error).code === "ENOENT") throw error;
        throw new Error(`${tsaCertFile} is not an X.509 certificate (PEM or DER)`);
      }
    }
    for (const file of files) bundles.push(await readJson(file));
  } catch (error) {
    io.err(`kalpa-verify: ${error instanceof Error ? error.message : String(error)}`);
    return 2;
  }
  const verdict = verifyRun(bundles, key, { tsaCertificate });
  io.out(`key ${key.keyId} (Ed25519)`);
  if (tsaCertificate)
    io.out(`time-stamping authority ${tsaCertificate.subject.replace(/\n/g, ", ")}`);
  for (const day of verdict.days) {
    const head = day.head ? `head seq ${day.head.seq}` : "no head";
    const stamp = day.timestamp
      ? `, time-stamped ${day.timestamp.genTime}${day.timestamp.authorityChecked ? " (authority's signature checked)" : " (imprint only: give --tsa-cert to check the authority's signature)"}`
      : "";
    io.out(`${day.ok ? "ok  " : "FAIL"} ${day.day}  ${day.entries} entries, ${head}${stamp}`);
  }
  for (const problem of verdict.problems) {
    const where = problem.seq === null ? problem.day : `${problem.day} seq ${problem.seq}`;
    io.out(`${where}: ${problem.code}: ${problem.message}`);
  }
  io.out(
    verdict.ok
      ? `verified: ${verdict.days.length} day(s), signed by the operator's key, each following the one before`
      : `NOT verified: ${verdict.problems.length} problem(s)`,
  );
  return verdict.ok ? 0 : 1;
}
