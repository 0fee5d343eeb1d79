/**
 * The ticker WebSocket through a plain `ws` client (the SDK's KiteTicker keeps one socket per process:
 * it has its own file, ticker-sdk.test.ts).
 */

import type { MarketSymbol } from "@kalpa/contracts/names";
import { decodeKiteMessage, type KitePacket } from "@kalpa/market/broker/kite/ticker-wire";
import { roundToTick } from "@kalpa/market/instruments/price-steps";
import { simulatedPricer } from "@kalpa/market/options/option-pricing";
import { SimulatedMarket } from "@kalpa/market/sim/simulated-market";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { KiteDouble } from "../src/double";
import type { ListedRow } from "../src/listing";
import {
  CLOSED_AT,
  control,
  handshakeStatus,
  login,
  OPEN_AT,
  packetLengths,
  type Received,
  sleep,
  startDouble,
  TickerClient,
} from "./support";

const NIFTY = 256_265;
const BANKNIFTY = 260_105;
const market = new SimulatedMarket({ seed: "kalpa" });
const pricer = simulatedPricer();

let open: KiteDouble;
let accessToken: string;
const clients: TickerClient[] = [];

beforeAll(async () => {
  // A quarter-second round on a clock four times as fast: every round has new prices.
  open = await startDouble({ tickMs: 250, clock: { start: OPEN_AT, speed: 4 } });
  accessToken = await login(open);
});
afterAll(() => open.close());
afterEach(async () => {
  for (const client of clients.splice(0)) client.close();
  await control(open, "reset", { keepSessions: true });
});

async function connect(double = open, token = accessToken): Promise<TickerClient> {
  const client = await TickerClient.open(double, token);
  clients.push(client);
  return client;
}

function row(double: KiteDouble, accept: (row: ListedRow) => boolean): ListedRow {
  const found = double.listing().rows.find(accept);
  if (!found) throw new Error("no such row listed");
  return found;
}

/** An at-the-money-ish NIFTY call of the nearest weekly. */
function niftyOption(double: KiteDouble): ListedRow {
  const options = double
    .listing()
    .rows.filter(
      (r) => r.name === "NIFTY" && r.instrumentType === "CE" && r.expiry === "2026-12-01",
    );
  return options[Math.floor(options.length / 2)] ?? row(double, () => false);
}

const dataMessages = (received: Received[]) =>
  received.filter((message) => message.binary && message.data.length > 1);
const heartbeats = (received: Received[]) =>
  received.filter((message) => message.binary && message.data.length === 1);

/** The simulator's price of `symbol` at the tick at `second` (epoch s). */
function simPrice(symbol: MarketSymbol, second: number): number {
  const at = second * 1000;
  const tick = market.ticksBetween(at - 1000, at, [symbol]).at(-1);
  if (!tick) throw new Error(`no ${symbol} tick at ${new Date(at).toISOString()}`);
  return tick.price;
}

function packetsOf(received: Received[], token: number): KitePacket[] {
  return dataMessages(received).flatMap((message) =>
    decodeKiteMessage(message.data).packets.filter((packet) => packet.token === token),
  );
}

