/**
 * The ticker through the official SDK's KiteTicker. It keeps module-level state (one socket per process,
 * callbacks never removed, and with reconnect on, disconnect() ends the process), so this file holds the
 * only KiteTicker, built with reconnect: false.
 */
import { decodeKiteMessage } from "@kalpa/market/broker/kite/ticker-wire";
import { KiteTicker } from "kiteconnect";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { KiteDouble } from "../src/double";
import { login, sleep, startDouble } from "./support";

interface SdkTick {
  tradable: boolean;
  mode: string;
  instrument_token: number;
  last_price: number;
  ohlc?: { open: number; high: number; low: number; close: number };
  exchange_timestamp?: Date;
  depth?: {
    buy: { quantity: number; price: number; orders: number }[];
    sell: { quantity: number; price: number; orders: number }[];
  };
}

let double: KiteDouble;
let accessToken: string;
beforeAll(async () => {
  double = await startDouble({ tickMs: 250 });
  accessToken = await login(double);
});
afterAll(() => double.close());

describe("the SDK's KiteTicker", () => {
  it("connects, subscribes in full mode and gets ticks it decodes like the product does", async () => {
    const option = double
      .listing()
      .rows.find((row) => row.name === "BANKNIFTY" && row.instrumentType === "PE");
    if (!option) throw new Error("no BANKNIFTY option listed");
    const tokens = [260_105, option.token];
    const ticks: SdkTick[] = [];
    const raw: ArrayBuffer[] = [];
    const ticker = new KiteTicker({
      api_key: double.apiKey,
      access_token: accessToken,
      root: double.wsRoot,
      reconnect: false,
    } as ConstructorParameters<typeof KiteTicker>[0]);
    ticker.on("connect", () => {
      ticker.subscribe(tokens);
      ticker.setMode(ticker.modeFull, tokens);
    });
    ticker.on("ticks", (batch: SdkTick[]) => ticks.push(...batch));
    ticker.on("message", (data: ArrayBuffer) => raw.push(data));
    ticker.connect();
    try {
      const deadline = Date.now() + 4000;
      while (
        !ticks.some((tick) => tick.mode === "full" && tick.instrument_token === option.token)
      ) {
        if (Date.now() > deadline) throw new Error("no full option tick from the SDK");
        await sleep(20);
      }
      const index = ticks.find((tick) => tick.instrument_token === 260_105 && tick.mode === "full");
      const contract = ticks.find((tick) => tick.instrument_token === option.token);
      expect(index).toMatchObject({ tradable: false, mode: "full" });
      expect(index?.exchange_timestamp).toBeInstanceOf(Date);
      expect(contract?.tradable).toBe(true);
      expect(contract?.depth?.buy).toHaveLength(5);
      expect(contract?.depth?.sell).toHaveLength(5);
      expect(contract?.depth?.buy[0]?.price ?? 0).toBeLessThan(contract?.last_price ?? 0);
      expect(contract?.depth?.sell[0]?.price ?? 0).toBeGreaterThan(contract?.last_price ?? 0);

      // The SDK and the product's decoder read the same bytes the same way.
      const packets = raw
        .filter((data) => data.byteLength > 1)
        .flatMap((data) => decodeKiteMessage(data).packets);
      const ours = packets.find(
        (packet) => packet.token === option.token && packet.mode === "full",
      );
      const theirs = ticks.find(
        (tick) => tick.instrument_token === option.token && tick.mode === "full",
      );
      expect(ours?.lastPrice).toBe(theirs?.last_price);
      expect(ours?.depth?.buy).toEqual(theirs?.depth?.buy);
      expect(ours?.depth?.sell).toEqual(theirs?.depth?.sell);
      expect(ticker.connected()).toBe(true);
    } finally {
      ticker.disconnect();
    }
  });
});
