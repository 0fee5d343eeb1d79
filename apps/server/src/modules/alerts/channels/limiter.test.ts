/**
 * A channel's limit on messages in flight holds over every batch at once, and waiting calls start in the
 * order they came.
 */
import { describe, expect, it } from "vitest";
import { createLimiter } from "./channel";

describe("the in-flight limiter", () => {
  it("runs at most its limit at once, over every caller, and starts the waiting first come first served", async () => {
    const run = createLimiter(2);
    let active = 0;
    let most = 0;
    const started: number[] = [];
    const releases: (() => void)[] = [];
    const job = (i: number) =>
      run(async () => {
        started.push(i);
        active++;
        most = Math.max(most, active);
        await new Promise<void>((resolve) => releases.push(resolve));
        active--;
        return i;
      });
    // Two "batches" of three calls each, started together.
    const all = Promise.all([0, 1, 2, 3, 4, 5].map(job));
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toEqual([0, 1]);
    while (started.length < 6 || releases.length > 0) {
      releases.shift()?.();
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(await all).toEqual([0, 1, 2, 3, 4, 5]);
    expect(started).toEqual([0, 1, 2, 3, 4, 5]);
    expect(most).toBe(2);
  });

  it("frees the slot of a call that fails", async () => {
    const run = createLimiter(1);
    await expect(run(async () => Promise.reject(new Error("refused")))).rejects.toThrow("refused");
    await expect(run(async () => "next")).resolves.toBe("next");
  });
});
