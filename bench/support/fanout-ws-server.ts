/**
 * The socket fan-out bench's reference (a child process of the bench): a bare `ws` server that sends the
 * landing ticker's JSON {symbol, ltp, percentChange} to every connected client on the Kalpa broadcast's
 * schedule (each symbol every PRICE_UPDATE_INTERVAL_MS, in its own slot of the interval), serialised once
 * and sent as it is to each client: no rooms, no framing protocol, no throttle, nothing dropped.
 *
 * Usage (by the bench, over IPC): fork with argv [port]; answers { type: "ready" }, then see
 * serveBenchCommands.
 */
import { MARKET_SYMBOLS } from "@kalpa/contracts/names";
import { WebSocketServer } from "ws";
import { PRICE_UPDATE_INTERVAL_MS } from "../../apps/server/src/modules/market/broadcast";
import { createEmitRecorder, now, serveBenchCommands } from "./fanout-protocol";

const port = Number(process.argv[2]);
const server = new WebSocketServer({ host: "127.0.0.1", port, perMessageDeflate: false });
await new Promise((resolve) => server.once("listening", resolve));

const recorder = createEmitRecorder();
let seq = 0;
const timers = new Map<string, NodeJS.Timeout>();

function send(symbol: string) {
  seq++;
  const data = JSON.stringify({ symbol, ltp: seq, percentChange: 0.52 });
  recorder.published(seq, now());
  recorder.emit(seq, () => {
    for (const client of server.clients) client.send(data);
  });
}

/** Sends `symbol` at each of its slots: offset + k × interval on the wall clock, as the Kalpa broadcast. */
function schedule(symbol: string, offset: number) {
  const wall = Date.now();
  const next =
    offset + Math.floor((wall - offset) / PRICE_UPDATE_INTERVAL_MS + 1) * PRICE_UPDATE_INTERVAL_MS;
  timers.set(
    symbol,
    setTimeout(() => {
      send(symbol);
      schedule(symbol, offset);
    }, next - wall),
  );
}
serveBenchCommands({
  port,
  start: () => {
    MARKET_SYMBOLS.forEach((symbol, index) => {
      schedule(symbol, (index * PRICE_UPDATE_INTERVAL_MS) / MARKET_SYMBOLS.length);
    });
  },
  log: () => recorder.log(),
  stop: async () => {
    for (const timer of timers.values()) clearTimeout(timer);
    for (const client of server.clients) client.terminate();
    await new Promise((resolve) => server.close(resolve));
  },
});
