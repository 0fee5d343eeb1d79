/**
 * The price throttle: at most two updates a second per symbol, every half-second slot used while prices
 * change, and never two symbols in the same moment (a volatile packet is dropped for a client still writing
 * the previous one).
 */
import { MARKET_SYMBOLS } from "@kalpa/contracts/names";
import type { Server } from "socket.io";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createMarketState } from "../../engine/market-state";
import { createMarketBroadcast, PRICE_UPDATE_INTERVAL_MS } from "./broadcast";

afterEach(() => {
  vi.useRealTimers();
});

/** A stand-in for socket.io that records each room emit with the (fake) time it happened. */
function recordingIo() {
  const sent: { at: number; room: string; event: string; symbol: string }[] = [];
  const room = (name: string) => {
    const target = {
      emit: (event: string, payload: { symbol: string }) => {
        sent.push({ at: Date.now(), room: name, event, symbol: payload.symbol });
        return true;
      },
    };
    return { ...target, volatile: target };
  };
  return { io: { to: room, serverSideEmit: () => true } as unknown as Server, sent };
}

describe("the market broadcast's throttle", () => {
  it("sends each symbol in every half-second slot while its price changes, in its own slot", () => {
    vi.useFakeTimers({ now: 1_000_000 });
    const { io, sent } = recordingIo();
    const broadcast = createMarketBroadcast(io, createMarketState(), { clustered: false });
    let price = 100;
    // The engine hands every symbol over every 250 ms for 10 s.
    for (let elapsed = 0; elapsed < 10_000; elapsed += 250) {
      for (const symbol of MARKET_SYMBOLS) {
        price += 1;
        broadcast.snapshot({
          symbol,
          open: 100,
          high: price,
          low: 100,
          ltp: price,
          change: 0,
          percentChange: 0,
          volume: 1,
        });
      }
      vi.advanceTimersByTime(250);
    }
    broadcast.dispose();
    const home = sent.filter((entry) => entry.room === "home");
    for (const symbol of MARKET_SYMBOLS) {
      const times = home.filter((entry) => entry.symbol === symbol).map((entry) => entry.at);
      // 10 s at two a second.
      expect(times.length, symbol).toBeGreaterThanOrEqual(19);
      expect(times.length, symbol).toBeLessThanOrEqual(21);
      for (let i = 1; i < times.length; i++) {
        expect((times[i] as number) - (times[i - 1] as number)).toBe(PRICE_UPDATE_INTERVAL_MS);
      }
    }
    // No two symbols leave at the same moment.
    const moments = home.map((entry) => entry.at);
    expect(new Set(moments).size).toBe(moments.length);
    // The dashboard room gets the same cadence.
    expect(sent.filter((entry) => entry.room === "market")).toHaveLength(home.length);
  });
});
