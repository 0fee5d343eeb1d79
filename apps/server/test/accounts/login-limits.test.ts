import { ACCOUNT_MESSAGES } from "@kalpa/contracts/account-messages";
import type { LightMyRequestResponse } from "fastify";
import { describe, expect, it } from "vitest";
import { type Browser, unique, useAccountsApp } from "../helpers/accounts";

const h = useAccountsApp();
const FIFTEEN_MINUTES_S = 15 * 60;

function expectRefused(res: LightMyRequestResponse) {
  expect(res.statusCode).toBe(429);
  const retryAfter = Number(res.headers["retry-after"]);
  expect(retryAfter).toBeGreaterThan(FIFTEEN_MINUTES_S - 60);
  expect(retryAfter).toBeLessThanOrEqual(FIFTEEN_MINUTES_S);
  expect(res.json()).toEqual({
    success: false,
    error: ACCOUNT_MESSAGES.tryAgainIn(retryAfter),
    code: "RATE_LIMITED",
  });
  expect(res.json().error).toMatch(/Please try again in 1[45] minutes\./);
  expect(res.headers["set-cookie"]).toBeUndefined();
}

async function fail(b: Browser, username: string, times: number) {
  for (let i = 0; i < times; i += 1) {
    const res = await b.post("/api/auth/login", { username, password: `Wrong-${i}-pass` });
    expect(res.statusCode, `failure ${i + 1}`).toBe(401);
  }
}

describe("failed logins per username and IP", () => {
  it("allows the 5th failure and refuses the 6th attempt, even with the right password", async () => {
    const b = h.browser();
    const account = await b.signUp();
    await fail(b, account.username, 5);
    expectRefused(await b.post("/api/auth/login", account));
    // Another address is not held back, nor is this address for another account.
    expect((await h.browser().post("/api/auth/login", account)).statusCode).toBe(200);
    const other = await h.browser().signUp();
    expect((await b.post("/api/auth/login", other)).statusCode).toBe(200);
  });

  it("counts the username however it is typed", async () => {
    const b = h.browser();
    const account = await b.signUp();
    const spellings = [
      account.username,
      account.username.toUpperCase(),
      ` ${account.username} `,
      `${account.username.slice(0, 2)}.${account.username.slice(2)}`,
      account.username,
    ];
    for (const username of spellings) await fail(b, username, 1);
    expectRefused(await b.post("/api/auth/login", account));
  });

  it("forgets the failures after a successful login", async () => {
    const b = h.browser();
    const account = await b.signUp();
    await fail(b, account.username, 4);
    await b.login(account);
    await fail(b, account.username, 5);
    expectRefused(await b.post("/api/auth/login", account));
  });
});

describe("failed logins per IP", () => {
  it("allows 50 failures from one IP across usernames, then refuses the 51st attempt", async () => {
    const account = await h.browser().signUp();
    const b = h.browser();
    for (let i = 0; i < 50; i += 1) {
      const res = await b.post("/api/auth/login", { username: unique(), password: "Wrong-pass-1" });
      expect(res.statusCode, `failure ${i + 1}`).toBe(401);
    }
    expectRefused(await b.post("/api/auth/login", account));
    expect((await h.browser().post("/api/auth/login", account)).statusCode).toBe(200);
  });
});

describe("failed logins per username from every IP", () => {
  it("allows 30 failures across addresses, then refuses the account everywhere for the window", async () => {
    const account = await h.browser().signUp();
    for (let i = 0; i < 6; i += 1) await fail(h.browser(), account.username, 5);
    expectRefused(await h.browser().post("/api/auth/login", account));
    // Other accounts are not held back.
    const other = await h.browser().signUp();
    expect((await h.browser().post("/api/auth/login", other)).statusCode).toBe(200);
  });

  it("counts IPv6 addresses of one /64 as one address", async () => {
    const account = await h.browser().signUp();
    for (let i = 1; i <= 5; i += 1)
      await fail(h.browser(`2001:db8:7:7::${i}`), account.username, 1);
    expectRefused(await h.browser("2001:db8:7:7::ff").post("/api/auth/login", account));
    expect((await h.browser("2001:db8:7:8::1").post("/api/auth/login", account)).statusCode).toBe(
      200,
    );
  });
});

describe("guesses sent all at once", () => {
  it("let no more than five wrong passwords through for one username and IP", async () => {
    const account = await h.browser().signUp();
    const b = h.browser();
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        b.post("/api/auth/login", { username: account.username, password: `Wrong-${i}-pass` }),
      ),
    );
    const statuses = answers.map((res) => res.statusCode);
    expect(statuses.filter((status) => status === 401)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(15);
  });
});
