/**
 * Runs the forecasts in the engine's process: a pass at start (after the market history is written, so
 * the recent days are filled in and the page has history) and then every half minute of real time, which
 * makes each day's forecast soon after midnight (Asia/Kolkata, market clock), before any session opens,
 * and scores each day soon after it closes.
 */
import type { FastifyBaseLogger as Logger } from "fastify";
import type { ForecastService } from "../modules/forecasts/service";

export const FORECAST_PASS_MS = 30_000;

export function startForecastScheduler(options: {
  forecasts: ForecastService;
  /** Market time. */
  now: () => number;
  log: Logger;
  intervalMs?: number;
  /** Called once the first pass is over (made and scored, or failed and logged). */
  onFirstPass?: () => void;
}): () => Promise<void> {
  const { forecasts, now, log } = options;
  let stopped = false;
  let pass: Promise<unknown> = Promise.resolve();
  const run = () => {
    pass = forecasts
      .run(now())
      .catch((error: unknown) => log.error({ err: error }, "forecast pass failed"));
    return pass;
  };
  let timer: NodeJS.Timeout | undefined;
  let first = true;
  const loop = async () => {
    await run();
    if (first) {
      first = false;
      options.onFirstPass?.();
    }
    if (stopped) return;
    timer = setTimeout(loop, options.intervalMs ?? FORECAST_PASS_MS);
    timer.unref();
  };
  void loop();
  return async () => {
    stopped = true;
    clearTimeout(timer);
    await pass;
  };
}
