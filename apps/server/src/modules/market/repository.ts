/**
 * Stored bars (schema: market_bars): the only place with the market's SQL.
 */
import type { Bar } from "@kalpa/contracts/market";
import type { MarketSymbol } from "@kalpa/contracts/names";
import { and, asc, desc, eq, gte, lt, lte, sql } from "drizzle-orm";
import type { DbExecutor } from "../../db/client";
import { marketBars } from "../../db/schema";

export type StoredInterval = "1m" | "1d";

export interface StoredBar extends Bar {
  symbol: MarketSymbol;
  interval: StoredInterval;
}

/** Rows per INSERT: well under PostgreSQL's 65,535 bind parameters (9 per row). */
const INSERT_BATCH = 1000;

export function createMarketRepository(db: DbExecutor) {
  return {
    /** Writes bars; a bar already stored for the same bucket is replaced (a replayed day writes again). */
    async saveBars(bars: readonly StoredBar[]): Promise<void> {
      for (let i = 0; i < bars.length; i += INSERT_BATCH) {
        const rows = bars.slice(i, i + INSERT_BATCH).map((bar) => ({
          symbol: bar.symbol,
          interval: bar.interval,
          time: new Date(bar.time),
          open: bar.open,
          high: bar.high,
          low: bar.low,
          close: bar.close,
          volume: bar.volume,
        }));
        await db
          .insert(marketBars)
          .values(rows)
          .onConflictDoUpdate({
            target: [marketBars.symbol, marketBars.interval, marketBars.time],
            set: {
              open: sql`excluded.open`,
              high: sql`excluded.high`,
              low: sql`excluded.low`,
              close: sql`excluded.close`,
              volume: sql`excluded.volume`,
            },
          });
      }
    },

    /** Bars of one symbol and interval with from <= time <= to, oldest first, at most `limit`. */
    async bars(
      symbol: MarketSymbol,
      interval: StoredInterval,
      from: number,
      to: number,
      limit: number,
    ): Promise<Bar[]> {
      const rows = await db
        .select()
        .from(marketBars)
        .where(
          and(
            eq(marketBars.symbol, symbol),
            eq(marketBars.interval, interval),
            gte(marketBars.time, new Date(from)),
            lte(marketBars.time, new Date(to)),
          ),
        )
        .orderBy(asc(marketBars.time))
        .limit(limit);
      return rows.map(toBar);
    },

    /** The latest bar strictly before `before`, if any. */
    async lastBarBefore(
      symbol: MarketSymbol,
      interval: StoredInterval,
      before: number,
    ): Promise<Bar | undefined> {
      const [row] = await db
        .select()
        .from(marketBars)
        .where(
          and(
            eq(marketBars.symbol, symbol),
            eq(marketBars.interval, interval),
            lt(marketBars.time, new Date(before)),
          ),
        )
        .orderBy(desc(marketBars.time))
        .limit(1);
      return row ? toBar(row) : undefined;
    },

    /** Deletes bars of an interval older than `before`. */
    async pruneBefore(interval: StoredInterval, before: number): Promise<void> {
      await db
        .delete(marketBars)
        .where(and(eq(marketBars.interval, interval), lt(marketBars.time, new Date(before))));
    },
  };
}

export type MarketRepository = ReturnType<typeof createMarketRepository>;

function toBar(row: typeof marketBars.$inferSelect): Bar {
  return {
    time: row.time.getTime(),
    open: row.open,
    high: row.high,
    low: row.low,
    close: row.close,
    volume: row.volume,
  };
}
