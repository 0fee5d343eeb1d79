/**
 * The HTTP under grammY: undici's `request` through a pool of keep-alive connections, given to grammY as
 * its `fetch` (ApiClientOptions.fetch, which grammY documents for this). grammY sends each Bot API call as
 * a POST of JSON, or of a multipart stream for a file, and reads only the answer's JSON (`res.json()`):
 * what it passes and reads is what this carries. Its default on Node, node-fetch, cost about 370 µs of
 * CPU per sendMessage on this machine's two cores, and this about 225 (a bare node:http POST: 180),
 * which is most of a large audience's Telegram cost (bench/alerts.bench.ts).
 *
 * Status codes are not errors here: Telegram answers a refusal with a JSON body (`ok: false`, its
 * `error_code` and `description`) that grammY turns into a GrammyError. A connection that fails or times
 * out rejects, which grammY reports as an HttpError.
 */
import type { Readable } from "node:stream";
import { Agent, request } from "undici";

/** Connections to the Bot API kept open: the sender's concurrency and the bot's long poll. */
const CONNECTIONS = 32;

export function createTelegramTransport() {
  const dispatcher = new Agent({ connections: CONNECTIONS });

  async function botApiFetch(url: string | URL | Request, init: RequestInit = {}) {
    const answer = await request(String(url), {
      method: (init.method ?? "GET") as "GET" | "POST",
      headers: init.headers as Record<string, string> | undefined,
      // A string of JSON, or grammY's multipart stream (a node:stream Readable) for a file.
      body: init.body as string | Readable | null | undefined,
      signal: init.signal ?? undefined,
      dispatcher,
    });
    return {
      ok: answer.statusCode >= 200 && answer.statusCode < 300,
      status: answer.statusCode,
      json: () => answer.body.json(),
      text: () => answer.body.text(),
    };
  }

  return {
    /** For grammY's `client.fetch`: the part of a fetch Response grammY reads. */
    fetch: botApiFetch as unknown as typeof fetch,
    close: () => dispatcher.close(),
  };
}
