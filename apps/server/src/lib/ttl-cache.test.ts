import { describe, expect, it } from "vitest";
import { createTtlCache } from "./ttl-cache";

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

describe("the read cache", () => {
  it("keeps an answer for its TTL, then loads it again", async () => {
    let clock = 0;
    let loads = 0;
    const cache = createTtlCache<string, number>({ ttlMs: 500, maxEntries: 10, now: () => clock });
    const load = async () => ++loads;
    expect(await cache.get("a", load)).toBe(1);
    clock = 499;
    expect(await cache.get("a", load)).toBe(1);
    clock = 500;
    expect(await cache.get("a", load)).toBe(2);
  });

  it("shares one load among requests that miss together", async () => {
    const cache = createTtlCache<string, string>({ ttlMs: 500, maxEntries: 10 });
    const gate = deferred<string>();
    let loads = 0;
    const load = () => {
      loads += 1;
      return gate.promise;
    };
    const answers = Promise.all([cache.get("a", load), cache.get("a", load), cache.get("a", load)]);
    gate.resolve("x");
    expect(await answers).toEqual(["x", "x", "x"]);
    expect(loads).toBe(1);
  });

  it("forgets at once, and does not keep a load that began before the forget", async () => {
    const cache = createTtlCache<string, string>({ ttlMs: 60_000, maxEntries: 10 });
    expect(await cache.get("a", async () => "old")).toBe("old");
    const slow = deferred<string>();
    cache.forget("a");
    const during = cache.get("a", () => slow.promise);
    // The state changes while that read is under way: it may have read the state before the change.
    cache.forget("a");
    slow.resolve("read before the change");
    expect(await during).toBe("read before the change");
    expect(await cache.get("a", async () => "fresh")).toBe("fresh");
    expect(await cache.get("a", async () => "not asked")).toBe("fresh");
  });

  it("forgets every answer that matches, and drops the oldest beyond its size", async () => {
    const cache = createTtlCache<number, { user: number }>({ ttlMs: 60_000, maxEntries: 3 });
    for (const key of [1, 2, 3]) await cache.get(key, async () => ({ user: key % 2 }));
    cache.forgetWhere((value) => value.user === 1);
    expect(cache.size).toBe(1);
    for (const key of [4, 5, 6]) await cache.get(key, async () => ({ user: 0 }));
    expect(cache.size).toBe(3);
    expect(await cache.get(2, async () => ({ user: 9 }))).toEqual({ user: 9 });
  });

  it("with no TTL, loads afresh every time, each read alone", async () => {
    const cache = createTtlCache<string, number>({ ttlMs: 0, maxEntries: 10 });
    let loads = 0;
    const load = async () => ++loads;
    expect(await Promise.all([cache.get("a", load), cache.get("a", load)])).toEqual([1, 2]);
    expect(await cache.get("a", load)).toBe(3);
    expect(cache.size).toBe(0);
  });

  it("keeps no failed load", async () => {
    const cache = createTtlCache<string, string>({ ttlMs: 60_000, maxEntries: 10 });
    await expect(cache.get("a", async () => Promise.reject(new Error("down")))).rejects.toThrow(
      "down",
    );
    expect(await cache.get("a", async () => "up")).toBe("up");
  });
});
