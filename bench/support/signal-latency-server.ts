/**
 * The signal latency bench's Kalpa server (a child process of the bench): the real app (buildApp, configured
 * as the socket fan-out's server: the embedded database in a throwaway DATA_DIR, or DATABASE_URL/REDIS_URL
 * when set) with its own market engine off and SEED_DEMO on, so the demo subscriber `trader` exists with
 * all three instruments granted and the risk disclosure accepted. The server signs `trader` in through
 * POST /api/auth/login (app.inject) and hands the session cookie to the bench, whose clients open their
 * sockets with it: each socket is a signed-in socket of a user with access, placed in the instrument rooms
 * by the real access-rooms middleware.
 *
 * In place of the signal engine, a synthetic engine hands the real createSignalBroadcast what the signal
 * engine's flush hands it, every ENGINE_LOOP_MS: an LTP change of each of the four models' signal ("ltp":
 * throttled by the broadcast to one send per model per SIGNAL_LTP_INTERVAL_MS, volatile) and, every other
 * loop, a transition of one model in turn ("triggered" or "closed": sent at once). Each change carries a
 * sequence number as its `ltp`, so a client knows which hand-over it received; the server records when
 * each was handed over and, through a thin wrapper of the socket.io server that reads the clock around the
 * instrument rooms' emits and changes nothing else, when each broadcast started and returned.
 *
 * The option chain (issue 37, decision 036): the app's own option-chain-update broadcast runs as in
 * production, once a second per instrument room, but builds nothing until an instrument has a price.
 * "chain" with `on` gives the three instruments a price (their simulation reference levels) or takes it
 * away, so the bench measures the signal events without and with the chain in one run.
 *
 * Usage (by the bench, over IPC): fork with argv [port]; answers { type: "ready", port, cookie }, then
 * "start", "chain", "emits" (answers the log and the transitions' sequence numbers), "heap" and "stop".
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { emptySnapshot } from "@kalpa/contracts/market";
import { MARKET_SYMBOLS, MODEL_IDS, type ModelId } from "@kalpa/contracts/names";
import { optionUnderlying } from "@kalpa/market/instruments/option-underlyings";
import type { Signal, SignalChanges } from "@kalpa/market/signals/signal";
import { TRADER } from "@kalpa/testkit/demo";
import type { Server } from "socket.io";
import { buildApp } from "../../apps/server/src/app";
import { loadConfig } from "../../apps/server/src/config/env";
import { databaseTargetFor, openDatabase } from "../../apps/server/src/db/client";
import { ENGINE_LOOP_MS } from "../../apps/server/src/engine/market-engine";
import { createSignalBroadcast } from "../../apps/server/src/modules/signals/broadcast";
import { createEmitRecorder, type EmitLog, now } from "./fanout-protocol";

export type LatencyServerMessage =
  | { type: "ready"; port: number; cookie: string }
  | { type: "emits"; log: EmitLog; transitions: Int32Array }
  | { type: "heap"; usedMiB: number };
export type LatencyServerCommand =
  | { type: "start" }
  | { type: "chain"; on: boolean }
  | { type: "emits" }
  | { type: "heap" }
  | { type: "stop" };

/** The demo subscriber SEED_DEMO creates (modules/auth/demo-accounts.ts). */

const port = Number(process.argv[2]);
const dataDir = await mkdtemp(path.join(tmpdir(), "kalpa-signal-latency-"));
const config = loadConfig({
  HOST: "127.0.0.1",
  PORT: String(port),
  PUBLIC_URL: `http://127.0.0.1:${port}`,
  DATA_DIR: dataDir,
  LOG_LEVEL: "warn",
  MARKET_ENGINE: "false",
  SEED_DEMO: "true",
  DATABASE_URL: process.env.DATABASE_URL,
  REDIS_URL: process.env.REDIS_URL,
});
const database = await openDatabase(databaseTargetFor(config));
const { app, io, market } = await buildApp({ config, database });
await app.listen({ port: config.port, host: config.host });

