/**
 * Reads the recorded index bars (`index-1min/SYMBOL_*.csv`, `index-15min/SYMBOL_*.csv` of a market-data
 * folder) as sessions for the simulator's measures (src/sim/measures.ts).
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { type MinuteSession, NSE_SESSION_MINUTES } from "../src/sim/measures";

/** Minutes after midnight of NSE's 09:15 open. */
const NSE_OPEN_MINUTE = 9 * 60 + 15;

/**
 * The regular sessions of `symbol` in `folder`/index-1min (every `SYMBOL_*.csv`, in day order), with
 * each minute's close at its minute of session; an empty list where there are no files.
 */
export function readMinuteSessions(folder: string, symbol: string): MinuteSession[] {
  return readSessions(folder, "index-1min", symbol, 1);
}

/** The same from `folder`/index-15min: 25 bars a session, bar k starting at 09:15 + 15k. */
export function readQuarterHourSessions(folder: string, symbol: string): MinuteSession[] {
  return readSessions(folder, "index-15min", symbol, 15);
}

function readSessions(
  folder: string,
  series: string,
  symbol: string,
  step: number,
): MinuteSession[] {
  const bars = NSE_SESSION_MINUTES / step;
  const dir = join(folder, series);
  if (!existsSync(dir)) return [];
  const files = readdirSync(dir)
    .filter((name) => name.startsWith(`${symbol}_`) && name.endsWith(".csv"))
    .sort();
  const byDay = new Map<string, { open: number; closes: number[] }>();
  for (const file of files) {
    const lines = readFileSync(join(dir, file), "utf8").split("\n").slice(1);
    for (const line of lines) {
      if (line.length === 0) continue;
      const [time = "", open = "", , , close = ""] = line.split(",");
      const day = time.slice(0, 10);
      const minute = Number(time.slice(11, 13)) * 60 + Number(time.slice(14, 16));
      const since = minute - NSE_OPEN_MINUTE;
      if (since < 0 || since % step !== 0 || since / step >= bars) continue;
      const k = since / step;
      let session = byDay.get(day);
      if (!session) {
        session = { open: Number.NaN, closes: new Array<number>(bars).fill(Number.NaN) };
        byDay.set(day, session);
      }
      if (k === 0) session.open = Number(open);
      session.closes[k] = Number(close);
    }
  }
  return [...byDay.entries()]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([day, s]) => ({ day, open: s.open, closes: s.closes }));
}
