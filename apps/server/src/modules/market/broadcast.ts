/**
 * Market data to browsers (spec section 7), and to the other server processes.
 *
 * - A landing socket (query type=home) is in the home room from its connection; on get-snapshots it gets
 *   one home-update {symbol, ltp, percentChange} per symbol, then the stream.
 * - A signed-in socket that emits get-snapshots joins the market room: one dashboard-update (the whole
 *   snapshot) per symbol and one market-status-update per exchange, then the streams.
 * - Price updates go out at most twice a second per symbol (the latest price wins), each symbol in its own
 *   slot of the half-second, and volatile: a client that cannot keep up skips a price rather than queueing
 *   stale ones. Status changes are not volatile.
 * - With several processes, the engine's process sends its market state to the others every second
 *   (socket.io's server-side events over the Redis adapter), so their HTTP and get-snapshots answers match.
 * - With public prices delayed (a broker's feed, decision 034), live prices go only to the market room's
 *   sockets in an instrument's live room (ROOMS.marketLive: joined on get-snapshots by a socket in the
 *   instrument's room). The home room and the rest of the market room get the prices of the delay ago, sent
 *   once a second when they change: nobody outside an instrument's room hears its live price.
 */
import type { MarketOverview } from "@kalpa/contracts/api/market";
import { MarketOverviewSchema } from "@kalpa/contracts/api/market";
import type { MarketSnapshot, MarketStatus } from "@kalpa/contracts/market";
import { MARKET_SYMBOLS, type MarketSymbol } from "@kalpa/contracts/names";
import { CLIENT_EVENTS, HOME_SOCKET_QUERY, SERVER_EVENTS } from "@kalpa/contracts/socket-events";
import type { FastifyBaseLogger as Logger } from "fastify";
import type { Server, Socket } from "socket.io";
import * as z from "zod/mini";
import type { MarketPublisher } from "../../engine/market-engine";
import type { MarketState, PriceDelay } from "../../engine/market-state";
import { ROOMS, type SocketAuth } from "../../realtime/hub";
import { ACCESS_KEY_OF_SYMBOL, snapshotFor } from "./public-prices";

/** At most this often per symbol (spec: at most 2 price updates a second per symbol per client). */
export const PRICE_UPDATE_INTERVAL_MS = 500;
/** How often the delayed prices are looked at (and sent when they changed). */
export const DELAYED_PRICE_INTERVAL_MS = 1000;
/** How often the engine's process sends its state to the others. */
export const STATE_SYNC_MS = 1000;
/** The server-side event that carries the market state between processes. */
const STATE_EVENT = "kalpa:market-state";

/** get-snapshots carries nothing, or only an acknowledgement callback. */
const GetSnapshotsArgs = z.union([
  z.tuple([]),
  z.tuple([z.custom<(...args: unknown[]) => void>((value) => typeof value === "function")]),
]);

function tickerUpdate(snapshot: MarketSnapshot) {
  return { symbol: snapshot.symbol, ltp: snapshot.ltp, percentChange: snapshot.percentChange };
}

/** Whether the socket is in the symbol's instrument room (may see it live). */
function inInstrumentRoom(socket: Socket, symbol: MarketSymbol): boolean {
  const key = ACCESS_KEY_OF_SYMBOL.get(symbol);
  return key !== undefined && socket.rooms.has(ROOMS.instrument(key));
}

/** Answers get-snapshots from this process's market state (delayed where the socket may not see live). */
export function attachMarketSockets(
  io: Server,
  state: MarketState,
  log: Logger,
  options: { delay?: PriceDelay | null } = {},
): void {
  const delay = options.delay ?? null;
  io.on("connection", (socket: Socket) => {
    socket.on(CLIENT_EVENTS.getSnapshots, (...args: unknown[]) => {
      const parsed = z.safeParse(GetSnapshotsArgs, args);
      if (!parsed.success) {
        log.debug({ socket: socket.id }, "ignored a get-snapshots with a payload");
        return;
      }
      const ack = parsed.data[0];
      const overview = state.overview();
      if (socket.handshake.query.type === HOME_SOCKET_QUERY.type) {
        for (const { symbol } of overview.snapshots) {
          const shown = snapshotFor(state, delay, symbol, false);
          if (shown) socket.emit(SERVER_EVENTS.homeUpdate, tickerUpdate(shown));
        }
      } else if ((socket.data.auth as SocketAuth | undefined) !== undefined) {
        void socket.join(ROOMS.market);
        for (const { symbol } of overview.snapshots) {
          const live = inInstrumentRoom(socket, symbol);
          const key = ACCESS_KEY_OF_SYMBOL.get(symbol);
          if (delay && live && key) void socket.join(ROOMS.marketLive(key));
          const shown = snapshotFor(state, delay, symbol, live);
          if (shown) socket.emit(SERVER_EVENTS.dashboardUpdate, shown);
        }
        for (const status of overview.statuses) {
          socket.emit(SERVER_EVENTS.marketStatusUpdate, status);
        }
      } else {
        ack?.({ ok: false, error: "Sign in to receive the dashboard's market data." });
        return;
      }
      ack?.({ ok: true });
    });
  });
}

