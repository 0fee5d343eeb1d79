import { randomUUID } from "node:crypto";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AttemptLimiter, createAttemptLimiter } from "./attempt-limiter";

const rule = { name: "test", max: 3, windowMs: 60_000 };

function behavesAsALimiter(
  make: () => { limiter: AttemptLimiter; advance?: (ms: number) => void },
) {
  it("allows max attempts in a window, then refuses with the time left", async () => {
    const { limiter } = make();
    const key = randomUUID();
    const states = [];
    for (let i = 0; i < 4; i += 1) states.push(await limiter.hit(rule, key));
    expect(states.map((state) => [state.count, state.allowed])).toEqual([
      [1, true],
      [2, true],
      [3, true],
      [4, false],
    ]);
    const retryAfter = states[3]?.retryAfterSeconds ?? 0;
    expect(retryAfter).toBeGreaterThan(55);
    expect(retryAfter).toBeLessThanOrEqual(60);
  });

  it("peeks without counting: allowed while another attempt would be", async () => {
    const { limiter } = make();
    const key = randomUUID();
    expect(await limiter.peek(rule, key)).toEqual({
      count: 0,
      allowed: true,
      retryAfterSeconds: 0,
    });
    await limiter.hit(rule, key);
    await limiter.hit(rule, key);
    expect((await limiter.peek(rule, key)).allowed).toBe(true);
    await limiter.hit(rule, key);
    const full = await limiter.peek(rule, key);
    expect(full.count).toBe(3);
    expect(full.allowed).toBe(false);
    expect((await limiter.peek(rule, key)).count).toBe(3);
  });

  it("forgets a key on reset, and keeps keys and rules apart", async () => {
    const { limiter } = make();
    const key = randomUUID();
    for (let i = 0; i < 3; i += 1) await limiter.hit(rule, key);
    expect((await limiter.peek({ ...rule, name: "other" }, key)).count).toBe(0);
    expect((await limiter.peek(rule, randomUUID())).count).toBe(0);
    await limiter.reset(rule, key);
    expect((await limiter.peek(rule, key)).count).toBe(0);
  });

  it("takes back one attempt on undo, never below zero", async () => {
    const { limiter } = make();
    const key = randomUUID();
    await limiter.hit(rule, key);
    await limiter.hit(rule, key);
    await limiter.undo(rule, key);
    expect((await limiter.peek(rule, key)).count).toBe(1);
    await limiter.undo(rule, key);
    await limiter.undo(rule, key);
    expect((await limiter.peek(rule, key)).count).toBe(0);
    expect((await limiter.hit(rule, key)).count).toBe(1);
  });

  it("counts attempts that race each other: exactly max are allowed", async () => {
    const { limiter } = make();
    const key = randomUUID();
    const states = await Promise.all(Array.from({ length: 12 }, () => limiter.hit(rule, key)));
    expect(states.filter((state) => state.allowed)).toHaveLength(rule.max);
  });
}

describe("the in-memory limiter", () => {
  let now = Date.parse("2026-01-01T00:00:00Z");
  const make = () => ({
    limiter: createAttemptLimiter({ clock: () => new Date(now) }),
    advance: (ms: number) => {
      now += ms;
    },
  });
  behavesAsALimiter(make);

  it("opens a new window when the old one ends, not before", async () => {
    const { limiter, advance } = make();
    const key = randomUUID();
    for (let i = 0; i < 4; i += 1) await limiter.hit(rule, key);
    advance(59_999);
    const late = await limiter.peek(rule, key);
    expect(late).toEqual({ count: 4, allowed: false, retryAfterSeconds: 1 });
    advance(1);
    expect(await limiter.hit(rule, key)).toEqual({
      count: 1,
      allowed: true,
      retryAfterSeconds: 60,
    });
  });
});

describe("the in-memory limiter under a flood of new keys", () => {
  it("keeps at most 200,000 windows, dropping the oldest first", async () => {
    const limiter = createAttemptLimiter({ clock: () => new Date("2026-01-01T00:00:00Z") });
    const hour = { name: "flood", max: 5, windowMs: 3_600_000 };
    for (let i = 0; i < 200_050; i += 1) await limiter.hit(hour, `key-${i}`);
    expect((await limiter.peek(hour, "key-0")).count).toBe(0);
    expect((await limiter.peek(hour, "key-200049")).count).toBe(1);
    expect((await limiter.peek(hour, "key-100000")).count).toBe(1);
  });
});

describe("the shared limiter while Redis is away", () => {
  // A client of a port nobody listens on, which refuses commands at once (as lib/redis.ts sets it up).
  let away: Redis;
  beforeAll(() => {
    away = new Redis({
      port: 1,
      lazyConnect: true,
      enableOfflineQueue: false,
      retryStrategy: () => null,
    });
  });
  afterAll(() => away.disconnect());

  // Known to be away: this process's own counts, without asking Redis.
  behavesAsALimiter(() => ({
    limiter: createAttemptLimiter({
      redis: { pub: away, prefix: "kalpa:", up: () => false },
      clock: () => new Date(),
    }),
  }));

  it("counts in this process when a command fails, and still refuses past the limit", async () => {
    const limiter = createAttemptLimiter({
      redis: { pub: away, prefix: "kalpa:", up: () => true },
      clock: () => new Date(),
    });
    const key = randomUUID();
    const allowed = [];
    for (let i = 0; i < 4; i += 1) allowed.push((await limiter.hit(rule, key)).allowed);
    expect(allowed).toEqual([true, true, true, false]);
    await limiter.reset(rule, key);
    expect((await limiter.peek(rule, key)).count).toBe(0);
  });
});

describe.runIf(process.env.REDIS_URL)("the Redis limiter", () => {
  let redis: Redis;
  beforeAll(async () => {
    redis = new Redis(process.env.REDIS_URL ?? "");
  });
  afterAll(async () => {
    await redis?.quit();
  });
  behavesAsALimiter(() => ({
    limiter: createAttemptLimiter({
      redis: { pub: redis, prefix: "kalpa:", up: () => true },
      clock: () => new Date(),
    }),
  }));

  it("shares counts between processes and sets the window once, at the first attempt", async () => {
    const other = redis.duplicate();
    try {
      const a = createAttemptLimiter({
        redis: { pub: redis, prefix: "kalpa:", up: () => true },
        clock: () => new Date(),
      });
      const b = createAttemptLimiter({
        redis: { pub: other, prefix: "kalpa:", up: () => true },
        clock: () => new Date(),
      });
      const key = randomUUID();
      await a.hit(rule, key);
      const ttl = await redis.pttl(`kalpa:limit:test:${key}`);
      expect(ttl).toBeGreaterThan(55_000);
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect((await b.hit(rule, key)).count).toBe(2);
      expect(await redis.pttl(`kalpa:limit:test:${key}`)).toBeLessThan(ttl);
    } finally {
      await other.quit();
    }
  });

  it("keeps two deployments' counts apart when their prefixes differ", async () => {
    const staging = createAttemptLimiter({
      redis: { pub: redis, prefix: "staging:", up: () => true },
      clock: () => new Date(),
    });
    const live = createAttemptLimiter({
      redis: { pub: redis, prefix: "kalpa:", up: () => true },
      clock: () => new Date(),
    });
    const key = randomUUID();
    await staging.hit(rule, key);
    await staging.hit(rule, key);
    expect((await live.hit(rule, key)).count).toBe(1);
    expect(await redis.get(`staging:limit:test:${key}`)).toBe("2");
    await redis.del(`staging:limit:test:${key}`, `kalpa:limit:test:${key}`);
  });
});
