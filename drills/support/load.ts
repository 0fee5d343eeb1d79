/** A steady load for the outage drills: `workers` loops asking `paths` in turn through the front. */
import { sleep } from "./drill";
import { type Answer, ask } from "./http";

export function steadyLoad(
  front: string,
  cookie: string,
  options: { paths: readonly string[]; workers: number; pauseMs: number; timeoutMs: number },
) {
  const answers: (Answer & { path: string; startedAt: number })[] = [];
  let running = true;
  const loops = Array.from({ length: options.workers }, async (_, worker) => {
    for (let i = worker; running; i++) {
      const path = options.paths[i % options.paths.length] as string;
      const startedAt = performance.now();
      const answer = await ask(`${front}${path}`, {
        headers: { cookie },
        timeoutMs: options.timeoutMs,
      });
      answers.push({ ...answer, path, startedAt });
      await sleep(options.pauseMs);
    }
  });
  return {
    answers,
    async stop() {
      running = false;
      await Promise.all(loops);
    },
  };
}
