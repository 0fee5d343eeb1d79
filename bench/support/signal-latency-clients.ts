/**
 * A share of the signal latency bench's clients (a child process of the bench, so the clients' CPU is not
 * the server's). Each client is @kalpa/testkit's raw socket.io client as a signed-in browser's socket: it
 * sends the session cookie in its handshake (so the server places it in the instrument rooms its user may
 * hear) and reads the events. Each signal-update's arrival is timed before it is parsed; its
 * `changes.ltp` is the sequence number the server sent.
 *
 * Usage (by the bench, over IPC): "connect" (answers "connected"), "collect" (answers "receipts"), "close".
 */
import { openRawSocketIo } from "@kalpa/testkit/socket-io-raw";
import type WebSocket from "ws";
import { now, SeqTimes } from "./fanout-protocol";

export type LatencyClientCommand =
  | { type: "connect"; url: string; origin: string; cookie: string; count: number }
  | { type: "collect" }
  | { type: "close" };

export type LatencyClientMessage =
  | { type: "connected"; open: number; failed: number; firstError: string | undefined }
  | {
      type: "receipts";
      seq: Int32Array;
      at: Float64Array;
      open: number;
      closed: number;
      /** option-chain-update events received, by arrival time (the bench splits them by window). */
      chainAt: Float64Array;
    };

/** Handshakes in flight at once per process: enough to connect thousands in seconds, not to flood. */
const CONNECT_CONCURRENCY = 32;
const CONNECT_TIMEOUT_MS = 30_000;
const SIGNAL_UPDATE = "signal-update";
const OPTION_CHAIN = "option-chain-update";
const chainAt: number[] = [];

const receipts = new SeqTimes();
const sockets: WebSocket[] = [];
let closed = 0;

const send = (message: LatencyClientMessage) => process.send?.(message);

/** Opens one client; resolves once its namespace connection is accepted. */
async function open(url: string, origin: string, cookie: string): Promise<WebSocket> {
  const ws = await openRawSocketIo(url, {
    headers: { origin, cookie },
    timeoutMs: CONNECT_TIMEOUT_MS,
    clock: now,
    onEvent: (event, payload, at) => {
      const seq = (payload as { changes?: { ltp?: number } } | undefined)?.changes?.ltp;
      if (event === SIGNAL_UPDATE && typeof seq === "number") receipts.push(seq, at);
      else if (event === OPTION_CHAIN) chainAt.push(at);
    },
  });
  ws.once("close", () => closed++);
  return ws;
}

async function connectAll(url: string, origin: string, cookie: string, count: number) {
  let next = 0;
  let failed = 0;
  let firstError: string | undefined;
  const lane = async () => {
    while (next < count) {
      next++;
      try {
        sockets.push(await open(url, origin, cookie));
      } catch (error) {
        failed++;
        firstError ??= error instanceof Error ? error.message : String(error);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONNECT_CONCURRENCY, count) }, lane));
  send({ type: "connected", open: sockets.length, failed, firstError });
}

process.on("message", (command: LatencyClientCommand) => {
  if (command.type === "connect") {
    void connectAll(command.url, command.origin, command.cookie, command.count);
  } else if (command.type === "collect") {
    send({
      type: "receipts",
      seq: receipts.seq.slice(0, receipts.length),
      at: receipts.at.slice(0, receipts.length),
      open: sockets.length - closed,
      closed,
      chainAt: Float64Array.from(chainAt),
    });
  } else {
    for (const ws of sockets) ws.terminate();
    process.exit(0);
  }
});
process.on("disconnect", () => process.exit(0));
