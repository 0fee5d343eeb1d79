/**
 * A share of the socket fan-out bench's clients (a child process of the bench, so the clients' CPU is not
 * the server's). Each client is a plain `ws` WebSocket: for the Kalpa server it speaks just enough of the
 * engine.io/socket.io protocol (v4) to be a landing-page socket (query type=home, websocket transport):
 * it answers the open packet with a namespace connect ("40"), each ping ("2") with a pong ("3"), and reads
 * events ("42[...]"); for the reference it reads the bare JSON. Each arrival is timed before it is parsed.
 *
 * Usage (by the bench, over IPC): "connect" (answers "connected"), "collect" (answers "receipts"), "close".
 */
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
function open(url: string, origin: string, protocol: ClientProtocol): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { headers: { origin }, perMessageDeflate: false });
    const timer = setTimeout(() => {
      ws.terminate();
      reject(new Error("timed out"));
    }, CONNECT_TIMEOUT_MS);
    const ready = () => {
      clearTimeout(timer);
      ws.once("close", () => closed++);
      resolve(ws);
    };
    ws.once("error", (error) => {
      clearTimeout(timer);
      reject(error);
    });
    if (protocol === "ws") {
      ws.once("open", ready);
      ws.on("message", (data: Buffer) => {
        const at = now();
        receipts.push((JSON.parse(data.toString()) as TickPayload).ltp, at);
      });
      return;
    }
    ws.on("message", (data: Buffer) => {
      const at = now();
      const type = data[0];
      if (type === 0x34 /* 4: message */) {
        if (data[1] === 0x32 /* 2: event */) {
          const [event, payload] = JSON.parse(data.toString("utf8", 2)) as [string, TickPayload];
          if (event === HOME_UPDATE) receipts.push(payload.ltp, at);
        } else if (data[1] === 0x30 /* 0: namespace connected */) {
          ready();
        }
      } else if (type === 0x32 /* 2: ping */) {
        ws.send("3");
      } else if (type === 0x30 /* 0: engine.io open */) {
        ws.send("40");
      }
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
