/**
 * The ticker WebSocket (docs/kite-connect-reference.md §7): per connection, the subscribed tokens and
 * their modes; every `tickMs` one binary message with a packet for each subscribed token whose data (in
 * its mode, the exchange timestamp aside) changed since the connection last got it, or else a 1-byte
 * heartbeat; when `tickMs` is above a second, heartbeats also go out between rounds, so a connection never
 * hears nothing for more than about a second (the SDK gives up after 5 s of silence).
 *
 * Text messages in: `{"a":"subscribe","v":[tokens]}` (new tokens start in quote mode, as Kite's do),
 * `{"a":"unsubscribe","v":[tokens]}`, `{"a":"mode","v":["ltp"|"quote"|"full",[tokens]]}`. Tokens must be
 * JSON numbers (Kite ignores strings); a mode for a token not subscribed is ignored (unconfirmed; the
 * likeliest reading). A subscribed token gets its current quote once even when the market is closed, then
 * only changes. Past 3000 tokens on a connection the rest are refused with a text frame
 * `{"type":"error","data":"..."}` (Kite's limit; its exact answer is unconfirmed).
 */
import {
  encodeKiteHeartbeat,
  encodeKiteMessage,
  type KiteMode,
  type KitePacketInput,
} from "@kalpa/market/broker/kite/ticker-wire";
import type { WebSocket } from "ws";
import type { Quote } from "./quotes";

export const MAX_TOKENS_PER_CONNECTION = 3000;
/** The longest a connection goes without a message (outside a stall). */
export const HEARTBEAT_EVERY_MS = 1000;

const MODES: readonly KiteMode[] = ["ltp", "quote", "full"];

export type MalformedKind = "truncated" | "garbage" | "unknown-packet";
export const MALFORMED_KINDS: readonly MalformedKind[] = ["truncated", "garbage", "unknown-packet"];

export interface TickerSource {
  /** The quotes of `tokens` now (tokens the list does not hold are left out). */
  quotes(tokens: Iterable<number>): Map<number, Quote>;
}

interface Connection {
  readonly id: number;
  readonly socket: WebSocket;
  readonly userId: string;
  readonly accessToken: string;
  readonly openedAt: number;
  readonly modes: Map<number, KiteMode>;
  /** What the connection last got per token, as a signature of the fields of its mode. */
  readonly sent: Map<number, string>;
  lastSendAt: number;
  messagesSent: number;
}

function signature(quote: Quote, mode: KiteMode): string {
  if (mode === "ltp") return String(quote.lastPrice);
  const { exchangeTime: _time, depth, ...rest } = quote;
  if (mode === "quote") {
    const { lastTradeTime: _ltt, oi: _oi, oiDayHigh: _high, oiDayLow: _low, ...quoteFields } = rest;
    return JSON.stringify(quoteFields);
  }
  return JSON.stringify([rest, depth]);
}

function tokensOf(value: unknown): number[] {
  if (!Array.isArray(value)) return [];
  return value.filter(
    (token): token is number => typeof token === "number" && Number.isInteger(token) && token > 0,
  );
}

export class TickerHub {
  readonly #source: TickerSource;
  readonly #realNow: () => number;
  readonly #tickMs: number;
  readonly #connections = new Map<number, Connection>();
  #nextId = 1;
  #stalledUntil = 0;

  constructor(source: TickerSource, realNow: () => number, tickMs: number) {
    this.#source = source;
    this.#realNow = realNow;
    this.#tickMs = tickMs;
  }

  get stalledUntil(): number {
    return this.#stalledUntil;
  }

