/**
 * A fake of the API at the network boundary: `fetch` is replaced by a router of handlers keyed
 * "METHOD /path" that answer with the envelope, and every request is recorded for assertions.
 */
import type { ErrorCode } from "@kalpa/contracts/envelope";
import { errorCodeForStatus } from "@kalpa/contracts/envelope";
import { vi } from "vitest";

export interface RecordedRequest {
  method: string;
  path: string;
  search: string;
  headers: Headers;
  /** JSON bodies parsed; anything else (a file) as sent. */
  body: unknown;
}

export interface MockReply {
  status?: number;
  body?: unknown;
  /** Headers besides Content-Type (Retry-After, say). */
  headers?: Record<string, string>;
}

export type MockHandler = (request: RecordedRequest) => MockReply | Promise<MockReply>;
export type MockHandlers = Record<string, MockHandler>;

/** A success envelope. */
export function ok(data?: unknown, message?: string): MockReply {
  return { status: 200, body: { success: true, data, message } };
}

/** An error envelope with the server's message. */
export function fail(status: number, error: string, code?: ErrorCode): MockReply {
  return { status, body: { success: false, error, code: code ?? errorCodeForStatus(status) } };
}

/** A request the server never answers. */
export function never(): Promise<MockReply> {
  return new Promise<MockReply>(() => {});
}

/** Thrown inside a handler: the request fails as if the network were down. */
export class NetworkDown extends TypeError {
  constructor() {
    super("Failed to fetch");
  }
}

function parseBody(body: BodyInit | null | undefined): unknown {
  if (typeof body !== "string") return body ?? undefined;
  try {
    return JSON.parse(body);
  } catch {
    return body;
  }
}

export function installMockApi(handlers: MockHandlers) {
  const requests: RecordedRequest[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const raw = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
    const url = new URL(raw, "http://localhost");
    const method = (init?.method ?? "GET").toUpperCase();
    const request: RecordedRequest = {
      method,
      path: url.pathname,
      search: url.search,
      headers: new Headers(init?.headers),
      body: parseBody(init?.body),
    };
    requests.push(request);
    const handler = handlers[`${method} ${url.pathname}`];
    if (!handler) throw new TypeError(`Unexpected request to ${method} ${url.pathname}`);
    init?.signal?.throwIfAborted();
    const reply = await handler(request);
    // Like fetch, a request aborted while waiting for its answer rejects.
    init?.signal?.throwIfAborted();
    return new Response(reply.body === undefined ? null : JSON.stringify(reply.body), {
      status: reply.status ?? 200,
      headers: { "Content-Type": "application/json", ...reply.headers },
    });
  });
  vi.stubGlobal("fetch", fetchMock);
  return {
    fetchMock,
    requests,
    /** The requests made to one endpoint, in order. */
    callsTo(key: string): RecordedRequest[] {
      const [method, path] = key.split(" ");
      return requests.filter((request) => request.method === method && request.path === path);
    },
  };
}

export type MockApi = ReturnType<typeof installMockApi>;
