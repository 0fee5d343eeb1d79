/**
 * Counts attempts per key in fixed windows that start at a key's first attempt: login failures, sign-ups,
 * recovery mail, OTP guesses. With Redis every process shares the counters (INCR, and PEXPIRE when the
 * window opens); without it they live in this process's memory. One small limiter for every rule, so that
 * each 429 carries the same Retry-After and message.
 *
 * While Redis is away (lib/redis.ts), each process counts in its own memory: a limit still holds, per
 * process, so N processes allow at most N times as many attempts until Redis is back. It never fails open.
 */
import type { Redis } from "ioredis";
import type { Clock } from "./clock";

export interface LimitRule {
  /** Names the counter family in keys: "login-ip", "mail". */
  name: string;
  /** Attempts allowed in one window. */
  max: number;
  windowMs: number;
}

export interface LimitState {
  /** Attempts counted in the current window (after this one, for `hit`). */
  count: number;
  /** For `hit`: this attempt is within the limit. For `peek`: another attempt would be. */
  allowed: boolean;
  /** Whole seconds until the window closes (at least 1 while counting). */
  retryAfterSeconds: number;
}

export interface AttemptLimiter {
  /** Counts one attempt. */
  hit(rule: LimitRule, key: string): Promise<LimitState>;
  /** Reads the count without adding to it. */
  peek(rule: LimitRule, key: string): Promise<LimitState>;
  /**
   * Takes back one attempt counted by `hit`. Callers count an attempt before doing the work it limits (so
   * requests racing in parallel cannot all pass a check made before any of them counted) and take it back
   * when the attempt turned out not to be one the rule counts, such as a login with the right password.
   */
  undo(rule: LimitRule, key: string): Promise<void>;
  /** Forgets the key (a successful login clears its failures). */
  reset(rule: LimitRule, key: string): Promise<void>;
}

/** After the deployment's prefix (RedisLink.prefix). */
const KEY_PREFIX = "limit:";
/**
 * In memory, expired windows are swept once this many keys are held, at most once a second; if that does
 * not bring the count under MAX_KEYS, the oldest windows go first, so a flood of new keys cannot grow the
 * process without bound.
 */
const SWEEP_AT = 10_000;
const SWEEP_EVERY_MS = 1000;
const MAX_KEYS = 200_000;

function keyOf(prefix: string, rule: LimitRule, key: string): string {
  return `${prefix}${KEY_PREFIX}${rule.name}:${key}`;
}

function stateOf(rule: LimitRule, count: number, ttlMs: number, counted: boolean): LimitState {
  return {
    count,
    allowed: counted ? count <= rule.max : count < rule.max,
    retryAfterSeconds: count === 0 ? 0 : Math.max(1, Math.ceil(ttlMs / 1000)),
  };
}

/** DECR while above zero, leaving the window's expiry as it is. */
const UNDO_SCRIPT = `
local count = tonumber(redis.call('GET', KEYS[1]) or '0')
if count > 0 then redis.call('DECR', KEYS[1]) end
return count
`;

/** INCR, and open the window on the first attempt; answers the count and the window's remaining time. */
const HIT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {count, ttl}
`;

export function createAttemptLimiter(options: {
  redis?: { pub: Redis; prefix: string; up(): boolean } | undefined;
  clock: Clock;
}): AttemptLimiter {
  const memory = memoryLimiter(options.clock);
  if (!options.redis) return memory;
  const { pub, prefix, up } = options.redis;
  const shared = redisLimiter(pub, prefix);
  // Shared while Redis answers; this process's own counts while it does not.
  const either =
    <A extends unknown[], R>(pick: (limiter: AttemptLimiter) => (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      if (!up()) return pick(memory)(...args);
      try {
        return await pick(shared)(...args);
      } catch {
        return pick(memory)(...args);
      }
    };
  return {
    hit: either((limiter) => limiter.hit),
    peek: either((limiter) => limiter.peek),
    undo: either((limiter) => limiter.undo),
    reset: either((limiter) => limiter.reset),
  };
}

function redisLimiter(redis: Redis, prefix: string): AttemptLimiter {
  return {
    async hit(rule, key) {
      const [count, ttl] = (await redis.eval(
        HIT_SCRIPT,
        1,
        keyOf(prefix, rule, key),
        rule.windowMs,
      )) as [number, number];
      return stateOf(rule, count, ttl, true);
    },
    async peek(rule, key) {
      const name = keyOf(prefix, rule, key);
      const results = await redis.multi().get(name).pttl(name).exec();
      const count = Number(results?.[0]?.[1] ?? 0);
      const ttl = Number(results?.[1]?.[1] ?? 0);
      return stateOf(rule, ttl > 0 ? count : 0, ttl, false);
    },
    async undo(rule, key) {
      await redis.eval(UNDO_SCRIPT, 1, keyOf(prefix, rule, key));
    },
    async reset(rule, key) {
      await redis.del(keyOf(prefix, rule, key));
    },
  };
}

function memoryLimiter(clock: Clock): AttemptLimiter {
  const windows = new Map<string, { count: number; endsAt: number }>();
  const live = (name: string, now: number) => {
    const window = windows.get(name);
    if (window && window.endsAt > now) return window;
    if (window) windows.delete(name);
    return undefined;
  };
  let sweptAt = Number.NEGATIVE_INFINITY;
  const sweep = (now: number) => {
    if (windows.size >= SWEEP_AT && now - sweptAt >= SWEEP_EVERY_MS) {
      sweptAt = now;
      for (const [name, window] of windows) if (window.endsAt <= now) windows.delete(name);
    }
    // A Map iterates in insertion order: the first keys are the oldest windows.
    for (const name of windows.keys()) {
      if (windows.size < MAX_KEYS) break;
      windows.delete(name);
    }
  };
  return {
    async hit(rule, key) {
      const now = clock().getTime();
      const name = keyOf("", rule, key);
      let window = live(name, now);
      if (!window) {
        sweep(now);
        window = { count: 0, endsAt: now + rule.windowMs };
        windows.set(name, window);
      }
      window.count += 1;
      return stateOf(rule, window.count, window.endsAt - now, true);
    },
    async peek(rule, key) {
      const now = clock().getTime();
      const window = live(keyOf("", rule, key), now);
      return stateOf(rule, window?.count ?? 0, window ? window.endsAt - now : 0, false);
    },
    async undo(rule, key) {
      const window = live(keyOf("", rule, key), clock().getTime());
      if (window && window.count > 0) window.count -= 1;
    },
    async reset(rule, key) {
      windows.delete(keyOf("", rule, key));
    },
  };
}
