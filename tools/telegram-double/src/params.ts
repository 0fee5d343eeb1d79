/**
 * A Bot API request's parameters, in the four ways "Making requests" allows
 * (https://core.telegram.org/bots/api#making-requests): the URL query string,
 * application/x-www-form-urlencoded, application/json and multipart/form-data. Query-string and form
 * values are strings (objects and arrays JSON-serialized, as the documentation asks); a JSON body keeps
 * its types. The readers below accept either, as Telegram does.
 */
import type { IncomingMessage } from "node:http";

export type Params = Record<string, unknown>;

/** An uploaded file (a multipart part with a filename). */
export interface UploadedFile {
  readonly filename: string;
  readonly contentType: string;
  readonly data: Buffer;
}

export class BadRequest extends Error {}

/** 20 MB: more than any text method needs; Telegram takes up to 50 MB of files. */
const MAX_BODY_BYTES = 20 * 1024 * 1024;

export class BodyTooLarge extends Error {}

export function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        req.removeAllListeners("data");
        req.resume();
        reject(new BodyTooLarge());
        return;
      }
      chunks.push(chunk);
    });
    req.on("end", () =>
      resolve(chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks)),
    );
    req.on("error", reject);
  });
}

/** Merges the query string and the body (the body wins). */
export async function readParams(req: IncomingMessage, query: string): Promise<Params> {
  const params: Params = {};
  if (query !== "") {
    for (const [name, value] of new URLSearchParams(query)) params[name] = value;
  }
  const type = (req.headers["content-type"] ?? "").toLowerCase();
  const hasBody =
    req.headers["content-length"] !== undefined
      ? req.headers["content-length"] !== "0"
      : req.headers["transfer-encoding"] !== undefined;
  if (!hasBody) {
    req.resume();
    return params;
  }
  const body = await readBody(req);
  if (body.length === 0) return params;
  if (type.startsWith("application/json")) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(body.toString("utf8"));
    } catch {
      throw new BadRequest("can't parse JSON object");
    }
    if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) {
      throw new BadRequest("can't parse JSON object");
    }
    Object.assign(params, parsed);
  } else if (type.startsWith("application/x-www-form-urlencoded")) {
    for (const [name, value] of new URLSearchParams(body.toString("utf8"))) params[name] = value;
  } else if (type.startsWith("multipart/form-data")) {
    // The boundary is case-sensitive: read it from the header as sent.
    const boundary = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(String(req.headers["content-type"]));
    const value = boundary?.[1] ?? boundary?.[2];
    if (!value) throw new BadRequest("can't parse multipart/form-data: no boundary");
    Object.assign(params, parseMultipart(body, value));
  }
  return params;
}

/**
 * A multipart/form-data body: each part's `name` (from Content-Disposition, matched without regard to
 * case or spacing) to its text, or to an UploadedFile when the part has a filename.
 */
export function parseMultipart(body: Buffer, boundary: string): Params {
  const params: Params = {};
  const delimiter = Buffer.from(`--${boundary}`);
  let position = body.indexOf(delimiter);
  if (position < 0) throw new BadRequest("can't parse multipart/form-data");
  for (;;) {
    position += delimiter.length;
    // "--" after a delimiter ends the body.
    if (body[position] === 0x2d && body[position + 1] === 0x2d) break;
    if (body[position] === 0x0d && body[position + 1] === 0x0a) position += 2;
    else if (body[position] === 0x0a) position += 1;
    const next = body.indexOf(delimiter, position);
    if (next < 0) throw new BadRequest("can't parse multipart/form-data");
    let partEnd = next;
    if (body[partEnd - 1] === 0x0a) partEnd -= 1;
    if (body[partEnd - 1] === 0x0d) partEnd -= 1;
    const part = body.subarray(position, partEnd);
    let headerEnd = part.indexOf("\r\n\r\n");
    let contentStart = headerEnd + 4;
    if (headerEnd < 0) {
      headerEnd = part.indexOf("\n\n");
      contentStart = headerEnd + 2;
    }
    if (headerEnd < 0) throw new BadRequest("can't parse multipart/form-data");
    const headers = part.subarray(0, headerEnd).toString("utf8");
    const content = part.subarray(contentStart);
    const name = /\bname\s*=\s*(?:"([^"]*)"|([^;\s]+))/i.exec(headers);
    const filename = /\bfilename\s*=\s*(?:"([^"]*)"|([^;\r\n]+))/i.exec(headers);
    const key = name?.[1] ?? name?.[2];
    if (key !== undefined) {
      if (filename) {
        const contentType = /^content-type\s*:\s*([^\r\n]+)/im.exec(headers)?.[1]?.trim();
        params[key] = {
          filename: (filename[1] ?? filename[2] ?? "").trim(),
          contentType: contentType ?? "application/octet-stream",
          data: Buffer.from(content),
        } satisfies UploadedFile;
      } else {
        params[key] = content.toString("utf8");
      }
    }
    position = next;
  }
  return params;
}

// --- Reading one parameter ----------------------------------------------------------------------

const isBlank = (value: unknown) => value === undefined || value === null || value === "";

/** An Integer parameter: a JSON number or a decimal string; undefined when absent or not a number. */
export function integerParam(params: Params, name: string): number | undefined {
  const value = params[name];
  if (typeof value === "number") return Number.isFinite(value) ? Math.trunc(value) : undefined;
  if (typeof value === "string" && /^\s*[-+]?\d+\s*$/.test(value)) return Number(value);
  return undefined;
}

export function stringParam(params: Params, name: string): string | undefined {
  const value = params[name];
  if (isBlank(value)) return undefined;
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  return undefined;
}

/** A Boolean parameter: true, "true" (any case) or "1". */
export function booleanParam(params: Params, name: string): boolean {
  const value = params[name];
  if (typeof value === "boolean") return value;
  if (typeof value === "number") return value !== 0;
  if (typeof value === "string") return value.toLowerCase() === "true" || value === "1";
  return false;
}

/**
 * A JSON-serialized parameter (an object or an array): given as JSON in a JSON body or as a JSON string
 * anywhere. Undefined when absent; BadRequest(`message`) when it does not parse.
 */
export function jsonParam(params: Params, name: string, message: string): unknown {
  const value = params[name];
  if (isBlank(value)) return undefined;
  if (typeof value !== "string") return value;
  try {
    return JSON.parse(value);
  } catch {
    throw new BadRequest(message);
  }
}
