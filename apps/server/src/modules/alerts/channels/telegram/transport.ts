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

/**
 * The Bot API's answer to a call (its documented "Making requests": `ok`, and on a refusal `error_code`,
 * `description` and sometimes `parameters.retry_after`).
 */
export type BotApiAnswer =
  | { ok: true }
  | {
      ok: false;
      error_code: number;
      description: string;
      parameters?: { retry_after?: number };
    };

export function createTelegramTransport(options: { apiRoot: string; token: string }) {
  const dispatcher = new Agent({ connections: CONNECTIONS });
  const sendMessageUrl = `${options.apiRoot}/bot${options.token}/sendMessage`;

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

  /**
   * An alert's sendMessage, straight through the same connections: an audience's thousands of messages
   * are most of the bot's calls, and grammY's call machinery (its payload building, abort signal and
   * error objects) cost about 45 µs of CPU on each, a third of the whole (bench/alerts.bench.ts). The
   * bot's commands and polling stay with grammY. No answer in `timeoutMs` rejects.
   */
  async function sendMessage(
    chatId: number,
    text: string,
    timeoutMs: number,
  ): Promise<BotApiAnswer> {
    const answer = await request(sendMessageUrl, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ chat_id: chatId, text, link_preview_options: { is_disabled: true } }),
      headersTimeout: timeoutMs,
      bodyTimeout: timeoutMs,
      dispatcher,
    });
    return (await answer.body.json()) as BotApiAnswer;
  }

  return {
    /** For grammY's `client.fetch`: the part of a fetch Response grammY reads. */
    fetch: botApiFetch as unknown as typeof fetch,
    sendMessage,
    close: () => dispatcher.close(),
  };
}
