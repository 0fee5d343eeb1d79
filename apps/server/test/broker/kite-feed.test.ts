/**
 * The Kite Connect feed end to end, against the local double (tools/kite-double) reached only through
 * KITE_ROOT, KITE_WS_ROOT and KITE_LOGIN_URL: the operator's login through the console's routes, the
 * instrument list (a changed lot size, a missing strike), the history catch-up and the live stream moving the
 * snapshots, a signal priced from its contract's quote, a CRUDEOIL signal at 100 barrels a lot though the
 * list (as Kite's) says 1 contract, malformed messages dropped and counted, a silent
 * stream reconnected, and the token dying mid-session: login needed, stale prices, a degraded health and one
 * e-mail to the operator.
 *
 * Both clocks start at 10:00 India time on Wednesday 25 Nov 2026 (NSE open), at real speed.
 */

import { createHash } from "node:crypto";
import type { OptionChainPayload } from "@kalpa/contracts/api/option-chain";
import { createKiteDouble, type KiteDouble } from "@kalpa/kite-double";
import { roundTripCharges } from "@kalpa/market/journal/charges";
import { parseIndiaTime } from "@kalpa/market/time/india-time";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { forecasts } from "../../src/db/schema";
import { acceptRda, firstAdmin, giveAccess, signedInUser } from "../helpers/access";
import { useAccountsApp } from "../helpers/accounts";

const START = parseIndiaTime("2026-11-25 10:00");
const API_KEY = "kalpa_test";
const API_SECRET = "kalpa_test_secret";

const double: KiteDouble = await createKiteDouble({
  port: 0,
  apiKey: API_KEY,
  apiSecret: API_SECRET,
  clock: { start: START },
  redirectUrl: "http://kalpa.test/api/admin/broker/kite/callback",
});

