/**
 * A share of the socket fan-out bench's clients (a child process of the bench, so the clients' CPU is not
 * the server's). Each client is a plain `ws` WebSocket: for the Kalpa server, @kalpa/testkit's raw
 * socket.io client as a landing-page socket (query type=home, websocket transport), reading the events;
 * for the reference it reads the bare JSON. Each arrival is timed before it is parsed.
 *
 * Usage (by the bench, over IPC): "connect" (answers "connected"), "collect" (answers "receipts"), "close".
 */
import { openRawSocketIo } from "@kalpa/testkit/socket-io-raw";
import WebSocket from "ws";
import {
  type ClientCommand,
  type ClientMessage,
  type ClientProtocol,
  now,
  SeqTimes,
  type TickPayload,
} from "./fanout-protocol";

/** Handshakes in flight at once per process: enough to connect thousands in seconds, not to flood. */
const CONNECT_CONCURRENCY = 64;
const CONNECT_TIMEOUT_MS = 30_000;
const HOME_UPDATE = "home-update";

const receipts = new SeqTimes();
const sockets: WebSocket[] = [];
let closed = 0;

const send = (message: ClientMessage) => process.send?.(message);

/** Opens one client; resolves once it is in the home room (socket.io) or open (ws). */
async function open(url: string, origin: string, protocol: ClientProtocol): Promise<WebSocket> {
  const ws =
    protocol === "ws"
      ? await openPlain(url, origin)
      : await openRawSocketIo(url, {
          headers: { origin },
          timeoutMs: CONNECT_TIMEOUT_MS,
          clock: now,
          onEvent: (event, payload, at) => {
            if (event === HOME_UPDATE) receipts.push((payload as TickPayload).ltp, at);
          },
        });
  ws.once("close", () => closed++);
  return ws;
}

/** The reference's client: a WebSocket reading the bare JSON ticks. */
function openPlain(url: string, origin: string): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { headers: { origin }, perMessageDeflate: false });
    const timer = setTimeout(() => {
      ws.terminate();
      reject(new Error("timed out"));
    }, CONNECT_TIMEOUT_MS);
    ws.once("error", (error) => {
      clearTimeout(timer);
      reject(error);
    });
    ws.once("open", () => {
      clearTimeout(timer);
      resolve(ws);
    });
    ws.on("message", (data: Buffer) => {
      const at = now();
      receipts.push((JSON.parse(data.toString()) as TickPayload).ltp, at);
    });
  });
}

async function connectAll(url: string, origin: string, count: number, protocol: ClientProtocol) {
  let next = 0;
  let failed = 0;
  let firstError: string | undefined;
  const lane = async () => {
    while (next < count) {
      next++;
      try {
        sockets.push(await open(url, origin, protocol));
      } catch (error) {
        failed++;
        firstError ??= error instanceof Error ? error.message : String(error);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONNECT_CONCURRENCY, count) }, lane));
  send({ type: "connected", open: sockets.length, failed, firstError });
}

process.on("message", (command: ClientCommand) => {
  if (command.type === "connect") {
    void connectAll(command.url, command.origin, command.count, command.protocol);
  } else if (command.type === "collect") {
    send({
      type: "receipts",
      seq: receipts.seq.slice(0, receipts.length),
      at: receipts.at.slice(0, receipts.length),
      open: sockets.length - closed,
      closed,
    });
  } else {
    for (const ws of sockets) ws.terminate();
    process.exit(0);
  }
});
process.on("disconnect", () => process.exit(0));
