/**
 * What every drill reports: figures, each beside its target and whether it met it. `run.ts` prints them as
 * one table and fails when any figure misses its target.
 */
export interface Figure {
  drill: string;
  figure: string;
  value: string | number;
  target: string;
  ok: boolean;
}

export interface DrillContext {
  /** CI's shorter run: fewer clients, requests and seconds, the same checks. */
  reduced: boolean;
  /** A progress line (the table comes at the end). */
  log(message: string): void;
}

export interface Drill {
  /** Its name on the command line (`npm run drills -- leader`). */
  name: string;
  title: string;
  run(context: DrillContext): Promise<Figure[]>;
}

/** A figure maker for one drill: `figure("takeover", 0.9, "≤ 10 s", 0.9 <= 10)`. */
export function figuresOf(drill: string) {
  const figures: Figure[] = [];
  return {
    figures,
    add(figure: string, value: string | number, target: string, ok: boolean) {
      figures.push({ drill, figure, value, target, ok });
    },
  };
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `check` every `everyMs` until it answers something other than undefined, or `timeoutMs` passes. */
export async function waitFor<T>(
  check: () => Promise<T | undefined> | T | undefined,
  timeoutMs: number,
  everyMs = 100,
): Promise<T | undefined> {
  const until = performance.now() + timeoutMs;
  for (;;) {
    const found = await Promise.resolve()
      .then(check)
      .catch(() => undefined);
    if (found !== undefined) return found;
    if (performance.now() >= until) return undefined;
    await sleep(everyMs);
  }
}
