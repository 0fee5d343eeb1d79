/**
 * Delayed public prices on a broker's feed (decision 034), with the market clock in the test's hands: on
 * MARKET_FEED=kite (the engine off: the test writes the prices into the market state, and publishes through
 * the engine's own publisher), a visitor and a signed-in user without access see the prices of 15 minutes
 * ago (the default) over HTTP and over the socket, with the delay named; a subscriber sees their instrument
 * live and the others delayed; bars still open 15 minutes ago are kept from the public. On the simulator
 * nothing is delayed.
 */
import type { MarketOverview } from "@kalpa/contracts/api/market";
import { emptySnapshot, type MarketSnapshot } from "@kalpa/contracts/market";
import type { MarketSymbol } from "@kalpa/contracts/names";
import { CLIENT_EVENTS, HOME_SOCKET_QUERY, SERVER_EVENTS } from "@kalpa/contracts/socket-events";
import { parseIndiaTime } from "@kalpa/market/time/india-time";
import type { Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMarketRepository } from "../../src/modules/market/repository";
import {
  acceptRda,
  adminApi,
  firstAdmin,
  giveAccess,
  nextTokenRefresh,
  signedInUser,
} from "../helpers/access";
import { type Browser, useAccountsApp } from "../helpers/accounts";
import { connected, listen, useSockets } from "../helpers/sockets";
import { TEST_ORIGIN } from "../helpers/test-app";

const START = parseIndiaTime("2026-11-25 10:00");
const MINUTE = 60_000;
const ALL: MarketSymbol[] = ["NIFTY", "BANKNIFTY", "CRUDEOIL"];

const priced = (symbol: MarketSymbol, ltp: number): MarketSnapshot => ({
  ...emptySnapshot(symbol),
  open: ltp,
  high: ltp,
  low: ltp,
  ltp,
});
const ltpOf = (overview: MarketOverview, symbol: MarketSymbol) =>
  overview.snapshots.find((snapshot) => snapshot.symbol === symbol)?.ltp;

