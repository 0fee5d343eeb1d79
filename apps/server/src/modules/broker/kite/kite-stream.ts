/**
 * One connection to Kite's ticker (docs/kite-connect-reference.md, section 7), on the well-kept `ws`
 * client, following the connection contract of the SDK's own KiteTicker: `<KITE_WS_ROOT>?api_key=…&
 * access_token=…&uid=<ms>`, the `X-Kite-Version: 3` header, JSON subscribe / unsubscribe / mode messages,
 * and a read timeout (no frame of any kind, heartbeats included, for READ_TIMEOUT_MS means the connection
 * is dead though not closed). Decisions 015 says why not the SDK's KiteTicker itself.
 *
 * Binary frames are handed over raw (the feed decodes them with packages/market's ticker-wire); text frames
 * are JSON `{ type, data }` and an "error" one is reported.
 */
import type { KiteMode } from "@kalpa/market/broker/kite/ticker-wire";
import WebSocket from "ws";

export const READ_TIMEOUT_MS = 5000;
const CONNECT_TIMEOUT_MS = 10_000;

export interface KiteStreamHandlers {
  binary(data: Uint8Array): void;
  /** A `{ type: "error" | "message", data }` text frame. */
  text(type: string, data: unknown): void;
  /** The connection ended after it opened: closed by either side, or silent past the read timeout. */
  closed(reason: string): void;
}

/** The handshake was refused with an HTTP status (403: the api key or access token is refused). */
export class KiteStreamRefused extends Error {
  constructor(readonly status: number) {
    super(`Kite's ticker refused the connection (HTTP ${status})`);
    this.name = "KiteStreamRefused";
  }
}

export interface KiteStream {
  subscribe(tokens: readonly number[], mode: KiteMode): void;
  unsubscribe(tokens: readonly number[]): void;
  close(): void;
}

function tickerUrl(root: string, apiKey: string, accessToken: string): string {
  const query = new URLSearchParams({
    api_key: apiKey,
    access_token: accessToken,
    uid: String(Date.now()),
  });
  return `${root}${root.includes("?") ? "&" : "?"}${query}`;
}

/** Opens the ticker; resolves once the socket is open, rejects when it cannot be. */
export function openKiteStream(
  options: { root: string; apiKey: string; accessToken: string },
  handlers: KiteStreamHandlers,
): Promise<KiteStream> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(tickerUrl(options.root, options.apiKey, options.accessToken), {
      headers: { "X-Kite-Version": "3" },
      handshakeTimeout: CONNECT_TIMEOUT_MS,
      maxPayload: 4 * 1024 * 1024,
    });
    let opened = false;
    let ended = false;
    let lastRead = Date.now();
    let watchdog: NodeJS.Timeout | undefined;

    const end = (reason: string) => {
      if (ended) return;
      ended = true;
      clearInterval(watchdog);
      socket.removeAllListeners();
      socket.on("error", () => undefined);
      socket.terminate();
      if (opened) handlers.closed(reason);
    };

    socket.on("unexpected-response", (_request, response) => {
      const status = response.statusCode ?? 0;
      response.resume();
      end(`HTTP ${status}`);
      reject(new KiteStreamRefused(status));
    });
    socket.on("error", (error) => {
      end(error.message);
      if (!opened) reject(error);
    });
    socket.on("close", (code, reason) => {
      end(`closed (${code}${reason.length > 0 ? `: ${reason.toString()}` : ""})`);
      if (!opened) reject(new Error("Kite's ticker closed before it opened"));
    });
    socket.on("message", (data, isBinary) => {
      lastRead = Date.now();
      if (isBinary) {
        const bytes = Array.isArray(data)
          ? Buffer.concat(data)
          : data instanceof ArrayBuffer
            ? new Uint8Array(data)
            : data;
        handlers.binary(bytes);
        return;
      }
      try {
        const message = JSON.parse(data.toString()) as { type?: unknown; data?: unknown };
        if (typeof message.type === "string") handlers.text(message.type, message.data);
      } catch {
        // Not JSON: nothing Kite documents; ignored, as the SDK does.
      }
    });
    socket.on("open", () => {
      opened = true;
      lastRead = Date.now();
      let lastCheck = lastRead;
      watchdog = setInterval(() => {
        const now = Date.now();
        // A check that comes late means this process was busy, not that Kite went quiet: frames may be
        // waiting to be read right after this timer. Judge at the next check, once they have been.
        const late = now - lastCheck > 2000;
        lastCheck = now;
        if (!late && now - lastRead >= READ_TIMEOUT_MS)
          end("no frame, not even a heartbeat, for 5 s");
      }, 1000);
      watchdog.unref();
      const send = (message: unknown) => {
        if (socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
      };
      resolve({
        subscribe(tokens, mode) {
          if (tokens.length === 0) return;
          send({ a: "subscribe", v: tokens });
          send({ a: "mode", v: [mode, tokens] });
        },
        unsubscribe(tokens) {
          if (tokens.length > 0) send({ a: "unsubscribe", v: tokens });
        },
        close() {
          // Closed on purpose: not reported as an ending.
          opened = false;
          end("closed by the feed");
        },
      });
    });
  });
}
