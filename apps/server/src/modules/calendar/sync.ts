/**
 * Keeps this process's calendar book (packages/market calendar-book.ts) equal to the operator's table, in
 * every process: the table is read and installed at start (before the engine), after each change made here,
 * when another process says it changed one (a server-side event over the Redis adapter when clustered), and
 * every minute regardless, so a change from the command line or a lost event is picked up within a minute.
 * A read that finds nothing new installs nothing: the caches built from the calendar are kept.
 */
import { installCalendarEdits } from "@kalpa/market/calendar/calendar-book";
import type { Server } from "socket.io";
import type { CalendarRepository, StoredCalendarDay, StoredCalendarYear } from "./repository";

const RELOAD_EVENT = "kalpa:calendar-changed";
/** The safety net: every process reads the table this often. */
export const CALENDAR_RELOAD_MS = 60_000;

/** What the sync writes to the log (the server's logger; the command line's own lines). */
export interface CalendarLog {
  info(details: object, message: string): void;
  error(details: object, message: string): void;
}

export interface CalendarSync {
  /** Reads the table and installs it if it changed; resolves when done (a failure is logged, not thrown). */
  load(): Promise<void>;
  /** After a change made here: installs it, then tells the other processes. */
  changed(): Promise<void>;
  /** The operator's rows as last read. */
  stored(): { days: readonly StoredCalendarDay[]; years: readonly StoredCalendarYear[] };
  stop(): void;
}

export function createCalendarSync(options: {
  repository: CalendarRepository;
  /** The hub; with `clustered`, changes are announced to the other processes through it. */
  io?: Server;
  clustered: boolean;
  log: CalendarLog;
  reloadMs?: number;
}): CalendarSync {
  const { repository, io, clustered, log } = options;
  let days: StoredCalendarDay[] = [];
  let years: StoredCalendarYear[] = [];
  let installed = "";
  let running: Promise<void> = Promise.resolve();

  const read = async () => {
    const [nextDays, nextYears] = await Promise.all([repository.days(), repository.years()]);
    const fingerprint = JSON.stringify([nextDays, nextYears]);
    if (fingerprint === installed) return;
    installCalendarEdits({ days: nextDays, years: nextYears });
    days = nextDays;
    years = nextYears;
    installed = fingerprint;
    log.info(
      { days: nextDays.length, years: nextYears.length },
      "calendar: the operator's rows installed",
    );
  };
  // One read at a time, in order: the last one reflects the table after every change before it.
  const load = () => {
    running = running.then(read).catch((error: unknown) => {
      log.error(
        { err: error },
        "calendar: could not read the operator's rows (the last ones stay)",
      );
    });
    return running;
  };

  if (clustered && io) io.on(RELOAD_EVENT, () => void load());
  const timer = setInterval(() => void load(), options.reloadMs ?? CALENDAR_RELOAD_MS);
  timer.unref();

  return {
    load,
    async changed() {
      await load();
      if (clustered && io) io.serverSideEmit(RELOAD_EVENT);
    },
    stored: () => ({ days, years }),
    stop() {
      clearInterval(timer);
    },
  };
}
