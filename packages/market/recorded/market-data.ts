/**
 * Where the recorded market prices are (shared/market-data beside the project, never in the repository),
 * for the checks in this folder that hold the product's facts against the market as it traded. Where the
 * folder is absent (a fresh clone), the checks skip and say why. This folder reads files, so it is the one
 * part of the package allowed Node's I/O (biome.json); `src` stays pure and never imports from here.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { sessionsOn } from "../src/calendar/sessions";
import { isRecordedFile, RECORDED_FOLDERS, type RecordedFile } from "../src/feed/recorded-market";
import { parseIndiaTime } from "../src/time/india-time";

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

/** The files of `dir` (a folder in shared/market-data's layout) that src/feed/recorded-market.ts reads. */
export function readRecordedFolder(dir: string = MARKET_DATA_DIR): RecordedFile[] {
  const files: RecordedFile[] = [];
  for (const folder of RECORDED_FOLDERS) {
    const path = join(dir, folder);
    if (!existsSync(path)) continue;
    for (const name of readdirSync(path).sort()) {
      if (!isRecordedFile(folder, name)) continue;
      files.push({ folder, name, text: readFileSync(join(path, name), "utf8") });
    }
  }
  return files;
}

export const SKIPPED_WITHOUT_DATA = `(skipped: no recorded prices at ${MARKET_DATA_DIR})`;

/** Each recorded day's first and last bar start (epoch ms), from files of bars stamped at their start. */
export function recordedDaySpans(
  files: readonly string[],
): Map<string, { first: number; last: number }> {
  const spans = new Map<string, { first: number; last: number }>();
  for (const file of files) {
    for (const row of csvRows(file)) {
      const time = parseIndiaTime(row.slice(0, 16).replace("T", " "));
      const day = row.slice(0, 10);
      const seen = spans.get(day);
      spans.set(day, {
        first: Math.min(seen?.first ?? time, time),
        last: Math.max(seen?.last ?? time, time),
      });
    }
  }
  return spans;
}

/**
 * The recorded days that do not open at NSE's regular open or whose last bar of `barMinutes` does not end
 * at its close, as the dated hours (src/calendar/session-hours.ts) give them for the day.
 */
export function daysOffTheirHours(
  spans: ReadonlyMap<string, { first: number; last: number }>,
  barMinutes: number,
): string[] {
  const wrong: string[] = [];
  for (const [day, { first, last }] of spans) {
    const [session] = sessionsOn("NSE", day);
    if (!session || first !== session.open || last !== session.close - barMinutes * 60_000) {
      wrong.push(day);
    }
  }
  return wrong.sort();
}
