/**
 * Honest readiness (decision 019). A first start listens at once, then writes what visitors read: the demo
 * journal (a few weeks of past sessions run through the models) and a year of market history with the day's
 * forecasts after it. Until each is written, the endpoints that serve it answer 503 STARTING with
 * Retry-After (the web keeps its loading state and asks again) and GET /api/health says "starting", rather
 * than an empty journal or no forecasts that look like the truth.
 *
 * Only what this process writes on its own counts: the engine's process, when it starts with the site (a
 * process that takes the engine over later finds the data there). A broker's history waits for the operator's
 * Kite login, which may come hours later, so with MARKET_FEED=kite the forecasts are not waited for (the
 * health check then says the broker feed is not live).
 */
import { SERVER_MESSAGES } from "@kalpa/contracts/messages";
import { AppError } from "../lib/errors";

/** What a first start writes after it listens, as the health check names it. */
export const START_UP_TASKS = {
  journal: "the demo journal",
  forecasts: "the market history and the day's forecasts",
} as const;
export type StartUpTask = keyof typeof START_UP_TASKS;

/** Seconds a client should wait before asking again while starting. */
export const STARTING_RETRY_AFTER_S = 2;

export interface StartUp {
  /** Marks the task under way; the answer marks it done (once; later calls do nothing). */
  begin(task: StartUpTask): () => void;
  /** What is still being written, in the health check's words (none once ready). */
  pending(): string[];
  /** Throws the 503 STARTING (with Retry-After) while the task is under way. */
  assertReady(task: StartUpTask): void;
}

export function createStartUp(
  options: {
    /** Called when the last task under way is done, with how long the tasks took. */
    onReady?: (seconds: number) => void;
    now?: () => number;
  } = {},
): StartUp {
  const now = options.now ?? Date.now;
  const underWay = new Set<StartUpTask>();
  let since: number | undefined;
  return {
    begin(task) {
      if (underWay.size === 0) since = now();
      underWay.add(task);
      let done = false;
      return () => {
        if (done) return;
        done = true;
        underWay.delete(task);
        if (underWay.size === 0 && since !== undefined) {
          options.onReady?.((now() - since) / 1000);
          since = undefined;
        }
      };
    },
    pending: () => [...underWay].map((task) => START_UP_TASKS[task]),
    assertReady(task) {
      if (!underWay.has(task)) return;
      throw new AppError("STARTING", SERVER_MESSAGES.starting, undefined, {
        "retry-after": String(STARTING_RETRY_AFTER_S),
      });
    },
  };
}