describe("the ticker", () => {
  it("sends full packets (32-byte index, 184-byte option) priced by the double's simulator", async () => {
    const client = await connect();
    const option = niftyOption(open);
    client.send({ a: "subscribe", v: [NIFTY, option.token] });
    client.send({ a: "mode", v: ["full", [NIFTY, option.token]] });
    await client.until((received) => packetsOf(received, option.token).length >= 2);
    const sizes = new Set(dataMessages(client.received).flatMap((m) => packetLengths(m.data)));
    expect([...sizes].sort((a, b) => a - b)).toEqual([32, 184]);

    for (const index of packetsOf(client.received, NIFTY)) {
      expect(index).toMatchObject({ mode: "full", tradable: false });
      expect(index.lastPrice).toBe(simPrice("NIFTY", index.exchangeTime));
      expect(index.close).toBe(market.previousClose("NIFTY", "2026-11-25"));
      expect(index.low).toBeLessThanOrEqual(index.lastPrice);
      expect(index.high).toBeGreaterThanOrEqual(index.lastPrice);
    }
    for (const packet of packetsOf(client.received, option.token)) {
      const contract = option.contract;
      if (!contract) throw new Error("an option row has its contract");
      const underlying = simPrice("NIFTY", packet.exchangeTime);
      expect(packet).toMatchObject({ mode: "full", tradable: true });
      expect(packet.lastPrice).toBe(pricer(contract, underlying, packet.exchangeTime * 1000));
      expect(packet.bid).toBeLessThan(packet.lastPrice);
      expect(packet.ask).toBeGreaterThan(packet.lastPrice);
      const depth = packet.depth;
      if (!depth) throw new Error("a full packet has depth");
      for (const side of [depth.buy, depth.sell]) {
        expect(side).toHaveLength(5);
        for (const [i, level] of side.entries()) {
          expect(level.quantity % option.lotSize).toBe(0);
          expect(level.quantity).toBeGreaterThan(0);
          expect(level.orders).toBeGreaterThan(0);
          const next = side[i + 1];
          if (next) expect(roundToTick(Math.abs(next.price - level.price), 0.05)).toBe(0.05);
        }
      }
      expect(packet.volume % option.lotSize).toBe(0);
      expect(packet.volume).toBeGreaterThan(0);
      expect(packet.low).toBeLessThanOrEqual(packet.lastPrice);
      expect(packet.high).toBeGreaterThanOrEqual(packet.lastPrice);
      expect(packet.exchangeTime * 1000).toBeGreaterThanOrEqual(open.clock.start);
      expect(packet.lastTradeTime).toBe(packet.exchangeTime);
    }
  });

  it("starts a plain subscribe in quote mode (28-byte index, 44-byte future), ltp mode is 8", async () => {
    const client = await connect();
    const future = row(open, (r) => r.tradingSymbol === "CRUDEOIL26DECFUT");
    client.send({ a: "subscribe", v: [BANKNIFTY, future.token] });
    await client.until((received) => dataMessages(received).length >= 1);
    const first = dataMessages(client.received)[0]?.data ?? Buffer.alloc(0);
    expect(packetLengths(first).sort((a, b) => a - b)).toEqual([28, 44]);
    const [quote] = packetsOf(client.received, future.token);
    expect(quote?.mode).toBe("quote");
    // CRUDEOIL trades on MCX from 09:00: the future has a day's volume by 10:00.
    expect(quote?.volume).toBeGreaterThan(0);

    client.send({ a: "mode", v: ["ltp", [BANKNIFTY]] });
    await client.until((received) =>
      dataMessages(received).some((m) => packetLengths(m.data).includes(8)),
    );
    const ltp = packetsOf(client.received, BANKNIFTY).find((p) => p.mode === "ltp");
    expect(ltp?.lastPrice).toBeGreaterThan(0);
  });

  it("stops a token's packets after unsubscribe, and ignores tokens sent as strings", async () => {
    const client = await connect();
    client.send({ a: "subscribe", v: [NIFTY, String(BANKNIFTY)] });
    await client.until((received) => packetsOf(received, NIFTY).length >= 1);
    client.send({ a: "unsubscribe", v: [NIFTY] });
    await sleep(100);
    const seen = client.received.length;
    await sleep(300);
    expect(packetsOf(client.received.slice(seen), NIFTY)).toEqual([]);
    expect(packetsOf(client.received, BANKNIFTY)).toEqual([]);
    expect(heartbeats(client.received.slice(seen)).length).toBeGreaterThan(0);
  });

  it("refuses subscriptions past 3000 tokens with an error text frame", async () => {
    const client = await connect();
    const tokens = Array.from({ length: 3001 }, (_, i) => 1_000_000 + i * 256 + 2);
    client.send({ a: "subscribe", v: tokens });
    await client.until((received) => received.some((message) => !message.binary));
    const text = client.received.find((message) => !message.binary)?.data.toString() ?? "";
    expect(JSON.parse(text)).toMatchObject({ type: "error" });
    const state = (await (await fetch(`${open.root}/__double/state`)).json()) as {
      connections: { subscriptions: unknown[] }[];
    };
    expect(state.connections[0]?.subscriptions).toHaveLength(3000);
  });

  it("lists connections, subscriptions and modes at /__double/state", async () => {
    const client = await connect();
    client.send({ a: "subscribe", v: [NIFTY, BANKNIFTY] });
    client.send({ a: "mode", v: ["full", [BANKNIFTY]] });
    await client.until((received) => dataMessages(received).length >= 1);
    const state = (await (await fetch(`${open.root}/__double/state`)).json()) as {
      clock: { nowMs: number };
      connections: { userId: string; subscriptions: { token: number; mode: string }[] }[];
      tokens: { accessTokensLive: number };
      requests: Record<string, number>;
    };
    expect(state.connections).toHaveLength(1);
    expect(state.connections[0]?.userId).toBe("DOUBLE1");
    expect(state.connections[0]?.subscriptions).toEqual([
      { token: NIFTY, mode: "quote" },
      { token: BANKNIFTY, mode: "full" },
    ]);
    expect(state.clock.nowMs).toBeGreaterThanOrEqual(open.clock.start);
    expect(state.tokens.accessTokensLive).toBe(1);
    expect(state.requests["WS /"]).toBeGreaterThanOrEqual(1);
  });
});

