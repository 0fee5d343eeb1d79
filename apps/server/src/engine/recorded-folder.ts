/**
 * REPLAY_DATA: a folder of recorded prices in shared/market-data's layout (its README), read for the
 * replay. Which files count is the recorded market's business (RECORDED_SERIES: a folder and a symbol
 * prefix, never an exact file name); this module only reads them.
 */
import { readdirSync, statSync } from "node:fs";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import {
  isRecordedFile,
  RECORDED_FOLDERS,
  RECORDED_SERIES,
  type RecordedFile,
} from "@kalpa/market/feed/recorded-market";

/** What the folder should hold, for the messages. */
export const RECORDED_LAYOUT = RECORDED_SERIES.map(
  (series) => `${series.folder}/${series.prefix}*.csv`,
).join(", ");

/**
 * Why `dir` cannot be replayed (missing, not a folder, unreadable, or holding none of the recorded
 * series), or undefined when it holds at least one recorded file. Synchronous: the configuration is
 * checked before anything starts.
 */
export function recordedFolderProblem(dir: string): string | undefined {
  let stats: ReturnType<typeof statSync>;
  try {
    stats = statSync(dir);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return code === "ENOENT" ? `${dir} does not exist` : `${dir} cannot be read (${code})`;
  }
  if (!stats.isDirectory()) return `${dir} is not a folder`;
  let found = 0;
  for (const folder of RECORDED_FOLDERS) {
    let names: string[];
    try {
      names = readdirSync(path.join(dir, folder));
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === "ENOENT" || code === "ENOTDIR") continue;
      return `${path.join(dir, folder)} cannot be read (${code})`;
    }
    found += names.filter((name) => isRecordedFile(folder, name)).length;
  }
  return found === 0 ? `${dir} holds none of the recorded series (${RECORDED_LAYOUT})` : undefined;
}

/** The recorded files of `dir`, each with its folder, in name order. */
export async function readRecordedFolder(dir: string): Promise<RecordedFile[]> {
  const files: RecordedFile[] = [];
  for (const folder of RECORDED_FOLDERS) {
    const names = await readdir(path.join(dir, folder)).catch(() => [] as string[]);
    for (const name of names.filter((n) => isRecordedFile(folder, n)).sort()) {
      const text = await readFile(path.join(dir, folder, name), "utf8").catch((error: unknown) => {
        throw new Error(
          `${path.join(folder, name)} could not be read: ${(error as Error).message}`,
        );
      });
      files.push({ folder, name, text });
    }
  }
  return files;
}
