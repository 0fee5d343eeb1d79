/**
 * The order in which a closing app stops what its modules started. Fastify runs `onClose` hooks last-added
 * first, so with one hook per module the order followed the order of the wiring; here it is written down
 * once, and a module names the stage its stop belongs to (decision 029).
 *
 * Before any of these run, the socket hub has closed this process's sockets (its `preClose` hook) and the
 * server has stopped listening; after them, server.ts closes the database.
 */
export const SHUTDOWN_ORDER = [
  /** The market engine, if this process leads it: the engine, the forecasts, the day heads, broadcasts. */
  "engine",
  /** The access-reminder timer and the alert queue's loops. */
  "alerts",
  /** The Telegram bot's polling (if this process leads it) and then its connections. */
  "telegram",
  /** Following the engine's market state from the other processes. */
  "market",
  /** The operator's calendar sync. */
  "calendar",
  /** The instrument rooms' sweeper. */
  "access",
  /** The accounts' housekeeping (expired sessions and codes). */
  "accounts",
  /** Mail still queued is sent, then the mailer closes. */
  "mail",
  /** Redis's connections, which the stages above may still use. */
  "redis",
] as const;

export type ShutdownStage = (typeof SHUTDOWN_ORDER)[number];

export interface Shutdown {
  /** Adds a stop to its stage; stops of one stage run in the order they were added. */
  add(stage: ShutdownStage, stop: () => unknown): void;
  /**
   * Runs every stop in SHUTDOWN_ORDER, one at a time. A stop that fails does not keep the later ones from
   * running (as with Fastify's own hooks); the first failure is thrown at the end.
   */
  run(): Promise<void>;
}

export function createShutdown(): Shutdown {
  const stops = new Map<ShutdownStage, Array<() => unknown>>();
  return {
    add(stage, stop) {
      const list = stops.get(stage) ?? [];
      list.push(stop);
      stops.set(stage, list);
    },
    async run() {
      let failure: { error: unknown } | undefined;
      for (const stage of SHUTDOWN_ORDER) {
        for (const stop of stops.get(stage) ?? []) {
          try {
            await stop();
          } catch (error) {
            failure ??= { error };
          }
        }
      }
      if (failure) throw failure.error;
    },
  };
}
