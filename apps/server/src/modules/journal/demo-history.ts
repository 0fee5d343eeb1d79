/**
 * SEED_DEMO on the simulated feed: the journal's last 30 days, made by running the real models over the
 * simulated market's past sessions with the backtest runner (packages/market backtest), and written
 * through recordTransition like live signals, so each trade carries its charges and its ledger entries.
 *
 * - Idempotent: seeding resumes after the latest day that holds a signal (before today), so a restart
 *   finds nothing to do, and a start interrupted half-way finishes the days that are missing.
 * - Each day is one transaction (all models): a journal read sees a day whole or not at all.
 * - Today is left to the live engine.
 */
import { MODEL_IDS } from "@kalpa/contracts/names";
import { runBacktest } from "@kalpa/market/backtest/backtest";
import type { MinuteBarSource } from "@kalpa/market/backtest/bar-source";
import type { CalendarOptions } from "@kalpa/market/calendar/sessions";
import type { SquareOffTimes } from "@kalpa/market/signals/square-off";
import { addDays } from "@kalpa/market/time/day-math";
import type { AppDb } from "../../db/client";
import { recordTransition, type TransitionRecord } from "../signals/repository";
import type { JournalRepository } from "./repository";

export const DEMO_JOURNAL_DAYS = 30;

export interface DemoJournalOptions {
  db: AppDb;
  journal: JournalRepository;
  source: MinuteBarSource;
  calendar: CalendarOptions;
  squareOff: SquareOffTimes;
  /** Ticks of slippage each model-priced fill takes (default: the lifecycle's). */
  slippageTicks?: number;
  /** The stop's limit, percent below its trigger (default: the lifecycle's). */
  stopLimitPercent?: number;
  /** The market clock's current day: the seed covers the DEMO_JOURNAL_DAYS before it. */
  today: string;
  /** Calendar days before today to cover (DEMO_JOURNAL_DAYS). */
  days?: number;
  /** True once the server is stopping: no further day is begun. */
  stopped?: () => boolean;
}

const yieldToEventLoop = () => new Promise((resolve) => setImmediate(resolve));

/** Writes the missing days; returns the days written and the signals recorded. */
export async function seedDemoJournal(
  options: DemoJournalOptions,
): Promise<{ days: number; signals: number }> {
  const { today } = options;
  const last = addDays(today, -1);
  const latest = await options.journal.latestDayBefore(today);
  const earliest = addDays(today, -(options.days ?? DEMO_JOURNAL_DAYS));
  const from = latest !== undefined && latest >= earliest ? addDays(latest, 1) : earliest;
  if (from > last) return { days: 0, signals: 0 };

  // Every recorded event of every model, by the signal's day, in the order each model produced them.
  const byDay = new Map<string, Array<TransitionRecord & { at: number }>>();
  for (const model of MODEL_IDS) {
    runBacktest({
      model,
      from,
      to: last,
      source: options.source,
      calendar: options.calendar,
      squareOff: options.squareOff,
      slippageTicks: options.slippageTicks,
      stopLimitPercent: options.stopLimitPercent,
      onEvent: (event) => {
        let record: TransitionRecord;
        if (event.kind === "new-signal") {
          record = { signal: event.signal, changes: {}, event: "generated" };
        } else if (event.event === "ltp" || event.event === "none") {
          return;
        } else {
          record = { signal: event.signal, changes: event.changes, event: event.event };
        }
        const at = event.kind === "new-signal" ? event.signal.generatedAt : event.signal.updatedAt;
        const list = byDay.get(event.signal.day) ?? [];
        list.push({ ...record, at });
        byDay.set(event.signal.day, list);
      },
    });
    await yieldToEventLoop();
  }

  let signals = 0;
  const days = [...byDay.keys()].sort();
  for (const day of days) {
    if (options.stopped?.()) break;
    // The models' events merged in time order (a model's own order kept for equal instants).
    const records = (byDay.get(day) ?? [])
      .map((record, index) => ({ record, index }))
      .sort((a, b) => a.record.at - b.record.at || a.index - b.index)
      .map(({ record }) => record);
    await options.db.transaction(async (tx) => {
      for (const { at: _at, ...record } of records) await recordTransition(tx, record);
    });
    signals += records.filter((record) => record.event === "generated").length;
    await yieldToEventLoop();
  }
  return { days: days.length, signals };
}
