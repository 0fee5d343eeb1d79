/**
 * Reads a raw e-mail as a mail client would: headers (unfolded, encoded words decoded), the leaf parts of
 * multipart messages, and the text and HTML bodies decoded from quoted-printable or base64. Used by the
 * server suite's SMTP trap and by the browser journeys' mailbox.
 */

export interface ParsedMail {
  /** The message's own header fields, by lower-case name, unfolded. */
  headers: Map<string, string>;
  subject: string;
  text: string;
  html: string | undefined;
}

interface MimePart {
  headers: Map<string, string>;
  body: string;
}

function parsePart(raw: string): MimePart {
  const split = raw.search(/\r?\n\r?\n/);
  const head = split === -1 ? raw : raw.slice(0, split);
  const body = split === -1 ? "" : raw.slice(split).replace(/^\r?\n\r?\n/, "");
  const headers = new Map<string, string>();
  // Unfold continuation lines, then read "Name: value".
  for (const line of head.replace(/\r?\n[ \t]+/g, " ").split(/\r?\n/)) {
    const colon = line.indexOf(":");
    if (colon > 0)
      headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function decodeQuotedPrintable(body: string): string {
  const joined = body.replace(/=\r?\n/g, "");
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i += 1) {
    const char = joined[i] as string;
    const hex = joined.slice(i + 1, i + 3);
    if (char === "=" && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(char, "utf8"));
    }
  }
  return Buffer.from(bytes).toString("utf8");
}

function decodeBody(part: MimePart): string {
  const encoding = (part.headers.get("content-transfer-encoding") ?? "7bit").toLowerCase();
  if (encoding === "quoted-printable") return decodeQuotedPrintable(part.body);
  if (encoding === "base64")
    return Buffer.from(part.body.replace(/\s+/g, ""), "base64").toString("utf8");
  return part.body;
}

/** "=?UTF-8?Q?...?=" and "=?UTF-8?B?...?=" words in a header. */
function decodeHeader(value: string): string {
  // Whitespace between two encoded words is not part of the text (RFC 2047 section 6.2).
  return value
    .replace(/(\?=)\s+(?==\?)/g, "$1")
    .replace(/=\?utf-8\?([QB])\?([^?]*)\?=/gi, (_all, kind: string, text: string) =>
      kind.toUpperCase() === "B"
        ? Buffer.from(text, "base64").toString("utf8")
        : decodeQuotedPrintable(text.replaceAll("_", " ")),
    );
}

/** The leaf parts of a message, depth first. */
function leaves(part: MimePart): MimePart[] {
  const type = part.headers.get("content-type") ?? "text/plain";
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (!type.toLowerCase().startsWith("multipart/") || !boundary) return [part];
  const sections = part.body.split(`--${boundary}`).slice(1);
  return sections
    .filter((section) => !section.startsWith("--"))
    .flatMap((section) => leaves(parsePart(section.replace(/^\r?\n/, ""))));
}

export function parseMail(raw: string): ParsedMail {
  const message = parsePart(raw);
  const parts = leaves(message);
  const typed = (type: string) =>
    parts.find((part) => (part.headers.get("content-type") ?? "text/plain").startsWith(type));
  const text = typed("text/plain");
  const html = typed("text/html");
  return {
    headers: message.headers,
    subject: decodeHeader(message.headers.get("subject") ?? ""),
    text: text ? decodeBody(text) : "",
    html: html ? decodeBody(html) : undefined,
  };
}
