/**
 * A socket.io client in a few lines: a plain `ws` WebSocket speaking just enough of the engine.io/socket.io
 * protocol (v4) to join the default namespace, for benchmarks that open thousands of connections (the
 * socket.io-client library's own cost would be measured with them). It answers the open packet ("0") with
 * a namespace connect ("40") and each ping ("2") with a pong ("3"); it is connected when the server
 * acknowledges the namespace ("40{...}"), that is, after the server's middleware (Kalpa's session lookup)
 * has run, and refused on a connect error ("44{...}"). Events ("42[...]") go to `onEvent` when given.
 *
 * The URL is the websocket transport's: ws://host:port/socket.io/?EIO=4&transport=websocket (and the
 * query the server reads, e.g. &type=home).
 */
import WebSocket from "ws";

export interface RawSocketIoOptions {
  /** The handshake's headers: the Origin the server allows, a session's Cookie. */
  headers: Record<string, string>;
  /** Default 30 s. */
  timeoutMs?: number;
  /**
   * Each event the server sends, with the instant it arrived (read before the packet is parsed) on `clock`.
   * Without it events are not parsed.
   */
  onEvent?: (event: string, payload: unknown, arrivedAt: number) => void;
  /** The clock `arrivedAt` reads; default performance.now. */
  clock?: () => number;
}

/** Opens one connection; resolves once its namespace connection is accepted. */
export function openRawSocketIo(url: string, options: RawSocketIoOptions): Promise<WebSocket> {
  const { onEvent, clock = () => performance.now(), timeoutMs = 30_000 } = options;
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { headers: options.headers, perMessageDeflate: false });
    const timer = setTimeout(() => {
      ws.terminate();
      reject(new Error(`not connected within ${timeoutMs / 1000} s`));
    }, timeoutMs);
    ws.once("error", (error) => {
      clearTimeout(timer);
      reject(error);
    });
    ws.on("message", (data: Buffer) => {
      const at = onEvent ? clock() : 0;
      const type = data[0];
      if (type === 0x34 /* 4: message */) {
        if (data[1] === 0x32 /* 2: event */) {
          if (onEvent) {
            const [event, payload] = JSON.parse(data.toString("utf8", 2)) as [string, unknown];
            onEvent(event, payload, at);
          }
        } else if (data[1] === 0x30 /* 0: namespace connected */) {
          clearTimeout(timer);
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
