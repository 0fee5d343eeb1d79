/**
 * Where the recorded market prices are (shared/market-data beside the project, never in the repository),
 * for the checks in this folder that hold the product's facts against the market as it traded. Where the
 * folder is absent (a fresh clone), the checks skip and say why. This folder reads files, so it is the one
 * part of the package allowed Node's I/O (biome.json); `src` stays pure and never imports from here.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

/** The folder of recorded prices: MARKET_DATA_DIR, or shared/market-data beside the project's folder. */
export const MARKET_DATA_DIR =
  process.env.MARKET_DATA_DIR ??
  fileURLToPath(new URL("../../../../shared/market-data", import.meta.url));

/** The files of a series folder whose names start with `prefix` ("NIFTY_"), in name order; none if absent. */
export function recordedFiles(folder: string, prefix: string): string[] {
  const dir = join(MARKET_DATA_DIR, folder);
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => name.startsWith(prefix) && name.endsWith(".csv"))
    .sort()
    .map((name) => join(dir, name));
}

/** A CSV file's data rows (the header line left out). */
export function csvRows(file: string): string[] {
  return readFileSync(file, "utf8")
    .split("\n")
    .slice(1)
    .filter((line) => line.length > 0);
}

export const SKIPPED_WITHOUT_DATA = `(skipped: no recorded prices at ${MARKET_DATA_DIR})`;
