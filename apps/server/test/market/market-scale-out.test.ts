/**
 * Two server processes on one PostgreSQL and one Redis: only one runs the engine, a client on the other
 * still gets its prices, and when the engine's process stops the other takes over.
 */
import { MarketOverviewSchema } from "@kalpa/contracts/api/market";
import { TickerUpdateSchema } from "@kalpa/contracts/market";
import { CLIENT_EVENTS, HOME_SOCKET_QUERY, SERVER_EVENTS } from "@kalpa/contracts/socket-events";
import { afterAll, describe, expect, it } from "vitest";
import * as z from "zod/mini";
import { connected, listen, useSockets } from "../helpers/sockets";
import { createTestApp } from "../helpers/test-app";
import { openTestDatabase } from "../helpers/test-database";

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

const open = useSockets();
const ENV = { MARKET_ENGINE: "true", SIM_CLOCK_START: "2026-11-20 10:00", SIM_SEED: "scale" };

/** Resolves with the next home-update a socket receives after now, or rejects after `ms`. */
function nextUpdate(socket: ReturnType<typeof open>, ms: number) {
  return new Promise<z.infer<typeof TickerUpdateSchema>>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no home-update within ${ms} ms`)), ms);
    socket.once(SERVER_EVENTS.homeUpdate, (payload: unknown) => {
      clearTimeout(timer);
      resolve(z.parse(TickerUpdateSchema, payload));
    });
  });
}

describe.runIf(process.env.REDIS_URL && process.env.DATABASE_URL)(
  "the market engine across two processes (PostgreSQL lock, Redis adapter)",
  () => {
    let a: TestApp | undefined;
    let b: TestApp | undefined;
    let database: Awaited<ReturnType<typeof openTestDatabase>> | undefined;
    afterAll(async () => {
      await b?.close();
      await a?.close();
      await database?.close();
    });

    it("runs one engine, serves its prices from the other process, and hands over when it stops", async () => {
      // One database for both, closed after both processes.
      database = await openTestDatabase();
      a = await createTestApp({ env: ENV, database });
      await listen(a);
      b = await createTestApp({ env: ENV, database });
      const urlB = await listen(b);

      // A started first and holds the lock; B only serves.
      const client = open(urlB, { query: HOME_SOCKET_QUERY });
      await connected(client);
      const fromA = await nextUpdate(client, 5000);
      expect(fromA.ltp).toBeGreaterThan(0);

      // B's own answers follow A's engine (its state arrives over Redis).
      const overviewB = async () =>
        z.parse(
          MarketOverviewSchema,
          (await (b as TestApp).app.inject({ method: "GET", url: "/api/market/snapshots" })).json()
            .data,
        );
      await expect
        .poll(async () => (await overviewB()).snapshots.every((s) => s.ltp > 0), { timeout: 5000 })
        .toBe(true);
      const answer = await client.emitWithAck(CLIENT_EVENTS.getSnapshots);
      expect(answer).toEqual({ ok: true });

      // A stops: its lock is released and B starts the engine; the client on B keeps getting prices.
      await a.close();
      a = undefined;
      await new Promise((resolve) => setTimeout(resolve, 600));
      const fromB = await nextUpdate(client, 10_000);
      expect(fromB.ltp).toBeGreaterThan(0);
    }, 30_000);
  },
);
