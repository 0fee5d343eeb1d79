import { randomUUID } from "node:crypto";
import { ACCOUNT_MESSAGES } from "@kalpa/contracts/account-messages";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp } from "./helpers/test-app";

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/** A route of this test's own with a limit of two a minute; a fresh path each run keeps counters apart. */
async function withLimitedRoute(t: TestApp, url: string) {
  t.app.get(url, { config: { rateLimit: { max: 2, timeWindow: "1 minute" } } }, async () => ({
    success: true,
  }));
  await t.app.ready();
}

describe("rate limiting", () => {
  let t: TestApp;
  const url = `/api/test/limited-${randomUUID()}`;
  beforeAll(async () => {
    t = await createTestApp();
    await withLimitedRoute(t, url);
  });
  afterAll(async () => t?.close());

  it("answers too many requests with 429, the envelope and a Retry-After header", async () => {
    const answers = [];
    for (let i = 0; i < 3; i += 1) answers.push(await t.app.inject({ method: "GET", url }));
    expect(answers.map((res) => res.statusCode)).toEqual([200, 200, 429]);
    const retryAfter = Number(answers[2]?.headers["retry-after"]);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    // The message says when to try again, in agreement with the header.
    expect(answers[2]?.json()).toEqual({
      success: false,
      error: ACCOUNT_MESSAGES.tryAgainIn(retryAfter),
      code: "RATE_LIMITED",
    });
    expect(answers[2]?.json().error).toMatch(/try again in/);
  });
});

describe.runIf(process.env.REDIS_URL)("rate limiting across processes (Redis)", () => {
  let a: TestApp;
  let b: TestApp;
  const url = `/api/test/shared-${randomUUID()}`;
  beforeAll(async () => {
    a = await createTestApp();
    b = await createTestApp();
    await withLimitedRoute(a, url);
    await withLimitedRoute(b, url);
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
  });

  it("counts requests to every process against one limit", async () => {
    const codes = [
      (await a.app.inject({ method: "GET", url })).statusCode,
      (await b.app.inject({ method: "GET", url })).statusCode,
      (await a.app.inject({ method: "GET", url })).statusCode,
      (await b.app.inject({ method: "GET", url })).statusCode,
    ];
    expect(codes).toEqual([200, 200, 429, 429]);
  });
});
