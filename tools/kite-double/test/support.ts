/**
 * Helpers for the double's tests: starting one on a free port, logging in through its pages, and a
 * plain `ws` client that records what arrives.
 */
import { createHash } from "node:crypto";
import { parseIndiaTime } from "@kalpa/market/time/india-time";
import WebSocket from "ws";
import { createKiteDouble, type KiteDouble, type KiteDoubleOptions } from "../src/double";

/** Wednesday 25 Nov 2026, 10:00 India time: NSE is open (24 Nov is Guru Nanak Jayanti, a holiday). */
export const OPEN_AT = parseIndiaTime("2026-11-25 10:00");
/** Tuesday 24 Nov 2026, 10:00: an NSE holiday, and MCX trades only in the evening. */
export const CLOSED_AT = parseIndiaTime("2026-11-24 10:00");

export function startDouble(options: KiteDoubleOptions = {}): Promise<KiteDouble> {
  return createKiteDouble({ port: 0, clock: { start: OPEN_AT }, ...options });
}

export function sha256(text: string): string {
  return createHash("sha256").update(text).digest("hex");
}

/** Follows the login page's button: the redirect's URL (not followed). */
export async function authorize(double: KiteDouble, redirectParams?: string): Promise<URL> {
  const query = new URLSearchParams({ api_key: double.apiKey, action: "login" });
  if (redirectParams !== undefined) query.set("redirect_params", redirectParams);
  const res = await fetch(`${double.root}/connect/authorize?${query}`, { redirect: "manual" });
  if (res.status !== 302) throw new Error(`authorize answered ${res.status}`);
  return new URL(res.headers.get("location") ?? "");
}

export function exchangeToken(double: KiteDouble, requestToken: string, checksum?: string) {
  return fetch(`${double.root}/session/token`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Kite-Version": "3" },
    body: new URLSearchParams({
      api_key: double.apiKey,
      request_token: requestToken,
      checksum: checksum ?? sha256(double.apiKey + requestToken + double.apiSecret),
    }),
  });
}

/** Logs in through the double's pages; the access token. */
export async function login(double: KiteDouble): Promise<string> {
  const redirect = await authorize(double);
  const res = await exchangeToken(double, redirect.searchParams.get("request_token") ?? "");
  const body = (await res.json()) as { data: { access_token: string } };
  return body.data.access_token;
}

export function authHeader(double: KiteDouble, accessToken: string) {
  return { Authorization: `token ${double.apiKey}:${accessToken}`, "X-Kite-Version": "3" };
}

export function control(double: KiteDouble, name: string, body: unknown = {}) {
  return fetch(`${double.root}/__double/${name}`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
}

export interface Received {
  readonly at: number;
  readonly binary: boolean;
  readonly data: Buffer;
}

/** A plain `ws` client on the double's ticker that records every message. */
export class TickerClient {
  readonly socket: WebSocket;
  readonly received: Received[] = [];
  closeCode: number | undefined;

  private constructor(socket: WebSocket) {
    this.socket = socket;
    socket.on("message", (data: Buffer, binary) => {
      this.received.push({ at: Date.now(), binary, data });
    });
    socket.on("close", (code) => {
      this.closeCode = code;
    });
  }

  static open(double: KiteDouble, accessToken: string): Promise<TickerClient> {
    const url = `${double.wsRoot}?api_key=${double.apiKey}&access_token=${accessToken}&uid=${Date.now()}`;
    const socket = new WebSocket(url, { headers: { "X-Kite-Version": "3" } });
    socket.binaryType = "nodebuffer";
    return new Promise((resolve, reject) => {
      socket.once("open", () => resolve(new TickerClient(socket)));
      socket.once("error", reject);
    });
  }

  send(message: unknown): void {
    this.socket.send(JSON.stringify(message));
  }

  /** Waits until `accept` holds for what arrived, or fails after `timeoutMs`. */
  async until(accept: (received: Received[]) => boolean, timeoutMs = 4000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!accept(this.received)) {
      if (Date.now() > deadline) throw new Error("timed out waiting for ticker messages");
      await sleep(20);
    }
  }

  close(): void {
    this.socket.terminate();
  }
}

/** The handshake's HTTP status when the double refuses it (101 when it accepts). */
export function handshakeStatus(double: KiteDouble, query: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`${double.wsRoot}?${query}`);
    socket.once("unexpected-response", (_req, res) => {
      resolve(res.statusCode ?? 0);
      socket.terminate();
    });
    socket.once("open", () => {
      resolve(101);
      socket.terminate();
    });
    socket.once("error", (error) => {
      if (!String(error.message).includes("Unexpected server response")) reject(error);
    });
  });
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Packet lengths in a binary message, from its framing. */
export function packetLengths(data: Buffer): number[] {
  const count = data.readUInt16BE(0);
  const lengths: number[] = [];
  let offset = 2;
  for (let i = 0; i < count; i += 1) {
    const length = data.readUInt16BE(offset);
    lengths.push(length);
    offset += 2 + length;
  }
  return lengths;
}