describe("a closed market", () => {
  it("sends the quote once, then only 1-byte heartbeats", async () => {
    const closed = await startDouble({ clock: { start: CLOSED_AT, speed: 4 }, tickMs: 100 });
    try {
      const client = await connect(closed, await login(closed));
      client.send({ a: "subscribe", v: [NIFTY] });
      client.send({ a: "mode", v: ["full", [NIFTY]] });
      await client.until((received) => dataMessages(received).length >= 1);
      const seen = client.received.length;
      await sleep(400);
      expect(dataMessages(client.received)).toHaveLength(1);
      const [snapshot] = packetsOf(client.received, NIFTY);
      // The last close before the 24 Nov holiday: 23 Nov's.
      expect(snapshot?.lastPrice).toBe(market.dailyBar("NIFTY", "2026-11-23")?.close);
      const beats = heartbeats(client.received.slice(seen));
      expect(beats.length).toBeGreaterThanOrEqual(3);
      for (const [i, beat] of beats.entries()) {
        expect([...beat.data]).toEqual([0]);
        const before = beats[i - 1];
        if (before) expect(beat.at - before.at).toBeLessThan(1000);
      }
    } finally {
      await closed.close();
    }
  });
});

describe("the handshake", () => {
  it("is refused with HTTP 403 for a bad api_key or access token, accepted otherwise", async () => {
    expect(
      await handshakeStatus(open, `api_key=${open.apiKey}&access_token=${accessToken}&uid=1`),
    ).toBe(101);
    expect(await handshakeStatus(open, `api_key=${open.apiKey}&access_token=nope&uid=1`)).toBe(403);
    expect(await handshakeStatus(open, `api_key=other&access_token=${accessToken}&uid=1`)).toBe(
      403,
    );
    expect(await handshakeStatus(open, "uid=1")).toBe(403);
  });

  it("keeps an open socket after expire-token, refuses new handshakes, and closes with closeSockets", async () => {
    const client = await connect();
    client.send({ a: "subscribe", v: [NIFTY] });
    await client.until((received) => dataMessages(received).length >= 1);
    expect(await (await control(open, "expire-token")).json()).toMatchObject({
      ok: true,
      expired: 1,
      closedSockets: 0,
    });
    const seen = client.received.length;
    await client.until((received) => received.length >= seen + 2);
    expect(client.closeCode).toBeUndefined();
    expect(
      await handshakeStatus(open, `api_key=${open.apiKey}&access_token=${accessToken}&uid=2`),
    ).toBe(403);

    accessToken = await login(open);
    const other = await connect();
    expect(
      await (await control(open, "expire-token", { closeSockets: true })).json(),
    ).toMatchObject({ ok: true, expired: 1, closedSockets: 2 });
    await client.until(() => client.closeCode !== undefined && other.closeCode !== undefined);
    expect(client.closeCode).toBe(1006);
    expect(other.closeCode).toBe(1006);
    // The rest of the file goes on with a fresh login.
    accessToken = await login(open);
  });
});

describe("the fault controls", () => {
  it("stall silences every connection without closing it, then ticks resume", async () => {
    const client = await connect();
    client.send({ a: "subscribe", v: [NIFTY] });
    await client.until((received) => dataMessages(received).length >= 1);
    const res = await control(open, "stall", { seconds: 0.5 });
    expect(res.status).toBe(200);
    await sleep(50);
    const from = client.received.length;
    await sleep(350);
    expect(client.received.length).toBe(from);
    expect(client.socket.readyState).toBe(client.socket.OPEN);
    await client.until((received) => received.length > from, 2000);
  });

  it("malformed sends the bad message it names to every connection", async () => {
    const client = await connect();
    const second = await connect();
    const kinds = ["truncated", "garbage", "unknown-packet"] as const;
    for (const kind of kinds) {
      const before = client.received.length;
      const res = await control(open, "malformed", { kind });
      expect(await res.json()).toMatchObject({ ok: true, kind, sent: 2 });
      await client.until((received) =>
        received.slice(before).some((m) => m.binary && m.data.length > 1),
      );
    }
    const bad = dataMessages(client.received).map((m) => decodeKiteMessage(m.data));
    expect(
      bad.map(({ malformed, dropped, packets }) => ({ malformed, dropped, n: packets.length })),
    ).toEqual([
      { malformed: true, dropped: 0, n: 0 },
      { malformed: true, dropped: 0, n: 0 },
      { malformed: false, dropped: 1, n: 0 },
    ]);
    const truncated = dataMessages(client.received)[0]?.data ?? Buffer.alloc(0);
    expect(truncated.length).toBe(2 + 2 + 32 - 5);
    await second.until((received) => dataMessages(received).length >= 3);
    expect((await control(open, "malformed", { kind: "other" })).status).toBe(400);
  });
});
