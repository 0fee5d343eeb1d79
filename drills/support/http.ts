/** Small HTTP helpers for the drills: a request with a deadline, a port probe (sign-in: @kalpa/testkit/http). */
import { Socket } from "node:net";

export interface Answer {
  status: number;
  ms: number;
  body: unknown;
  text: string;
  headers: Headers;
}

/** A request that gives up after `timeoutMs` (status 0 then: no answer). */
export async function ask(
  url: string,
  init: RequestInit & { timeoutMs?: number } = {},
): Promise<Answer> {
  const started = performance.now();
  try {
    const res = await fetch(url, {
      ...init,
      signal: AbortSignal.timeout(init.timeoutMs ?? 10_000),
    });
    const text = await res.text();
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      body = undefined;
    }
    return {
      status: res.status,
      ms: performance.now() - started,
      body,
      text,
      headers: res.headers,
    };
  } catch {
    return {
      status: 0,
      ms: performance.now() - started,
      body: undefined,
      text: "",
      headers: new Headers(),
    };
  }
}

/** A Cookie header without HAProxy's node cookie (deploy/haproxy.cfg), so the front chooses a node. */
export function withoutNodeCookie(cookie: string): string {
  return cookie
    .split("; ")
    .filter((pair) => !pair.startsWith("kalpa_node="))
    .join("; ");
}

export function portOpen(port: number, host = "127.0.0.1"): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = new Socket();
    socket.setTimeout(500);
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    for (const event of ["error", "timeout"]) {
      socket.once(event, () => {
        socket.destroy();
        resolve(false);
      });
    }
    socket.connect(port, host);
  });
}
