/**
 * Answers kept for many readers (a cache's entries) are sent in one frozen envelope per answer, so the
 * response serializer (plugins/response-serializer.ts) writes each one's text once and reuses it while the
 * answer is kept (decision 022).
 */
import { promisify } from "node:util";
import { brotliCompress, gzip, constants as zlibConstants } from "node:zlib";
import type { FastifyReply, FastifyRequest } from "fastify";

/** Each kept answer's envelope (frozen, so a text written for one stays true). */
const keptEnvelopes = new WeakMap<object, { success: true; data: unknown }>();
const envelopes = new WeakSet<object>();

/**
 * The success envelope of an answer kept for many readers (a cache's entry): the same frozen envelope for
 * the same answer, so its text is written once and reused while the answer is kept. The answer is frozen
 * deeply: it cannot change after its text was written.
 */
export function keptSuccess<T extends object>(data: T): { success: true; data: T } {
  let envelope = keptEnvelopes.get(data);
  if (!envelope) {
    envelope = { success: true, data };
    deepFreeze(envelope);
    keptEnvelopes.set(data, envelope);
    envelopes.add(envelope);
  }
  return envelope as { success: true; data: T };
}

function deepFreeze(value: unknown) {
  if (value === null || typeof value !== "object") return;
  Object.freeze(value);
  for (const child of Object.values(value)) {
    if (child !== null && typeof child === "object" && !Object.isFrozen(child)) deepFreeze(child);
  }
}

/** Whether `value` is an envelope from `keptSuccess` (frozen: its text may be written once). */
export function isKept(value: unknown): value is object {
  return value !== null && typeof value === "object" && envelopes.has(value);
}

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);
/** Each kept envelope's compressed text, made once (off the event loop's thread) for every reader. */
const compressedTexts = new WeakMap<object, Promise<{ br: Buffer; gzip: Buffer }>>();

/** The encodings a request accepts of the two kept answers come in (a `q=0` refuses one). */
export function acceptedEncoding(header: string | undefined): "br" | "gzip" | undefined {
  const accepted = new Set<string>();
  for (const part of (header ?? "").split(",")) {
    const [name, ...parameters] = part.trim().toLowerCase().split(";");
    const refused = parameters.some((p) => /^\s*q\s*=\s*0(\.0*)?\s*$/.test(p));
    if (name && !refused) accepted.add(name);
  }
  if (accepted.has("br")) return "br";
  if (accepted.has("gzip")) return "gzip";
  return undefined;
}

/**
 * Sends a kept envelope compressed when the browser accepts it (a long answer, such as a forecast's 90
 * days, is ~47 KB as text and a tenth of that compressed): written with the route's schema and compressed
 * once per kept answer, not once per request. A client without compression gets the kept text.
 */
export async function sendKept<T extends { success: true; data: unknown }>(
  request: FastifyRequest,
  reply: FastifyReply,
  envelope: T,
): Promise<T | FastifyReply> {
  reply.header("vary", "accept-encoding");
  const encoding = acceptedEncoding(request.headers["accept-encoding"]);
  if (!encoding || !isKept(envelope)) return envelope;
  let texts = compressedTexts.get(envelope);
  if (!texts) {
    const text = Buffer.from(String(reply.serialize(envelope)));
    texts = Promise.all([
      brotli(text, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 9 } }),
      gzipped(text, { level: 9 }),
    ]).then(([br, gz]) => ({ br, gzip: gz }));
    compressedTexts.set(envelope, texts);
  }
  const body = (await texts)[encoding];
  return reply
    .header("content-encoding", encoding)
    .type("application/json; charset=utf-8")
    .send(body);
}
