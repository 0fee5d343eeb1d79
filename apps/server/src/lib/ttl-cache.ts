/**
 * A small read-through cache for what every signed-in request reads (decision 021): an answer is kept for
 * `ttlMs` at most, so whatever changes elsewhere (another process, the command line) is seen within that
 * time without any message; what this process changes it forgets at once. Requests that miss together share
 * one load, and a load that was under way when its key was forgotten is not kept (it may have read the state
 * from before the change).
 */

export interface TtlCache<K, V> {
  /**
   * The kept answer for `key`, or `load()`'s (shared with any load of it already under way). With a TTL of
   * 0 or less, always `load()`'s own.
   */
  get(key: K, load: () => Promise<V>): Promise<V>;
  /** Forgets `key` now: the next read loads it again. */
  forget(key: K): void;
  /** Forgets every key whose kept answer matches. */
  forgetWhere(matches: (value: V) => boolean): void;
  /** Kept answers (for tests and the health of the cache). */
  readonly size: number;
}

export function createTtlCache<K, V>(options: {
  ttlMs: number;
  /** Beyond this many answers the oldest go first. */
  maxEntries: number;
  /** Real elapsed time (never a simulated market clock): the TTL bounds how stale an answer may be. */
  now?: () => number;
}): TtlCache<K, V> {
  const now = options.now ?? (() => performance.now());
  const kept = new Map<K, { value: V; at: number }>();
  const loading = new Map<K, Promise<V>>();
  /** Counts forgets: a load that saw another count when it began is not kept. */
  let forgets = 0;

  return {
    async get(key, load) {
      // No TTL: every read loads afresh, alone (a shared load may have begun before a change).
      if (options.ttlMs <= 0) return load();
      const hit = kept.get(key);
      if (hit && now() - hit.at < options.ttlMs) return hit.value;
      const pending = loading.get(key);
      if (pending) return pending;
      const began = forgets;
      const at = now();
      const promise = load().then(
        (value) => {
          if (loading.get(key) === promise) loading.delete(key);
          if (began === forgets) {
            kept.delete(key);
            kept.set(key, { value, at });
            if (kept.size > options.maxEntries) {
              const oldest = kept.keys().next();
              if (!oldest.done) kept.delete(oldest.value);
            }
          }
          return value;
        },
        (error: unknown) => {
          if (loading.get(key) === promise) loading.delete(key);
          throw error;
        },
      );
      loading.set(key, promise);
      return promise;
    },
    forget(key) {
      forgets += 1;
      kept.delete(key);
      loading.delete(key);
    },
    forgetWhere(matches) {
      forgets += 1;
      for (const [key, entry] of kept) if (matches(entry.value)) kept.delete(key);
      loading.clear();
    },
    get size() {
      return kept.size;
    },
  };
}
