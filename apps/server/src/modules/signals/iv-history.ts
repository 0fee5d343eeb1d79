/**
 * The daily at-the-money IV record (schema: atm_iv_daily, decision 038): what each instrument's chain
 * showed at its session's close, the history its IV percentile is taken over.
 *
 * The engine's process records it (`startIvRecorder`): once a day per instrument, on the first check after
 * the instrument's last session of the day has closed (NSE's for NIFTY and BANKNIFTY, MCX's for crude), the
 * chain's at-the-money IV of that moment, and with it each trade closed that day has its premium
 * excursions priced while the day's 1-minute bars are still stored. The simulator's generated year is not
 * back-filled: its surface is fixed, so its "history" would be the weekly expiry cycle, not a market's.
 */
import { INSTRUMENTS, type InstrumentSlug, type MarketSymbol } from "@kalpa/contracts/names";
import { type CalendarOptions, sessionsOn } from "@kalpa/market/calendar/sessions";
import { optionUnderlying } from "@kalpa/market/instruments/option-underlyings";
import { dayKeyOf } from "@kalpa/market/time/day-key";
import { addDays } from "@kalpa/market/time/day-math";
import { and, asc, eq, gte, lt } from "drizzle-orm";
import type { FastifyBaseLogger as Logger } from "fastify";
import type { DbExecutor } from "../../db/client";
import { atmIvDaily } from "../../db/schema";

export function createIvHistoryRepository(db: DbExecutor) {
  return {
    /** Records a day's value; a day already recorded (by another process meanwhile) keeps its first. */
    async record(entry: {
      symbol: MarketSymbol;
      day: string;
      iv: number;
      source: "model" | "broker";
    }): Promise<void> {
      await db.insert(atmIvDaily).values(entry).onConflictDoNothing();
    },

    /** The recorded values of `symbol` from `from` up to the day before `before`, oldest first. */
    async between(symbol: MarketSymbol, from: string, before: string): Promise<number[]> {
      const rows = await db
        .select({ iv: atmIvDaily.iv })
        .from(atmIvDaily)
        .where(
          and(eq(atmIvDaily.symbol, symbol), gte(atmIvDaily.day, from), lt(atmIvDaily.day, before)),
        )
        .orderBy(asc(atmIvDaily.day));
      return rows.map((row) => row.iv);
    },

    async has(symbol: MarketSymbol, day: string): Promise<boolean> {
      const [row] = await db
        .select({ day: atmIvDaily.day })
        .from(atmIvDaily)
        .where(and(eq(atmIvDaily.symbol, symbol), eq(atmIvDaily.day, day)))
        .limit(1);
      return row !== undefined;
    },
  };
}

export type IvHistoryRepository = ReturnType<typeof createIvHistoryRepository>;

/** The last year's days before `today` (today's own value is the one compared). */
export function yearBefore(today: string): { from: string; before: string } {
  return { from: addDays(today, -365), before: today };
}

/** How often the engine's process looks for a session that has closed (real time). */
export const IV_RECORD_CHECK_MS = 30_000;

export interface IvRecorderDeps {
  now: () => number;
  calendar: CalendarOptions;
  repository: Pick<IvHistoryRepository, "record" | "has">;
  /** The chain's at-the-money IV now (undefined before the instrument's first price). */
  atmIv: (
    instrument: InstrumentSlug,
  ) => Promise<{ iv: number; source: "model" | "broker" } | undefined>;
  /** Prices the excursions of the trades closed since `since` (journal service). */
  recordExcursions?: (since: number) => Promise<number>;
  log: Logger;
}

/**
 * One check: for each instrument whose last session today has closed and whose day is not recorded yet,
 * records the IV (and prices the day's excursions once per close). Returns the instruments recorded.
 */
export async function recordClosedSessions(
  deps: IvRecorderDeps,
  done: Set<string>,
): Promise<InstrumentSlug[]> {
  const now = deps.now();
  const day = dayKeyOf(now);
  const recorded: InstrumentSlug[] = [];
  for (const { slug, symbol } of INSTRUMENTS) {
    const key = `${symbol}|${day}`;
    if (done.has(key)) continue;
    const last = sessionsOn(optionUnderlying(symbol).exchange, day, deps.calendar).at(-1);
    if (!last || now < last.close) continue;
    if (!(await deps.repository.has(symbol, day))) {
      const atm = await deps.atmIv(slug);
      if (!atm) continue;
      await deps.repository.record({ symbol, day, iv: atm.iv, source: atm.source });
      recorded.push(slug);
    }
    done.add(key);
  }
  if (recorded.length > 0 && deps.recordExcursions) {
    const priced = await deps.recordExcursions(now - 24 * 60 * 60_000);
    deps.log.info(
      { recorded, excursionsPriced: priced },
      "session close: at-the-money IV recorded",
    );
  }
  return recorded;
}

/** Checks every IV_RECORD_CHECK_MS; returns the stop. */
export function startIvRecorder(deps: IvRecorderDeps, intervalMs = IV_RECORD_CHECK_MS): () => void {
  const done = new Set<string>();
  let busy = false;
  const tick = () => {
    if (busy) return;
    busy = true;
    recordClosedSessions(deps, done)
      .catch((error: unknown) =>
        deps.log.warn({ err: error }, "could not record the session close"),
      )
      .finally(() => {
        busy = false;
      });
  };
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  tick();
  return () => clearInterval(timer);
}