async function control(path: string, body: unknown = {}) {
  const res = await fetch(`${double.root}/__double/${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`double ${path}: ${res.status} ${await res.text()}`);
}

async function until<T>(what: string, read: () => Promise<T | undefined>, ms = 25_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Waits until the feed has subscribed to a contract and the ticker has sent it twice since. */
async function quotedToTheFeed(token: number): Promise<void> {
  const connection = async () => {
    const state = (await (await fetch(`${double.root}/__double/state`)).json()) as {
      connections: unknown[];
    };
    return (
      state.connections as {
        messagesSent: number;
        subscriptions: { token: number }[];
      }[]
    ).find((c) => c.subscriptions.some((s) => s.token === token));
  };
  const first = await until(`a subscription to ${token}`, connection);
  await until(`two ticks of ${token}`, async () => {
    const now = await connection();
    return now && now.messagesSent >= first.messagesSent + 2 ? true : undefined;
  });
}

describe("the Kite feed against the double", () => {
  const h = useAccountsApp({
    env: {
      MARKET_ENGINE: "true",
      MARKET_FEED: "kite",
      KITE_API_KEY: API_KEY,
      KITE_API_SECRET: API_SECRET,
      KITE_ROOT: double.root,
      KITE_WS_ROOT: double.wsRoot,
      KITE_LOGIN_URL: double.loginUrl,
      SIM_CLOCK_START: new Date(START).toISOString(),
      SEED_DEMO: "false",
      SECRETS_KEY: Buffer.alloc(32, 9).toString("base64"),
      // Live for everyone: this file follows the feed itself (the public's delay: public-prices.test.ts).
      PUBLIC_PRICE_DELAY_MINUTES: "0",
    },
  });
  let admin: Awaited<ReturnType<typeof firstAdmin>>;
  const status = async () => (await admin.browser.get("/api/admin/broker")).json().data;
  const overview = async () =>
    (await h.inject({ method: "GET", url: "/api/market/snapshots" })).json().data;
  const statusIn = (state: string) => async () => {
    const current = await status();
    return current.state === state ? current : undefined;
  };

  // What the list gives before the first download: a NIFTY lot size that disagrees with the tables, and a
  // BANKNIFTY strike next to the price that is not listed.
  const bankNifty = double.quote(260_105)?.lastPrice ?? 0;
  const missingStrike = Math.round(bankNifty / 100) * 100 + 100;

  beforeAll(async () => {
    await control("lot-size", { symbol: "NIFTY", lotSize: 75 });
    await control("remove-strike", { symbol: "BANKNIFTY", strike: missingStrike });
    // Listening starts what waits for the site to be up: the broker's daily history, then the forecasts.
    await h.t.app.listen({ port: 0, host: "127.0.0.1" });
    admin = await firstAdmin(h);
  });
  afterAll(async () => {
    await double.close();
  });

  it("asks for a login before there is a session, and shows no price as live", async () => {
    const first = await until("login-needed", statusIn("login-needed"));
    expect(first).toMatchObject({
      broker: "kite",
      userId: null,
      loginPath: "/api/admin/broker/kite/login",
    });
    expect(first.message).toContain("Connect Kite");
    const { feed } = await overview();
    expect(feed).toMatchObject({ kind: "broker", simulated: false });
    expect(typeof feed.staleSince).toBe("number");
    const health = (await h.inject({ method: "GET", url: "/api/health" })).json().data;
    expect(health.status).toBe("degraded");
  });

  it("logs the operator in through Kite's redirect flow and streams the broker's prices", async () => {
    const start = await admin.browser.get("/api/admin/broker/kite/login");
    expect(start.statusCode).toBe(302);
    const login = new URL(start.headers.location as string);
    expect(login.origin + login.pathname).toBe(double.loginUrl);
    expect(login.searchParams.get("api_key")).toBe(API_KEY);
    // The operator presses the double's log-in button; Kite redirects back with the token and the state.
    const page = await (await fetch(login)).text();
    const form = /<form method="get" action="([^"]+)">([\s\S]*?)<\/form>/.exec(page);
    expect(form).not.toBeNull();
    const fields = new URLSearchParams();
    for (const [, name, value] of (form?.[2] ?? "").matchAll(/name="([^"]+)" value="([^"]*)"/g)) {
      fields.set(
        name as string,
        (value as string).replaceAll("&amp;", "&").replaceAll("&quot;", '"'),
      );
    }
    const back = await fetch(new URL(`${form?.[1]}?${fields}`, double.root), {
      redirect: "manual",
    });
    const callback = new URL(back.headers.get("location") as string);
    expect(callback.searchParams.get("status")).toBe("success");
    const done = await admin.browser.get(`${callback.pathname}${callback.search}`);
    expect(done.statusCode).toBe(302);
    expect(done.headers.location).toBe("/admin?view=broker&broker=connected");
    // Someone else's console session cannot complete the same callback.
    const other = await firstAdmin(h);
    const stolen = await other.browser.get(`${callback.pathname}${callback.search}`);
    expect(String(stolen.headers.location)).toBe("/admin?view=broker&broker=error&reason=state");

    const connected = await until("connected", statusIn("connected"));
    expect(connected).toMatchObject({ userId: double.userId });
    expect(connected.tokenExpiresAt).toBeGreaterThan(Date.now());
    expect(connected.instruments.count).toBeGreaterThan(100);
    expect(connected.instruments.disagreements).toContainEqual(
      expect.objectContaining({ symbol: "NIFTY", field: "lotSize", table: "65", broker: "75" }),
    );

    // The snapshots move with the double's prices, and nothing says they are stale.
    const nifty = await until("a NIFTY price", async () => {
      const { snapshots, feed } = await overview();
      const snapshot = snapshots.find((s: { symbol: string }) => s.symbol === "NIFTY");
      return snapshot.ltp > 0 && feed.staleSince === null ? snapshot : undefined;
    });
    const quoted = double.quote(256_265)?.lastPrice ?? 0;
    expect(Math.abs(nifty.ltp - quoted) / quoted).toBeLessThan(0.002);
    // On a busy machine the check has said "degraded" for a moment while the stream settled (CI's run on
    // PostgreSQL, once): it must say "ok" once it has, and a lasting problem still fails here.
    const health = await until(
      "the health check to say ok",
      async () => {
        const data = (await h.inject({ method: "GET", url: "/api/health" })).json().data;
        return data.status === "ok" ? data : undefined;
      },
      10_000,
    );
    expect(health).toMatchObject({ status: "ok" });
    // History was fetched: today's minutes before the stream are stored.
    const bars = (
      await h.inject({
        method: "GET",
        url: "/api/market/bars?symbol=NIFTY&interval=1m&from=2026-11-25",
      })
    ).json().data.bars;
    expect(bars.length).toBeGreaterThan(0);
  });

  it("prices a signal from its contract's quote, with the broker's lot size", async () => {
    const price = (await overview()).snapshots.find(
      (s: { symbol: string }) => s.symbol === "NIFTY",
    ).ltp;
    const strike = Math.round(price / 50) * 50;
    const listed = double
      .listing()
      .rows.find(
        (i) =>
          i.name === "NIFTY" &&
          i.strike === strike &&
          i.instrumentType === "CE" &&
          i.expiry === "2026-12-01",
      );
    expect(listed).toBeDefined();
    // The near strikes are quoted before any signal needs them.
    await quotedToTheFeed(listed?.token ?? 0);
    const premium = double.quote(listed?.token ?? 0)?.lastPrice ?? 0;
    const res = await admin.browser.post("/api/paper/signal", {
      model: "Nifty:KalpaVruksha",
      optionType: "CE",
      strike,
      entryLow: Math.round(premium * 0.95 * 20) / 20,
      entryHigh: Math.round(premium * 1.05 * 20) / 20,
      target: Math.round(premium * 1.4 * 20) / 20,
      stopLoss: Math.round(premium * 0.7 * 20) / 20,
    });
    expect(res.statusCode, res.body).toBe(201);
    const { signal } = res.json().data;
    expect(signal).toMatchObject({ priceSource: "quote", lotSize: 75, expiry: "2026-12-01" });
    expect(Math.abs(signal.premium - premium) / premium).toBeLessThan(0.05);

    // The chain beside it: the quoted contract carries the open interest of Kite's full-mode ticks, with
    // its change since the first reading; strikes the engine does not watch have none.
    const subscriber = await signedInUser(h);
    await giveAccess(admin.browser, subscriber.id, ["Nifty"]);
    await acceptRda(subscriber.browser);
    const chain = await until("the signal's contract quoted in the chain", async () => {
      const res = await subscriber.browser.get("/api/signals/chain?instrument=nifty");
      const data = res.json().data as OptionChainPayload | undefined;
      const row = data?.rows.find((r) => r.strike === strike);
      return row?.call.quoted && row.call.oi !== null ? data : undefined;
    });
    expect(chain.source).toBe("broker");
    const row = chain.rows.find((r) => r.strike === strike);
    const oi = double.quote(listed?.token ?? 0)?.oi ?? 0;
    expect(oi).toBeGreaterThan(0);
    // The double's open interest grows with the day's volume: the chain read it a moment ago.
    expect(Math.abs((row?.call.oi ?? 0) - oi) / oi).toBeLessThan(0.05);
    expect(typeof row?.call.oiChange).toBe("number");
    expect(chain.rows.find((r) => r.strike === strike + 500)?.call.oi).toBeNull();
  });

  it("trades a CRUDEOIL signal at 100 barrels a lot, though Kite lists MCX lots as 1 contract", async () => {
    // The models may have a signal of their own open by now: square everything off first.
    expect((await admin.browser.post("/api/paper/force-eod-close")).statusCode).toBe(200);
    // The console explains Kite's MCX convention; it does not flag it.
    const { instruments } = await status();
    expect(instruments.disagreements).not.toContainEqual(
      expect.objectContaining({ symbol: "CRUDEOIL" }),
    );
    expect(instruments.notes).toEqual([
      expect.objectContaining({ symbol: "CRUDEOIL", field: "lotSize" }),
    ]);
    expect(instruments.notes[0].message).toContain("one CRUDEOIL contract is 100 barrels");

    const price = (await overview()).snapshots.find(
      (s: { symbol: string }) => s.symbol === "CRUDEOIL",
    ).ltp;
    const strike = Math.round(price / 50) * 50;
    const listed = double
      .listing()
      .rows.find(
        (i) =>
          i.name === "CRUDEOIL" &&
          i.strike === strike &&
          i.instrumentType === "PE" &&
          i.expiry === "2026-12-16",
      );
    // The double lists the contract as Kite does: one contract a lot.
    expect(listed).toMatchObject({ lotSize: 1, segment: "MCX-OPT", exchange: "MCX" });
    await quotedToTheFeed(listed?.token ?? 0);
    const premium = double.quote(listed?.token ?? 0)?.lastPrice ?? 0;
    expect(premium).toBeGreaterThan(0);
    const res = await admin.browser.post("/api/paper/signal", {
      model: "CrudeOil:Yamuna",
      optionType: "PE",
      strike,
      entryLow: Math.round(premium * 0.95 * 10) / 10,
      entryHigh: Math.round(premium * 1.05 * 10) / 10,
      target: Math.round(premium * 1.4 * 10) / 10,
      stopLoss: Math.round(premium * 0.7 * 10) / 10,
    });
    expect(res.statusCode, res.body).toBe(201);
    const { signal } = res.json().data;
    expect(signal).toMatchObject({
      symbol: "CRUDEOIL",
      priceSource: "quote",
      expiry: "2026-12-16",
      lotSize: 100,
    });
    expect(signal.premiumPerLot).toBeCloseTo(signal.premium * 100, 2);
    expect(Math.abs(signal.premium - premium) / premium).toBeLessThan(0.05);

    // Once it has entered, squared off: the journal's P&L and charges count 100 barrels a lot.
    await until("the CRUDEOIL signal to enter", async () => {
      const { signals } = (await admin.browser.get("/api/admin/signals")).json().data;
      const current = signals.find((s: { model: string }) => s.model === "CrudeOil:Yamuna");
      return current?.signal?.entryPrice != null ? current.signal : undefined;
    });
    expect((await admin.browser.post("/api/paper/force-eod-close")).statusCode).toBe(200);
    const trade = await until("the CRUDEOIL trade in the journal", async () => {
      const days = (
        await admin.browser.get("/api/paper/history?model=CrudeOil:Yamuna&days=7")
      ).json().data;
      return days
        ?.flatMap((day: { trades: { id: string }[] }) => day.trades)
        .find((t: { id: string }) => t.id === signal.id);
    });
    expect(trade).toMatchObject({ symbol: "CRUDEOIL", lotSize: 100, lots: signal.lots });
    const units = trade.lots * 100;
    expect(trade.pnlRupees).toBeCloseTo((trade.exitPrice - trade.entryPrice) * units, 1);
    const charges = roundTripCharges({
      symbol: "CRUDEOIL",
      buyPrice: trade.entryPrice,
      sellPrice: trade.exitPrice,
      quantity: units,
      buyDay: "2026-11-25",
      sellDay: "2026-11-25",
    });
    expect(trade.charges.total).toBeCloseTo(charges.total, 2);
    // MCX's CTT is 0.05% of the sell premium turnover: of 100 barrels a lot, not of 1.
    expect(trade.charges.sellTax).toBeCloseTo(trade.exitPrice * units * 0.0005, 0);
  });

  it("prices today's option forecasts from the contracts' last traded premiums", async () => {
    const today = await until("today's NIFTY forecast", async () => {
      const [row] = await h.t.database.db
        .select()
        .from(forecasts)
        .where(and(eq(forecasts.instrument, "nifty"), eq(forecasts.day, "2026-11-25")));
      return row;
    });
    // What Kite says the call last traded at before the day (the double's daily candle of the contract).
    const row = double
      .listing()
      .rows.find(
        (i) =>
          i.name === "NIFTY" &&
          i.strike === today.call.strikePrice &&
          i.instrumentType === "CE" &&
          i.expiry === today.expiry,
      );
    expect(row).toBeDefined();
    const requestToken = await (async () => {
      const authorize = new URL("/connect/authorize", double.root);
      authorize.searchParams.set("api_key", API_KEY);
      authorize.searchParams.set("action", "login");
      const back = await fetch(authorize, { redirect: "manual" });
      return (
        new URL(back.headers.get("location") as string).searchParams.get("request_token") ?? ""
      );
    })();
    const session = await fetch(`${double.root}/session/token`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", "x-kite-version": "3" },
      body: new URLSearchParams({
        api_key: API_KEY,
        request_token: requestToken,
        checksum: createHash("sha256")
          .update(API_KEY + requestToken + API_SECRET)
          .digest("hex"),
      }),
    });
    const accessToken = ((await session.json()) as { data: { access_token: string } }).data
      .access_token;
    // The site shares the API key's 3 historical requests a second: wait out a 429.
    const candles = await until("the contract's daily candles", async () => {
      const res = await fetch(
        `${double.root}/instruments/historical/${row?.token}/day?from=2026-11-10+00:00:00&to=2026-11-24+23:59:59`,
        { headers: { authorization: `token ${API_KEY}:${accessToken}`, "x-kite-version": "3" } },
      );
      return res.status === 429 ? undefined : res;
    });
    expect(candles.status).toBe(200);
    const { data } = (await candles.json()) as { data: { candles: number[][] } };
    expect(today.call.entryPrice).toBeCloseTo(data.candles.at(-1)?.[4] ?? Number.NaN, 2);
  });

  it("never trades a strike the broker does not list, and says why", async () => {
    // The models may have a signal of their own open by now: square everything off first.
    expect((await admin.browser.post("/api/paper/force-eod-close")).statusCode).toBe(200);
    const res = await admin.browser.post("/api/paper/signal", {
      model: "BankNifty:HFT",
      optionType: "CE",
      strike: missingStrike,
      entryLow: 100,
      entryHigh: 110,
      target: 150,
      stopLoss: 80,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toContain("is not in the broker's instrument list");
  });

  it("drops and counts malformed messages, and reconnects a stream gone silent", async () => {
    await control("malformed", { kind: "truncated" });
    await control("malformed", { kind: "unknown-packet" });
    const counted = await until("the drops counted", async () => {
      const current = await status();
      return current.dropped >= 2 ? current : undefined;
    });
    expect(counted.state).toBe("connected");
    await control("stall", { seconds: 7 });
    await until(
      "the reconnect",
      async () => {
        const current = await status();
        return current.state === "connecting" ? current : undefined;
      },
      15_000,
    );
    await until("connected again", statusIn("connected"), 25_000);
  });

  it("follows a logout from the console within seconds, and a new login after it", async () => {
    const out = await admin.browser.post("/api/admin/broker/logout");
    expect(out.json()).toMatchObject({ success: true, data: { forgotten: true } });
    const needed = await until("login-needed", statusIn("login-needed"), 15_000);
    expect(needed.message).toContain("No Kite session yet");
    // No e-mail for a logout the operator asked for.
    expect(h.trap.mailsFor(h.t.config.operator.email)).toHaveLength(0);
    const start = await admin.browser.get("/api/admin/broker/kite/login");
    const login = new URL(start.headers.location as string);
    const authorize = new URL("/connect/authorize", double.root);
    authorize.searchParams.set("api_key", API_KEY);
    authorize.searchParams.set("action", "login");
    authorize.searchParams.set("redirect_params", login.searchParams.get("redirect_params") ?? "");
    const back = await fetch(authorize, { redirect: "manual" });
    const callback = new URL(back.headers.get("location") as string);
    const done = await admin.browser.get(`${callback.pathname}${callback.search}`);
    expect(done.headers.location).toBe("/admin?view=broker&broker=connected");
    await until("connected again", statusIn("connected"));
  });

  it("stops cleanly when the token dies: login needed, stale prices, one e-mail to the operator", async () => {
    await control("expire-token", { closeSockets: true });
    const needed = await until("login-needed", statusIn("login-needed"));
    expect(needed.message).toContain("refused the stored access token");
    const { feed } = await overview();
    expect(feed.staleSince).toBeGreaterThan(0);
    const health = (await h.inject({ method: "GET", url: "/api/health" })).json().data;
    expect(health.status).toBe("degraded");
    expect(health.problems.join(" ")).toContain("broker feed is not live");
    const mail = await h.trap.latestMailFor(h.t.config.operator.email);
    expect(mail.subject).toContain("Kite login needed");
    // Once: the feed keeps waiting for a login without mailing again.
    await new Promise((resolve) => setTimeout(resolve, 3000));
    expect(h.trap.mailsFor(h.t.config.operator.email)).toHaveLength(1);
  });
});