  #stalled(): boolean {
    return this.#realNow() < this.#stalledUntil;
  }

  accept(socket: WebSocket, session: { userId: string; accessToken: string }): void {
    const connection: Connection = {
      id: this.#nextId++,
      socket,
      userId: session.userId,
      accessToken: session.accessToken,
      openedAt: this.#realNow(),
      modes: new Map(),
      sent: new Map(),
      lastSendAt: this.#realNow(),
      messagesSent: 0,
    };
    this.#connections.set(connection.id, connection);
    socket.on("message", (data, isBinary) => {
      if (!isBinary) this.#onText(connection, data.toString());
    });
    socket.on("close", () => this.#connections.delete(connection.id));
    socket.on("error", () => socket.terminate());
  }

  #onText(connection: Connection, text: string): void {
    let message: unknown;
    try {
      message = JSON.parse(text);
    } catch {
      return;
    }
    if (typeof message !== "object" || message === null) return;
    const { a: action, v: value } = message as { a?: unknown; v?: unknown };
    if (action === "subscribe") this.#subscribe(connection, tokensOf(value));
    else if (action === "unsubscribe") {
      for (const token of tokensOf(value)) {
        connection.modes.delete(token);
        connection.sent.delete(token);
      }
    } else if (action === "mode" && Array.isArray(value)) {
      const [mode, tokens] = value as unknown[];
      if (!MODES.includes(mode as KiteMode)) return;
      for (const token of tokensOf(tokens)) {
        if (!connection.modes.has(token)) continue;
        connection.modes.set(token, mode as KiteMode);
        connection.sent.delete(token);
      }
    }
  }

  #subscribe(connection: Connection, tokens: number[]): void {
    let refused = 0;
    for (const token of tokens) {
      if (connection.modes.has(token)) {
        connection.sent.delete(token);
      } else if (connection.modes.size >= MAX_TOKENS_PER_CONNECTION) {
        refused += 1;
      } else {
        connection.modes.set(token, "quote");
      }
    }
    if (refused > 0) {
      this.#send(
        connection,
        JSON.stringify({
          type: "error",
          data: `Subscription limit exceeded: at most ${MAX_TOKENS_PER_CONNECTION} instruments per connection (${refused} not subscribed)`,
        }),
      );
    }
  }

  #send(connection: Connection, data: Uint8Array | string): void {
    if (connection.socket.readyState !== connection.socket.OPEN) return;
    connection.socket.send(data);
    connection.lastSendAt = this.#realNow();
    connection.messagesSent += 1;
  }

  /** One round of ticks: each connection gets the packets whose data changed, or a heartbeat. */
  step(): void {
    if (this.#stalled() || this.#connections.size === 0) return;
    const now = this.#realNow();
    const wanted = new Set<number>();
    for (const connection of this.#connections.values()) {
      for (const token of connection.modes.keys()) wanted.add(token);
    }
    const quotes = this.#source.quotes(wanted);
    for (const connection of this.#connections.values()) {
      const packets: KitePacketInput[] = [];
      for (const [token, mode] of connection.modes) {
        const quote = quotes.get(token);
        if (!quote) continue;
        const key = signature(quote, mode);
        if (connection.sent.get(token) === key) continue;
        connection.sent.set(token, key);
        packets.push({ ...quote, mode });
      }
      if (packets.length > 0) this.#send(connection, encodeKiteMessage(packets));
      else if (now - connection.lastSendAt >= this.#tickMs / 2) {
        this.#send(connection, encodeKiteHeartbeat());
      }
    }
  }

  /**
   * A heartbeat to every connection quiet for nearly `HEARTBEAT_EVERY_MS` (run every
   * `HEARTBEAT_EVERY_MS / 4` when rounds are further apart than that).
   */
  heartbeat(): void {
    if (this.#stalled()) return;
    const now = this.#realNow();
    for (const connection of this.#connections.values()) {
      if (now - connection.lastSendAt >= (HEARTBEAT_EVERY_MS * 3) / 4) {
        this.#send(connection, encodeKiteHeartbeat());
      }
    }
  }

  /** Every connection goes silent (no ticks, no heartbeats) for `seconds`, without closing. */
  stall(seconds: number): void {
    this.#stalledUntil = this.#realNow() + seconds * 1000;
  }

  /** Sends one bad binary message to every connection. */
  sendMalformed(kind: MalformedKind, sample: Quote): number {
    const message = malformedMessage(kind, sample);
    for (const connection of this.#connections.values()) this.#send(connection, message);
    return this.#connections.size;
  }

  /** Closes every connection: abruptly (no close frame, the client sees 1006) or with a close frame. */
  closeAll(abrupt: boolean): number {
    const count = this.#connections.size;
    for (const connection of this.#connections.values()) {
      if (abrupt) connection.socket.terminate();
      else connection.socket.close(1000, "double reset");
    }
    return count;
  }

  reset(): void {
    this.#stalledUntil = 0;
  }

  state() {
    return [...this.#connections.values()].map((connection) => ({
      id: connection.id,
      userId: connection.userId,
      openedAt: new Date(connection.openedAt).toISOString(),
      messagesSent: connection.messagesSent,
      subscriptions: [...connection.modes].map(([token, mode]) => ({ token, mode })),
    }));
  }
}

/**
 * - truncated: a valid one-packet message (the sample in full mode) with its last 5 bytes cut off;
 * - garbage: 16 bytes whose header claims 65535 packets;
 * - unknown-packet: a well-framed message holding one 164-byte packet (Kite's old v1 full layout, which
 *   no current decoder knows: the SDK drops it).
 */
export function malformedMessage(kind: MalformedKind, sample: Quote): Uint8Array {
  if (kind === "truncated") {
    const whole = encodeKiteMessage([{ ...sample, mode: "full" }]);
    return whole.slice(0, whole.length - 5);
  }
  if (kind === "garbage") {
    return Uint8Array.from([
      0xff, 0xff, 0xde, 0xad, 0xbe, 0xef, 0x00, 0x2c, 0x13, 0x37, 0xca, 0xfe, 0xba, 0xbe, 0x00,
      0x01,
    ]);
  }
  const size = 164;
  const bytes = new Uint8Array(2 + 2 + size);
  const view = new DataView(bytes.buffer);
  view.setUint16(0, 1);
  view.setUint16(2, size);
  view.setUint32(4, sample.token);
  view.setInt32(8, Math.round(sample.lastPrice * 100));
  return bytes;
}