/** The updates of `event` a socket hears, as they come. */
function heard(socket: Socket, event: string): Array<{ symbol: string; ltp: number }> {
  const seen: Array<{ symbol: string; ltp: number }> = [];
  socket.on(event, (payload: { symbol: string; ltp: number }) => seen.push(payload));
  return seen;
}
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("public prices on a broker's feed", () => {
  const h = useAccountsApp({
    env: {
      MARKET_FEED: "kite",
      KITE_API_KEY: "kalpa_test",
      KITE_API_SECRET: "kalpa_test_secret",
      MARKET_ENGINE: "false",
      SEED_DEMO: "false",
    },
  });
  const open = useSockets();
  let url: string;
  let now = START;
  let subscriber: Browser;
  let subscriberId: string;
  let admin: Browser;
  let noAccess: Browser;
  let broadcast: ReturnType<typeof h.t.market.createBroadcast>;

  beforeAll(async () => {
    h.t.market.state.setClock(() => ({ now, speed: 1, simulated: false }));
    broadcast = h.t.market.createBroadcast();
    url = await listen(h.t);
    admin = (await firstAdmin(h)).browser;
    const [nifty, none] = await Promise.all([signedInUser(h), signedInUser(h)]);
    await giveAccess(admin, nifty.id, ["Nifty"]);
    subscriberId = nifty.id;
    await acceptRda(nifty.browser);
    await acceptRda(none.browser);
    subscriber = nifty.browser;
    noAccess = none.browser;
  });
  afterAll(() => broadcast?.dispose());

  const overviewOf = async (browser?: Browser): Promise<MarketOverview> => {
    const res = browser
      ? await browser.get("/api/market/snapshots")
      : await h.inject({ method: "GET", url: "/api/market/snapshots" });
    expect(res.statusCode).toBe(200);
    return res.json().data;
  };
  const setPrices = (prices: Partial<Record<MarketSymbol, number>>) => {
    for (const [symbol, ltp] of Object.entries(prices)) {
      h.t.market.state.setSnapshot(priced(symbol as MarketSymbol, ltp));
    }
  };
  const socketOf = async (browser?: Browser) => {
    const socket = browser
      ? open(url, { extraHeaders: { origin: TEST_ORIGIN, cookie: browser.cookieHeader("/") } })
      : open(url, { query: HOME_SOCKET_QUERY });
    await connected(socket);
    return socket;
  };
  const askSnapshots = (socket: Socket) =>
    new Promise((resolve) => socket.emit(CLIENT_EVENTS.getSnapshots, resolve));

  it("shows a visitor the prices of 15 minutes ago, and no price until there is one that old", async () => {
    setPrices({ NIFTY: 24_000, BANKNIFTY: 52_000, CRUDEOIL: 6_000 });
    now = START + 5 * MINUTE;
    setPrices({ NIFTY: 24_050 });
    const early = await overviewOf();
    expect(early.priceDelay).toEqual({ minutes: 15, symbols: ALL });
    expect(early.snapshots).toEqual([]);

    now = START + 10 * MINUTE;
    setPrices({ NIFTY: 24_100 });
    now = START + 16 * MINUTE;
    setPrices({ NIFTY: 24_200 });
    const later = await overviewOf();
    expect(later.priceDelay).toEqual({ minutes: 15, symbols: ALL });
    // 10:01 minus nothing later than 10:01: the 10:00 prices.
    expect(ltpOf(later, "NIFTY")).toBe(24_000);
    expect(ltpOf(later, "BANKNIFTY")).toBe(52_000);
    expect(ltpOf(later, "CRUDEOIL")).toBe(6_000);

    now = START + 21 * MINUTE;
    expect(ltpOf(await overviewOf(), "NIFTY")).toBe(24_050);
    now = START + 26 * MINUTE;
    expect(ltpOf(await overviewOf(), "NIFTY")).toBe(24_100);
    // A signed-in user without access sees the same as a visitor.
    const plain = await overviewOf(noAccess);
    expect(plain.priceDelay).toEqual({ minutes: 15, symbols: ALL });
    expect(ltpOf(plain, "NIFTY")).toBe(24_100);
  });

  it("shows a subscriber their instrument live and the others delayed", async () => {
    const mine = await overviewOf(subscriber);
    expect(mine.priceDelay).toEqual({ minutes: 15, symbols: ["BANKNIFTY", "CRUDEOIL"] });
    expect(ltpOf(mine, "NIFTY")).toBe(24_200);
    expect(ltpOf(mine, "BANKNIFTY")).toBe(52_000);
  });

  it("serves the public only the bars that had closed 15 minutes ago", async () => {
    const bar = (minutes: number, close: number) => ({
      symbol: "NIFTY" as const,
      interval: "1m" as const,
      time: START + minutes * MINUTE,
      open: close,
      high: close,
      low: close,
      close,
      volume: 0,
    });

    now = START + 20 * MINUTE;
    await createMarketRepository(h.t.database.db).saveBars([bar(3, 1), bar(4, 2), bar(5, 3)]);
    const path = `/api/market/bars?symbol=NIFTY&interval=1m&from=${START}&to=${now}`;
    const times = (res: { json(): { data: { bars: Array<{ time: number }> } } }) =>
      res.json().data.bars.map((item) => (item.time - START) / MINUTE);
    // 10:20 - 15 minutes = 10:05: the 10:04 bar closed then, the 10:05 one had not.
    expect(times(await h.inject({ method: "GET", url: path }))).toEqual([3, 4]);
    expect(times(await noAccess.get(path))).toEqual([3, 4]);
    expect(times(await subscriber.get(path))).toEqual([3, 4, 5]);
  });

  it("keeps live prices off the landing socket and non-subscribers' sockets, and sends them the delayed ones", async () => {
    now = START + 26 * MINUTE;
    const home = await socketOf();
    const homeHeard = heard(home, SERVER_EVENTS.homeUpdate);
    const plain = await socketOf(noAccess);
    const plainHeard = heard(plain, SERVER_EVENTS.dashboardUpdate);
    const mine = await socketOf(subscriber);
    const mineHeard = heard(mine, SERVER_EVENTS.dashboardUpdate);
    await Promise.all([askSnapshots(home), askSnapshots(plain), askSnapshots(mine)]);
    // The snapshots on asking: delayed for the visitor and the user without access, NIFTY live for its
    // subscriber.
    expect(homeHeard.find((update) => update.symbol === "NIFTY")?.ltp).toBe(24_100);
    expect(plainHeard.find((update) => update.symbol === "NIFTY")?.ltp).toBe(24_100);
    expect(mineHeard.find((update) => update.symbol === "NIFTY")?.ltp).toBe(24_200);
    expect(mineHeard.find((update) => update.symbol === "BANKNIFTY")?.ltp).toBe(52_000);

    // A new live price reaches the subscriber alone.
    broadcast.snapshot(priced("NIFTY", 24_300));
    await pause(1500);
    const niftyOf = (seen: Array<{ symbol: string; ltp: number }>) =>
      seen.filter((update) => update.symbol === "NIFTY").map((update) => update.ltp);
    expect(niftyOf(mineHeard).at(-1)).toBe(24_300);
    for (const seen of [homeHeard, plainHeard]) {
      expect(seen.map((update) => update.ltp)).not.toContain(24_300);
      expect(seen.map((update) => update.ltp)).not.toContain(24_200);
    }

    // When the clock passes 10:16 + 15 minutes, the 10:16 price goes to everyone else.
    now = START + 31 * MINUTE + 30_000;
    await pause(1500);
    expect(niftyOf(homeHeard).at(-1)).toBe(24_200);
    expect(niftyOf(plainHeard).at(-1)).toBe(24_200);
    expect(mineHeard.map((update) => update.ltp)).not.toContain(24_100);

    // Access ends: the live prices stop reaching that socket at once, and the delayed ones come instead.
    broadcast.snapshot(priced("NIFTY", 24_400));
    await pause(1200);
    expect(niftyOf(mineHeard).at(-1)).toBe(24_400);
    const refreshed = nextTokenRefresh(mine);
    expect((await adminApi(admin).deactivate(subscriberId, ["Nifty"])).statusCode).toBe(200);
    await refreshed;
    broadcast.snapshot(priced("NIFTY", 24_500));
    now = START + 41 * MINUTE + 30_000;
    await pause(1500);
    expect(niftyOf(mineHeard)).not.toContain(24_500);
    // 10:41:30 - 15 minutes: the 10:26 price.
    expect(niftyOf(mineHeard).at(-1)).toBe(24_300);
  });
});

describe("prices on the simulator", () => {
  const h = useAccountsApp({ env: { MARKET_ENGINE: "false", SEED_DEMO: "false" } });

  it("are live for everyone, with no delay named", async () => {
    h.t.market.state.setSnapshot(priced("NIFTY", 24_400));
    const overview: MarketOverview = (
      await h.inject({ method: "GET", url: "/api/market/snapshots" })
    ).json().data;
    expect(overview.priceDelay).toBeUndefined();
    expect(ltpOf(overview, "NIFTY")).toBe(24_400);
  });
});
