/**
 * A share of the signal latency bench's clients (a child process of the bench, so the clients' CPU is not
 * the server's). Each client is a plain `ws` WebSocket speaking just enough of the engine.io/socket.io
 * protocol (v4) to be a signed-in browser's socket: it sends the session cookie in its handshake (so the
 * server places it in the instrument rooms its user may hear), answers the open packet with a namespace
 * connect ("40"), each ping ("2") with a pong ("3"), and reads events ("42[...]"). Each signal-update's
 * arrival is timed before it is parsed; its `changes.ltp` is the sequence number the server sent.
 *
 * Usage (by the bench, over IPC): "connect" (answers "connected"), "collect" (answers "receipts"), "close".
 */
import WebSocket from "ws";
import { now, SeqTimes } from "./fanout-protocol";

export type LatencyClientCommand =
  | { type: "connect"; url: string; origin: string; cookie: string; count: number }
  | { type: "collect" }
  | { type: "close" };

export type LatencyClientMessage =
  | { type: "connected"; open: number; failed: number; firstError: string | undefined }
  | { type: "receipts"; seq: Int32Array; at: Float64Array; open: number; closed: number };

/** Handshakes in flight at once per process: enough to connect thousands in seconds, not to flood. */
const CONNECT_CONCURRENCY = 32;
const CONNECT_TIMEOUT_MS = 30_000;
const SIGNAL_UPDATE = "signal-update";

const receipts = new SeqTimes();
const sockets: WebSocket[] = [];
let closed = 0;

const send = (message: LatencyClientMessage) => process.send?.(message);

/** Opens one client; resolves once its namespace connection is accepted. */
function open(url: string, origin: string, cookie: string): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { headers: { origin, cookie }, perMessageDeflate: false });
    const timer = setTimeout(() => {
      ws.terminate();
      reject(new Error("timed out"));
    }, CONNECT_TIMEOUT_MS);
    ws.once("error", (error) => {
      clearTimeout(timer);
      reject(error);
    });
    ws.on("message", (data: Buffer) => {
      const at = now();
      const type = data[0];
      if (type === 0x34 /* 4: message */) {
        if (data[1] === 0x32 /* 2: event */) {
          const [event, payload] = JSON.parse(data.toString("utf8", 2)) as [
            string,
            { changes?: { ltp?: number } },
          ];
          const seq = payload?.changes?.ltp;
          if (event === SIGNAL_UPDATE && typeof seq === "number") receipts.push(seq, at);
        } else if (data[1] === 0x30 /* 0: namespace connected */) {
          clearTimeout(timer);
          ws.once("close", () => closed++);
          resolve(ws);
        } else if (data[1] === 0x34 /* 4: connect error */) {
          clearTimeout(timer);
          ws.terminate();
          reject(new Error(`refused: ${data.toString("utf8", 2)}`));
        }
      } else if (type === 0x32 /* 2: ping */) {
        ws.send("3");
      } else if (type === 0x30 /* 0: engine.io open */) {
        ws.send("40");
      }
    });
  });
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
    });
  } else {
    for (const ws of sockets) ws.terminate();
    process.exit(0);
  }
});
process.on("disconnect", () => process.exit(0));
