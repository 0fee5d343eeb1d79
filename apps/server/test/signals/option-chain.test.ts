/**
 * GET /api/signals/chain and option-chain-update (issue 37, decision 036): the instrument guard refuses
 * those who may not see the instrument; a subscriber gets ten strikes either side of the instrument's
 * signal (or of the money) with the model's prices labelled as such, and hears the chain in the
 * instrument's room while connected.
 */
import { OPTION_CHAIN_EVENT, type OptionChainPayload } from "@kalpa/contracts/api/option-chain";
import { emptySnapshot } from "@kalpa/contracts/market";
import { ACCESS_MESSAGES } from "@kalpa/contracts/messages";
import { tradedExpiry } from "@kalpa/market/options/option-contract";
import type { Signal } from "@kalpa/market/signals/signal";
import { dayKeyOf } from "@kalpa/market/time/day-key";
import { beforeAll, describe, expect, it } from "vitest";
import { NO_PRICE_YET, notEnoughHistory } from "../../src/modules/signals/chain";
import { createUserKinds, type KindUser, type UserKind } from "../helpers/access";
import { useAccountsApp } from "../helpers/accounts";
import { connected, listen, useSockets } from "../helpers/sockets";
import { TEST_ORIGIN } from "../helpers/test-app";

const PATH = "/api/signals/chain?instrument=banknifty";

function signal(overrides: Partial<Signal>): Signal {
  const generatedAt = overrides.generatedAt ?? Date.now() - 60_000;
  const { expiry, expiresAt } = tradedExpiry("BANKNIFTY", generatedAt);
  return {
    id: `BankNifty:HFT@${generatedAt}`,
    modelId: "BankNifty:HFT",
    modelVersion: "0123456789ab",
    symbol: "BANKNIFTY",
    day: dayKeyOf(generatedAt),
    generatedAt,
    expiry,
    expiresAt,
    squareOffAt: generatedAt + 3_600_000,
    underlyingPrice: 56_040,
    premiumPerLot: 9_000,
    indicators: { rsi: 62.1 },
    strike: 56_300,
    optionType: "PE",
    type: "BUY",
    lotSize: 35,
    lots: 1,
    slippageTicks: 1,
    slippage: null,
    stopLimit: 97,
    stopTriggeredAt: null,
    stopRested: false,
    premium: 320,
    entryLow: 318,
    entryHigh: 322,
    target: 380,
    stopLoss: 290,
    status: "generated",
    ltp: 320,
    entryPrice: null,
    entryTime: null,
    exitPrice: null,
    exitTime: null,
    closeReason: null,
    pnlPoints: null,
    pnl: null,
    reason: "test",
    updatedAt: generatedAt,
    ...overrides,
  };
}

describe("the option chain beside a live signal", () => {
  const h = useAccountsApp();
  const open = useSockets();
  let users: Record<UserKind, KindUser>;
  beforeAll(async () => {
    users = await createUserKinds(h);
  });
  const setPrice = (ltp: number) =>
    h.t.market.state.setSnapshot({
      ...emptySnapshot("BANKNIFTY"),
      ltp,
      open: ltp,
      high: ltp,
      low: ltp,
    });

  it("refuses those who may not see the instrument, before saying anything of it", async () => {
    setPrice(56_040);
    expect((await users.anonymous.browser.get(PATH)).statusCode).toBe(401);
    for (const kind of ["noAccess", "otherInstrument"] as const) {
      const res = await users[kind].browser.get(PATH);
      expect(res.statusCode).toBe(403);
      expect(res.json().data).toBeUndefined();
    }
    const pending = await users.rdaPending.browser.get(PATH);
    expect(pending.statusCode).toBe(403);
    expect(pending.json().error).toBe(ACCESS_MESSAGES.riskDisclosureRequired);
    // An instrument outside the three with signals is a plain 400.
    const unknown = await users.subscriber.browser.get("/api/signals/chain?instrument=gold");
    expect(unknown.statusCode).toBe(400);
  });

  it("answers 503 with a sentence before the instrument's first price", async () => {
    h.t.market.state.setSnapshot(emptySnapshot("BANKNIFTY"));
    const res = await users.subscriber.browser.get(PATH);
    expect(res.statusCode).toBe(503);
    expect(res.json().error).toBe(NO_PRICE_YET);
  });

  it("centres on the money without a signal, then on the signal's contract, with model prices", async () => {
    setPrice(56_040);
    const before = await users.subscriber.browser.get(PATH);
    expect(before.statusCode).toBe(200);
    const chain = before.json().data as OptionChainPayload;
    expect(chain.source).toBe("model");
    expect(chain.signal).toBeNull();
    expect(chain.rows).toHaveLength(21);
    expect(chain.rows[10]?.strike).toBe(chain.atmStrike);
    expect(chain.volatility.percentile).toBeNull();
    expect(chain.volatility).toMatchObject({ source: "model", historyDays: 0 });
    expect(chain.volatility.note).toBe(notEnoughHistory(0));
    // The simulator's bid and ask: a tick of slippage either side of the model's price.
    const centre = chain.rows[10];
    expect(centre?.call.bid).toBeCloseTo((centre?.call.ltp ?? 0) - 0.05, 9);
    expect(centre?.call.oi).toBeNull();

    const made = signal({});
    await h.t.signals.record([{ signal: made, changes: {}, event: "generated" }]);
    const after = (await users.subscriber.browser.get(PATH)).json().data as OptionChainPayload;
    expect(after.signal).toEqual({ model: "BankNifty:HFT", strike: 56_300, optionType: "PE" });
    expect(after.expiry).toBe(made.expiry);
    expect(after.rows.map((r) => r.strike)).toEqual(
      Array.from({ length: 21 }, (_, i) => 55_300 + i * 100),
    );
  });

  it("sends the chain to the instrument's room, at most about once a second", async () => {
    setPrice(56_040);
    const url = await listen(h.t);
    const subscriber = open(url, {
      extraHeaders: { origin: TEST_ORIGIN, cookie: users.subscriber.browser.cookieHeader("/") },
    });
    const outsider = open(url, {
      extraHeaders: {
        origin: TEST_ORIGIN,
        cookie: users.otherInstrument.browser.cookieHeader("/"),
      },
    });
    await Promise.all([connected(subscriber), connected(outsider)]);
    const heard: OptionChainPayload[] = [];
    const outsiderHeard: OptionChainPayload[] = [];
    subscriber.on(OPTION_CHAIN_EVENT, (payload: OptionChainPayload) => heard.push(payload));
    outsider.on(OPTION_CHAIN_EVENT, (payload: OptionChainPayload) => outsiderHeard.push(payload));
    await new Promise((resolve) => setTimeout(resolve, 3_200));
    const banknifty = heard.filter((p) => p.instrument === "banknifty");
    expect(banknifty.length).toBeGreaterThanOrEqual(2);
    expect(banknifty.length).toBeLessThanOrEqual(4);
    expect(banknifty[0]?.rows).toHaveLength(21);
    // The Nifty subscriber hears Nifty's room only: no BankNifty chain (Nifty has no price here).
    expect(outsiderHeard.filter((p) => p.instrument === "banknifty")).toEqual([]);
  });
});
