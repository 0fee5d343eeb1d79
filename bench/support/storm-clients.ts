/**
 * A share of the connection storm's clients (a child process of the bench, so the clients' CPU is not the
 * server's). Each client is @kalpa/testkit's raw socket.io client (a plain `ws` WebSocket speaking just
 * enough of the protocol to join); it is connected when the server acknowledges the namespace, that is,
 * after the server's middleware (Kalpa's session lookup) has run. Signed-in clients send the session cookie.
 *
 * Usage (by the bench, over IPC): "open" { id, url, origin, count, cookie?, concurrency } answers "opened"
 * { id, connected, failed, firstError, ms: each connection's time from the command }; "close" exits.
 */
import { openRawSocketIo } from "@kalpa/testkit/socket-io-raw";
import type WebSocket from "ws";

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

async function open(command: OpenCommand, startedAt: number): Promise<number> {
  const headers: Record<string, string> = { origin: command.origin };
  if (command.cookie) headers.cookie = command.cookie;
  sockets.push(await openRawSocketIo(command.url, { headers, timeoutMs: TIMEOUT_MS }));
  return performance.now() - startedAt;
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
