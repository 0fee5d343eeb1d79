/**
 * A share of the connection storm's clients (a child process of the bench, so the clients' CPU is not the
 * server's). Each client is a plain `ws` WebSocket speaking just enough of the engine.io/socket.io protocol
 * (v4) to join: it answers the open packet with a namespace connect ("40") and each ping ("2") with a pong
 * ("3"); it is connected when the server acknowledges the namespace ("40{...}"), that is, after the
 * server's middleware (Kalpa's session lookup) has run. Signed-in clients send the session cookie.
 *
 * Usage (by the bench, over IPC): "open" { id, url, origin, count, cookie?, concurrency } answers "opened"
 * { id, connected, failed, firstError, ms: each connection's time from the command }; "close" exits.
 */
import WebSocket from "ws";

const TIMEOUT_MS = 30_000;
const sockets: WebSocket[] = [];

interface OpenCommand {
  type: "open";
  /** Named again in the answer (a process may be given several at once). */
  id: string;
  url: string;
  origin: string;
  count: number;
  concurrency: number;
  cookie?: string;
}

function open(command: OpenCommand, startedAt: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { origin: command.origin };
    if (command.cookie) headers.cookie = command.cookie;
    const ws = new WebSocket(command.url, { headers, perMessageDeflate: false });
    const timer = setTimeout(() => {
      ws.terminate();
      reject(new Error("not connected within 30 s"));
    }, TIMEOUT_MS);
    ws.once("error", (error) => {
      clearTimeout(timer);
      reject(error);
    });
    ws.on("message", (data: Buffer) => {
      const type = data[0];
      if (type === 0x34 /* 4: message */ && data[1] === 0x30 /* 0: namespace connected */) {
        clearTimeout(timer);
        sockets.push(ws);
        resolve(performance.now() - startedAt);
      } else if (type === 0x32 /* 2: ping */) {
        ws.send("3");
      } else if (type === 0x30 /* 0: engine.io open */) {
        ws.send("40");
      }
    });
  });
}

async function openAll(command: OpenCommand) {
  const startedAt = performance.now();
  const ms: number[] = [];
  let next = 0;
  let failed = 0;
  let firstError: string | undefined;
  const lane = async () => {
    while (next < command.count) {
      next++;
      try {
        ms.push(await open(command, startedAt));
      } catch (error) {
        failed++;
        firstError ??= error instanceof Error ? error.message : String(error);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(command.concurrency, command.count) }, lane));
  process.send?.({ type: "opened", id: command.id, connected: ms.length, failed, firstError, ms });
}

process.on("message", (command: OpenCommand | { type: "close" }) => {
  if (command.type === "open") void openAll(command);
  else {
    for (const ws of sockets) ws.terminate();
    process.exit(0);
  }
});
process.on("disconnect", () => process.exit(0));