const login = await app.inject({
  method: "POST",
  url: "/api/auth/login",
  headers: { origin: config.publicOrigin },
  payload: TRADER,
});
if (login.statusCode !== 200) throw new Error(`trader's login answered ${login.statusCode}`);
const cookie = login.cookies.map((c) => `${c.name}=${c.value}`).join("; ");

const recorder = createEmitRecorder();
type Payload = { changes: { ltp: number } };
type Emit = (event: string, payload: Payload) => boolean;
const timed = (emit: Emit): Emit => {
  return (event, payload) => recorder.emit(payload.changes.ltp, () => emit(event, payload));
};

/** The socket.io server as the broadcast sees it: instrument-room emits are timed, nothing else changes. */
const timedIo = new Proxy(io, {
  get(target, property) {
    if (property === "to") {
      return (room: string) => {
        const operator = target.to(room);
        if (!room.startsWith("instrument:")) return operator;
        return {
          emit: timed(operator.emit.bind(operator)),
          volatile: { emit: timed(operator.volatile.emit.bind(operator.volatile)) },
        };
      };
    }
    const value: unknown = Reflect.get(target, property, target);
    return typeof value === "function" ? value.bind(target) : value;
  },
}) as Server;

const broadcast = createSignalBroadcast(timedIo);
/** The broadcast reads a signal's model and id only. */
const signals = new Map<ModelId, Signal>(
  MODEL_IDS.map((model) => [model, { modelId: model, id: `${model}@bench` } as Signal]),
);
const transitions: number[] = [];
let seq = 0;
let loop = 0;

function hand(model: ModelId, changes: SignalChanges, event: "ltp" | "triggered" | "closed") {
  recorder.published(seq, now());
  broadcast.update(signals.get(model) as Signal, changes, event);
}

/** One loop of the synthetic engine: what the signal engine's flush hands the publisher. */
function engineLoop() {
  loop++;
  for (const model of MODEL_IDS) {
    seq++;
    hand(model, { ltp: seq, pnlPoints: 1.5, pnl: 45 }, "ltp");
  }
  if (loop % 2 === 0) {
    const model = MODEL_IDS[(loop / 2) % MODEL_IDS.length] as ModelId;
    seq++;
    transitions.push(seq);
    const closing = (loop / 2) % 2 === 1;
    hand(
      model,
      closing
        ? { status: "closed", ltp: seq, exitPrice: 101.5, closeReason: "target", pnl: 120 }
        : { status: "triggered", ltp: seq, entryPrice: 100, pnlPoints: 0, pnl: 0 },
      closing ? "closed" : "triggered",
    );
  }
}

let engine: NodeJS.Timeout | undefined;
const send = (message: LatencyServerMessage) => process.send?.(message);
process.on("message", (command: LatencyServerCommand) => {
  if (command.type === "start") engine = setInterval(engineLoop, ENGINE_LOOP_MS);
  if (command.type === "chain") {
    for (const symbol of MARKET_SYMBOLS) {
      const ltp = command.on ? optionUnderlying(symbol).simulation.referenceLevel : 0;
      market.state.setSnapshot({ ...emptySnapshot(symbol), open: ltp, high: ltp, low: ltp, ltp });
    }
  }
  if (command.type === "emits") {
    send({ type: "emits", log: recorder.log(), transitions: Int32Array.from(transitions) });
  }
  if (command.type === "heap") {
    send({ type: "heap", usedMiB: process.memoryUsage().heapUsed / 2 ** 20 });
  }
  if (command.type === "stop") {
    clearInterval(engine);
    broadcast.dispose();
    void app
      .close()
      .then(() => database.close())
      .then(() => rm(dataDir, { recursive: true, force: true }))
      .finally(() => process.exit(0));
  }
});
process.on("disconnect", () => process.exit(0));
send({ type: "ready", port, cookie });
