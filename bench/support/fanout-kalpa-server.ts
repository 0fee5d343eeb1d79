/**
 * The socket fan-out bench's Kalpa server (a child process of the bench): the real app (buildApp, configured
 * as support/server.ts starts the production build: the embedded database in a throwaway DATA_DIR, or
 * DATABASE_URL/REDIS_URL when set) with its own market engine off, and in its place a synthetic engine that
 * publishes a snapshot of every symbol every ENGINE_LOOP_MS through the real createMarketBroadcast, exactly
 * as the engine does. Each tick's `ltp` is its sequence number, so a client knows which tick it received.
 *
 * It records, per tick, when it was published and, per broadcast to the home room, when the broadcast
 * started and when it returned: the broadcast sees a thin wrapper of the socket.io server whose
 * `to("home").volatile.emit` reads the clock and the CPU time around the real call and changes nothing else.
 *
 * Usage (by the bench, over IPC): fork with argv [port]; answers { type: "ready" }, then see
 * serveBenchCommands.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { MarketSnapshot } from "@kalpa/contracts/market";
import { MARKET_SYMBOLS } from "@kalpa/contracts/names";
import type { Server } from "socket.io";
import { buildApp } from "../../apps/server/src/app";
import { loadConfig } from "../../apps/server/src/config/env";
import { databaseTargetFor, openDatabase } from "../../apps/server/src/db/client";
import { ENGINE_LOOP_MS } from "../../apps/server/src/engine/market-engine";
import { createMarketState } from "../../apps/server/src/engine/market-state";
import { createMarketBroadcast } from "../../apps/server/src/modules/market/broadcast";
import { ROOMS } from "../../apps/server/src/realtime/hub";
import { createEmitRecorder, now, serveBenchCommands, type TickPayload } from "./fanout-protocol";

const port = Number(process.argv[2]);
const dataDir = await mkdtemp(path.join(tmpdir(), "kalpa-fanout-"));
const config = loadConfig({
  HOST: "127.0.0.1",
  PORT: String(port),
  PUBLIC_URL: `http://127.0.0.1:${port}`,
  DATA_DIR: dataDir,
  LOG_LEVEL: "warn",
  MARKET_ENGINE: "false",
  DATABASE_URL: process.env.DATABASE_URL,
  REDIS_URL: process.env.REDIS_URL,
});
const database = await openDatabase(databaseTargetFor(config));
const { app, io } = await buildApp({ config, database });
await app.listen({ port: config.port, host: config.host });

const recorder = createEmitRecorder();

/** The socket.io server as the broadcast sees it: home-room emits are timed, everything else untouched. */
const timedIo = new Proxy(io, {
  get(target, property) {
    if (property === "to") {
      return (room: string) => {
        const operator = target.to(room);
        if (room !== ROOMS.home) return operator;
        return {
          volatile: {
            emit: (event: string, payload: TickPayload) =>
              recorder.emit(payload.ltp, () => operator.volatile.emit(event, payload)),
          },
        };
      };
    }
    const value: unknown = Reflect.get(target, property, target);
    return typeof value === "function" ? value.bind(target) : value;
  },
}) as Server;

const broadcast = createMarketBroadcast(timedIo, createMarketState(), { clustered: false });
let seq = 0;
function tick() {
  for (const symbol of MARKET_SYMBOLS) {
    seq++;
    const snapshot: MarketSnapshot = {
      symbol,
      open: seq,
      high: seq,
      low: seq,
      ltp: seq,
      change: 12.35,
      percentChange: 0.52,
      volume: 1_234_567,
    };
    recorder.published(seq, now());
    broadcast.snapshot(snapshot);
  }
}
let engine: NodeJS.Timeout | undefined;

serveBenchCommands({
  port,
  start: () => {
    engine = setInterval(tick, ENGINE_LOOP_MS);
  },
  log: () => recorder.log(),
  stop: async () => {
    clearInterval(engine);
    broadcast.dispose();
    await app.close();
    await database.close();
    await rm(dataDir, { recursive: true, force: true });
  },
});
