/**
 * The model cards' backtest figures: packages/market/model-cards/real-history.json, written by
 * `npm run backtest -- --data ../shared/market-data --model all --json` and committed. It is read and
 * validated once at start-up: a file that is there but not valid stops the server with the reason (a card
 * never shows figures it could not check). Without the file the cards say the backtest is not published.
 *
 * The build copies the file beside dist/server.js (scripts/build.mjs); from the source it is read where it
 * is committed.
 */
import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { type RealHistory, RealHistorySchema } from "@kalpa/contracts/api/models";
import * as z from "zod/mini";

/** Where the file is looked for: beside the bundle, then where it is committed. */
const CANDIDATES = [
  new URL("./model-cards/real-history.json", import.meta.url),
  new URL("../../../../../packages/market/model-cards/real-history.json", import.meta.url),
].map((url) => fileURLToPath(url));

/** The real-history file this process reads, or undefined when none is published. */
export function realHistoryFile(): string | undefined {
  return CANDIDATES.find((file) => existsSync(file));
}

/** The validated file; undefined without one. Throws, naming the file and the problem, when invalid. */
export async function loadRealHistory(file: string | undefined): Promise<RealHistory | undefined> {
  if (file === undefined) return undefined;
  const text = await readFile(file, "utf8").catch((error: NodeJS.ErrnoException) => {
    if (error.code === "ENOENT") return undefined;
    throw error;
  });
  if (text === undefined) return undefined;
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new Error(`${file} is not JSON: ${(error as Error).message}`);
  }
  const parsed = RealHistorySchema.safeParse(json);
  if (!parsed.success) {
    throw new Error(`${file} is not a real-history file: ${z.prettifyError(parsed.error)}`);
  }
  return parsed.data;
}