/** Keeps this process's market state in step with the engine's process (when it is not this one). */
export function followMarketState(io: Server, state: MarketState, log: Logger): () => void {
  const onState = (payload: unknown) => {
    const parsed = z.safeParse(MarketOverviewSchema, payload);
    if (parsed.success) state.replace(parsed.data);
    else log.warn("ignored a malformed market state from another process");
  };
  io.on(STATE_EVENT, onState);
  return () => io.off(STATE_EVENT, onState);
}

export interface MarketBroadcast extends MarketPublisher {
  dispose(): void;
}

/** The engine's publisher: updates the state, and tells browsers and the other processes. */
export function createMarketBroadcast(
  io: Server,
  state: MarketState,
  options: {
    /** Other processes share this hub (the Redis adapter). */
    clustered: boolean;
    /** How late the public's prices are; none: live for everyone. */
    delay?: PriceDelay | null;
  },
): MarketBroadcast {
  const delay = options.delay ?? null;
  const lastSent = new Map<MarketSymbol, number>();
  // Each symbol sends in its own slot of the half-second: a volatile packet is dropped for a client whose
  // connection is still writing the previous one, so two symbols' updates must never leave together.
  const phase = new Map(
    MARKET_SYMBOLS.map((symbol, index) => [
      symbol,
      (index * PRICE_UPDATE_INTERVAL_MS) / MARKET_SYMBOLS.length,
    ]),
  );
  const nextSlot = (symbol: MarketSymbol, notBefore: number) => {
    const offset = phase.get(symbol) ?? 0;
    return (
      offset + Math.ceil((notBefore - offset) / PRICE_UPDATE_INTERVAL_MS) * PRICE_UPDATE_INTERVAL_MS
    );
  };
  const pending = new Map<MarketSymbol, NodeJS.Timeout>();

  /** Sends a symbol's latest price in its slot; the slot, not the timer's late firing, sets the next. */
  const send = (symbol: MarketSymbol, slot: number) => {
    pending.delete(symbol);
    lastSent.set(symbol, slot);
    const snapshot = state.snapshot(symbol);
    const key = ACCESS_KEY_OF_SYMBOL.get(symbol);
    if (delay && key) {
      io.to(ROOMS.marketLive(key)).volatile.emit(SERVER_EVENTS.dashboardUpdate, snapshot);
      return;
    }
    io.to(ROOMS.home).volatile.emit(SERVER_EVENTS.homeUpdate, tickerUpdate(snapshot));
    io.to(ROOMS.market).volatile.emit(SERVER_EVENTS.dashboardUpdate, snapshot);
  };

  // The delayed prices move with the clock, not with the feed's ticks: looked at once a second and sent to
  // everyone else when they changed.
  const lastDelayed = new Map<MarketSymbol, MarketSnapshot>();
  const sendDelayed = () => {
    if (!delay) return;
    for (const symbol of MARKET_SYMBOLS) {
      const key = ACCESS_KEY_OF_SYMBOL.get(symbol);
      const snapshot = state.delayedSnapshot(symbol, delay.ms);
      if (!key || !snapshot || lastDelayed.get(symbol) === snapshot) continue;
      lastDelayed.set(symbol, snapshot);
      io.to(ROOMS.home).volatile.emit(SERVER_EVENTS.homeUpdate, tickerUpdate(snapshot));
      io.to(ROOMS.market)
        .except(ROOMS.marketLive(key))
        .volatile.emit(SERVER_EVENTS.dashboardUpdate, snapshot);
    }
  };
  const delayedTimer = delay ? setInterval(sendDelayed, DELAYED_PRICE_INTERVAL_MS) : undefined;
  delayedTimer?.unref();

  // Alone (no Redis adapter), there is nobody to tell, and the in-memory adapter refuses server-side events.
  const syncPeers = () => io.serverSideEmit(STATE_EVENT, state.overview() satisfies MarketOverview);
  const syncTimer = options.clustered ? setInterval(syncPeers, STATE_SYNC_MS) : undefined;
  syncTimer?.unref();

  return {
    snapshot(snapshot) {
      state.setSnapshot(snapshot);
      const { symbol } = snapshot;
      if (pending.has(symbol)) return; // the coming send carries this price
      const now = Date.now();
      const slot = nextSlot(
        symbol,
        Math.max(now, (lastSent.get(symbol) ?? 0) + PRICE_UPDATE_INTERVAL_MS),
      );
      pending.set(
        symbol,
        setTimeout(() => send(symbol, slot), slot - now),
      );
    },
    statuses(changed: readonly MarketStatus[], all: readonly MarketStatus[]) {
      state.setStatuses(all);
      for (const status of changed)
        io.to(ROOMS.market).emit(SERVER_EVENTS.marketStatusUpdate, status);
    },
    stalled(exchanges) {
      const { feed } = state.overview();
      const same =
        exchanges.length === feed.stalled.length &&
        exchanges.every((id) => feed.stalled.includes(id));
      if (!same) state.setFeed({ ...feed, stalled: [...exchanges] });
    },
    dispose() {
      clearInterval(syncTimer);
      clearInterval(delayedTimer);
      for (const timer of pending.values()) clearTimeout(timer);
      pending.clear();
    },
  };
}
