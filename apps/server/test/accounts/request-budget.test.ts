/**
 * Signed-in requests are limited per user, not per address (decision 022): one account's runaway
 * script is slowed with a 429 that says when to try again, while other subscribers behind the same carrier
 * address (CGNAT) are answered as usual.
 */
import { ACCOUNT_MESSAGES } from "@kalpa/contracts/account-messages";
import { describe, expect, it } from "vitest";
import { signedInUser } from "../helpers/access";
import { useAccountsApp } from "../helpers/accounts";

const BURST = 20;
const PER_SECOND = 10;
const CARRIER_ADDRESS = "100.64.12.34";
const h = useAccountsApp({
  env: { USER_REQUEST_BURST: String(BURST), USER_REQUESTS_PER_SECOND: String(PER_SECOND) },
});

describe("each signed-in user's request budget", () => {
  it("refuses one account past its burst, and answers its neighbours behind the same address", async () => {
    const busy = await signedInUser(h);
    const neighbour = await signedInUser(h);
    const me = (user: typeof busy) =>
      h.inject({
        method: "GET",
        url: "/api/auth/me",
        remoteAddress: CARRIER_ADDRESS,
        headers: { cookie: user.browser.cookieHeader("/api/auth/me") },
      });
    const answers = await Promise.all(Array.from({ length: BURST + 10 }, () => me(busy)));
    const refused = answers.filter((res) => res.statusCode === 429);
    // signedInUser asked once as it signed in; the burst allows the rest less that one.
    expect(answers.filter((res) => res.statusCode === 200).length).toBeGreaterThanOrEqual(
      BURST - 2,
    );
    expect(refused.length).toBeGreaterThanOrEqual(10);
    const first = refused[0];
    expect(first?.json()).toEqual({
      success: false,
      error: ACCOUNT_MESSAGES.tryAgainIn(1),
      code: "RATE_LIMITED",
    });
    expect(first?.headers["retry-after"]).toBe("1");

    // The neighbour shares the address, not the budget.
    const theirs = await Promise.all(Array.from({ length: 10 }, () => me(neighbour)));
    expect(theirs.map((res) => res.statusCode)).toEqual(Array(10).fill(200));

    // The budget refills at its rate: a second later the busy account is answered again.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect((await me(busy)).statusCode).toBe(200);
  });

  it("refuses a budget that is not a whole number at start-up, naming the variable", async () => {
    const { loadConfig } = await import("../../src/config/env");
    expect(() => loadConfig({ USER_REQUESTS_PER_SECOND: "fast" })).toThrow(
      /USER_REQUESTS_PER_SECOND/,
    );
    expect(loadConfig({}).userRequests).toEqual({ perSecond: 30, burst: 300 });
  });
});
