/**
 * The Bot API's formatting options (https://core.telegram.org/bots/api#formatting-options): a message
 * text with `parse_mode` HTML, MarkdownV2 or (legacy) Markdown becomes plain text and MessageEntity
 * objects, with offsets and lengths in UTF-16 code units, as Telegram stores and returns it. Markup the
 * documentation rules out (an unescaped reserved character in MarkdownV2, an unsupported or unclosed
 * HTML tag) is refused with Telegram's "can't parse entities" error, so a test sees what Telegram would
 * refuse.
 */
import type { MessageEntity, User } from "./types";

export type ParseMode = "HTML" | "MarkdownV2" | "Markdown";

export type Parsed =
  | { readonly ok: true; readonly text: string; readonly entities: MessageEntity[] }
  | { readonly ok: false; readonly error: string };

/** `parse_mode` is matched without regard to case; undefined for an unsupported one. */
export function parseModeOf(value: string): ParseMode | undefined {
  switch (value.toLowerCase()) {
    case "html":
      return "HTML";
    case "markdownv2":
      return "MarkdownV2";
    case "markdown":
      return "Markdown";
    default:
      return undefined;
  }
}

export function parseFormatted(input: string, mode: ParseMode): Parsed {
  try {
    switch (mode) {
      case "HTML":
        return /[<&]/.test(input) ? parseHtml(input) : plain(input);
      case "MarkdownV2":
        return /[\\_*[\]()~`>#+\-=|{}.!]/.test(input) ? parseMarkdownV2(input) : plain(input);
      case "Markdown":
        return /[\\_*`[]/.test(input) ? parseMarkdown(input) : plain(input);
    }
  } catch (error) {
    if (error instanceof MarkupError) return { ok: false, error: error.message };
    throw error;
  }
}

function plain(text: string): Parsed {
  return { ok: true, text, entities: [] };
}

class MarkupError extends Error {}

function byteOffset(input: string, index: number): number {
  return Buffer.byteLength(input.slice(0, index), "utf8");
}

/** A tg://user?id=N link is a text_mention of that user; any other URL a text_link. */
function linkEntity(offset: number, length: number, url: string): MessageEntity {
  const mention = /^tg:\/\/user\?id=(\d+)$/i.exec(url);
  if (mention?.[1]) {
    const user: User = { id: Number(mention[1]), is_bot: false, first_name: "" };
    return { type: "text_mention", offset, length, user };
  }
  return { type: "text_link", offset, length, url };
}

function finish(text: string, entities: MessageEntity[]): Parsed {
  const kept = entities.filter((entity) => entity.length > 0);
  kept.sort((a, b) => a.offset - b.offset || b.length - a.length);
  return { ok: true, text, entities: kept };
}

// --- HTML ---------------------------------------------------------------------------------------

const HTML_TYPES: Record<string, string> = {
  b: "bold",
  strong: "bold",
  i: "italic",
  em: "italic",
  u: "underline",
  ins: "underline",
  s: "strikethrough",
  strike: "strikethrough",
  del: "strikethrough",
  "tg-spoiler": "spoiler",
  span: "spoiler",
  a: "text_link",
  code: "code",
  pre: "pre",
  blockquote: "blockquote",
  "tg-emoji": "custom_emoji",
};

const NAMED_ENTITIES: Record<string, string> = { lt: "<", gt: ">", amp: "&", quot: '"' };

/** An HTML entity at `at` (which holds "&"): its text and where it ends, or undefined. */
function htmlEntity(input: string, at: number): { text: string; end: number } | undefined {
  const semicolon = input.indexOf(";", at + 1);
  if (semicolon < 0 || semicolon - at > 12) return undefined;
  const body = input.slice(at + 1, semicolon);
  const named = NAMED_ENTITIES[body];
  if (named !== undefined) return { text: named, end: semicolon + 1 };
  const numeric = /^#(?:x([0-9a-fA-F]{1,6})|([0-9]{1,7}))$/.exec(body);
  if (!numeric) return undefined;
  const code = numeric[1] !== undefined ? Number.parseInt(numeric[1], 16) : Number(numeric[2]);
  if (code === 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) return undefined;
  return { text: String.fromCodePoint(code), end: semicolon + 1 };
}

function decodeHtml(value: string): string {
  let out = "";
  let i = 0;
  while (i < value.length) {
    const amp = value.indexOf("&", i);
    if (amp < 0) {
      out += value.slice(i);
      break;
    }
    out += value.slice(i, amp);
    const entity = htmlEntity(value, amp);
    if (entity) {
      out += entity.text;
      i = entity.end;
    } else {
      out += "&";
      i = amp + 1;
    }
  }
  return out;
}

const isSpace = (c: string | undefined) =>
  c === " " || c === "\n" || c === "\t" || c === "\r" || c === "\f" || c === "\v";

interface OpenTag {
  readonly tag: string;
  readonly start: number;
  readonly attributes: Map<string, string>;
  language?: string;
}

function parseHtml(input: string): Parsed {
  let out = "";
  const stack: OpenTag[] = [];
  const entities: MessageEntity[] = [];
  let i = 0;
  while (i < input.length) {
    const c = input[i];
    if (c === "&") {
      const entity = htmlEntity(input, i);
      if (entity) {
        out += entity.text;
        i = entity.end;
      } else {
        out += "&";
        i += 1;
      }
      continue;
    }
    if (c !== "<") {
      let next = i + 1;
      while (next < input.length && input[next] !== "<" && input[next] !== "&") next += 1;
      out += input.slice(i, next);
      i = next;
      continue;
    }
    const begin = i;
    if (input[i + 1] === "/") {
      const close = input.indexOf(">", i + 2);
      if (close < 0) {
        throw new MarkupError(`Unclosed end tag at byte offset ${byteOffset(input, begin)}`);
      }
      const name = input
        .slice(i + 2, close)
        .trim()
        .toLowerCase();
      const open = stack.pop();
      if (!open) {
        throw new MarkupError(`Unexpected end tag at byte offset ${byteOffset(input, begin)}`);
      }
      if (name !== open.tag) {
        throw new MarkupError(
          `Unmatched end tag at byte offset ${byteOffset(input, begin)}, expected "</${open.tag}>", found "</${name}>"`,
        );
      }
      closeHtmlTag(open, out.length, stack, entities);
      i = close + 1;
      continue;
    }
    let j = i + 1;
    while (j < input.length && !isSpace(input[j]) && input[j] !== ">" && input[j] !== "/") j += 1;
    const tag = input.slice(i + 1, j).toLowerCase();
    if (!(tag in HTML_TYPES)) {
      throw new MarkupError(
        `Unsupported start tag "${tag}" at byte offset ${byteOffset(input, begin)}`,
      );
    }
    const attributes = new Map<string, string>();
    for (;;) {
      while (isSpace(input[j])) j += 1;
      if (j >= input.length) {
        throw new MarkupError(`Unclosed start tag at byte offset ${byteOffset(input, begin)}`);
      }
      if (input[j] === ">") break;
      if (input[j] === "/" && input[j + 1] === ">") {
        throw new MarkupError(`Unclosed start tag at byte offset ${byteOffset(input, begin)}`);
      }
      const nameStart = j;
      while (j < input.length && !isSpace(input[j]) && input[j] !== "=" && input[j] !== ">") j += 1;
      const name = input.slice(nameStart, j).toLowerCase();
      while (isSpace(input[j])) j += 1;
      let value = "";
      if (input[j] === "=") {
        j += 1;
        while (isSpace(input[j])) j += 1;
        const quote = input[j];
        if (quote === '"' || quote === "'") {
          const end = input.indexOf(quote, j + 1);
          if (end < 0) {
            throw new MarkupError(`Unclosed start tag at byte offset ${byteOffset(input, begin)}`);
          }
          value = input.slice(j + 1, end);
          j = end + 1;
        } else {
          const valueStart = j;
          while (j < input.length && !isSpace(input[j]) && input[j] !== ">") j += 1;
          value = input.slice(valueStart, j);
        }
      }
      if (name !== "") attributes.set(name, decodeHtml(value));
    }
    if (tag === "span" && attributes.get("class") !== "tg-spoiler") {
      throw new MarkupError(
        `Tag "span" must have class "tg-spoiler" at byte offset ${byteOffset(input, begin)}`,
      );
    }
    stack.push({ tag, start: out.length, attributes });
    i = j + 1;
  }
  const open = stack.at(-1);
  if (open) {
    throw new MarkupError(`Can't find end tag corresponding to start tag "${open.tag}"`);
  }
  return finish(out, entities);
}

function closeHtmlTag(
  open: OpenTag,
  end: number,
  stack: readonly OpenTag[],
  entities: MessageEntity[],
): void {
  const offset = open.start;
  const length = end - offset;
  switch (open.tag) {
    case "a": {
      // An <a> without href marks nothing (the text stays).
      const href = open.attributes.get("href");
      if (href) entities.push(linkEntity(offset, length, href));
      return;
    }
    case "code": {
      // <pre><code class="language-x">…</code></pre> is one pre entity with that language.
      const parent = stack.at(-1);
      if (parent?.tag === "pre") {
        const language = /^language-(.+)$/.exec(open.attributes.get("class") ?? "")?.[1];
        if (language) parent.language = language;
        return;
      }
      entities.push({ type: "code", offset, length });
      return;
    }
    case "pre":
      entities.push(
        open.language === undefined
          ? { type: "pre", offset, length }
          : { type: "pre", offset, length, language: open.language },
      );
      return;
    case "blockquote":
      entities.push({
        type: open.attributes.has("expandable") ? "expandable_blockquote" : "blockquote",
        offset,
        length,
      });
      return;
    case "tg-emoji":
      entities.push({
        type: "custom_emoji",
        offset,
        length,
        custom_emoji_id: open.attributes.get("emoji-id") ?? "",
      });
      return;
    default:
      entities.push({ type: HTML_TYPES[open.tag] ?? open.tag, offset, length });
  }
}

// --- MarkdownV2 ---------------------------------------------------------------------------------

const V2_RESERVED = "_*[]()~`>#+-=|{}.!";

const V2_NAMES: Record<string, string> = {
  bold: "Bold",
  italic: "Italic",
  underline: "Underline",
  strikethrough: "Strikethrough",
  spoiler: "Spoiler",
  text_link: "TextUrl",
  custom_emoji: "CustomEmoji",
  code: "Code",
  pre: "Pre",
};

interface OpenMark {
  readonly type: string;
  readonly start: number;
  /** Where its marker is in the input (for the error's byte offset). */
  readonly at: number;
  readonly language?: string;
}

function parseMarkdownV2(input: string): Parsed {
  let out = "";
  const stack: OpenMark[] = [];
  const entities: MessageEntity[] = [];
  let quoteStart: number | undefined;
  const reserved = (c: string) =>
    new MarkupError(`Character '${c}' is reserved and must be escaped with the preceding '\\'`);
  let i = 0;
  while (i < input.length) {
    const c = input[i] as string;
    const next = input[i + 1];
    if (c === "\\" && next !== undefined && next.charCodeAt(0) > 0 && next.charCodeAt(0) <= 126) {
      out += next;
      i += 2;
      continue;
    }
    const top = stack.at(-1);
    if (top && (top.type === "code" || top.type === "pre")) {
      // Inside code and pre only '`' (and '\') mean anything.
      if (c === "`" && (top.type === "code" || input.startsWith("```", i))) {
        stack.pop();
        entities.push(
          top.language === undefined
            ? { type: top.type, offset: top.start, length: out.length - top.start }
            : {
                type: "pre",
                offset: top.start,
                length: out.length - top.start,
                language: top.language,
              },
        );
        i += top.type === "code" ? 1 : 3;
      } else {
        out += c;
        i += 1;
      }
      continue;
    }
    if (c === "\n" && quoteStart !== undefined && input[i + 1] !== ">") {
      entities.push({ type: "blockquote", offset: quoteStart, length: out.length - quoteStart });
      quoteStart = undefined;
    }
    if (!V2_RESERVED.includes(c)) {
      out += c;
      i += 1;
      continue;
    }
    if (top) {
      let markerLength = 0;
      if (top.type === "bold" && c === "*") markerLength = 1;
      else if (top.type === "italic" && c === "_") markerLength = 1;
      else if (top.type === "underline" && c === "_" && next === "_") markerLength = 2;
      else if (top.type === "strikethrough" && c === "~") markerLength = 1;
      else if (top.type === "spoiler" && c === "|" && next === "|") markerLength = 2;
      else if ((top.type === "text_link" || top.type === "custom_emoji") && c === "]") {
        markerLength = 1;
      }
      if (markerLength > 0) {
        stack.pop();
        i += markerLength;
        const length = out.length - top.start;
        if (top.type === "text_link" || top.type === "custom_emoji") {
          let url = out.slice(top.start);
          if (input[i] === "(") {
            const start = i;
            url = "";
            i += 1;
            while (i < input.length && input[i] !== ")") {
              if (input[i] === "\\" && i + 1 < input.length) i += 1;
              url += input[i];
              i += 1;
            }
            if (i >= input.length) {
              throw new MarkupError(
                `Can't find end of a URL at byte offset ${byteOffset(input, start)}`,
              );
            }
            i += 1;
          }
          if (top.type === "custom_emoji") {
            const id = /^tg:\/\/emoji\?id=(\d+)$/.exec(url)?.[1];
            if (!id) {
              throw new MarkupError(
                `Custom emoji entity must contain a tg://emoji URL at byte offset ${byteOffset(input, top.at)}`,
              );
            }
            entities.push({ type: "custom_emoji", offset: top.start, length, custom_emoji_id: id });
          } else if (url !== "") entities.push(linkEntity(top.start, length, url));
        } else {
          entities.push({ type: top.type, offset: top.start, length });
        }
        continue;
      }
    }
    const open = (type: string, markerLength: number, language?: string) => {
      stack.push(
        language === undefined
          ? { type, start: out.length, at: i }
          : { type, start: out.length, at: i, language },
      );
      i += markerLength;
    };
    switch (c) {
      case "_":
        if (next === "_") open("underline", 2);
        else open("italic", 1);
        break;
      case "*":
        open("bold", 1);
        break;
      case "~":
        open("strikethrough", 1);
        break;
      case "|":
        if (next !== "|") throw reserved(c);
        open("spoiler", 2);
        break;
      case "[":
        open("text_link", 1);
        break;
      case "!":
        if (next !== "[") throw reserved(c);
        open("custom_emoji", 2);
        break;
      case "`": {
        if (!input.startsWith("```", i)) {
          open("code", 1);
          break;
        }
        // ```language\n…```: the language is the word right after the opening marker.
        let j = i + 3;
        while (j < input.length && !isSpace(input[j]) && input[j] !== "`") j += 1;
        let language: string | undefined;
        let skip = 3;
        if (j > i + 3 && j < input.length && input[j] !== "`") {
          language = input.slice(i + 3, j);
          skip = j - i;
        }
        const after = i + skip;
        if (input[after] === "\n" || input[after] === "\r") {
          const pair = input[after + 1];
          skip += (pair === "\n" || pair === "\r") && pair !== input[after] ? 2 : 1;
        }
        open("pre", skip, language);
        break;
      }
      case ">":
        if (i !== 0 && input[i - 1] !== "\n") throw reserved(c);
        quoteStart ??= out.length;
        i += 1;
        break;
      default:
        throw reserved(c);
    }
  }
  const open = stack.at(-1);
  if (open) {
    throw new MarkupError(
      `Can't find end of ${V2_NAMES[open.type] ?? open.type} entity at byte offset ${byteOffset(input, open.at)}`,
    );
  }
  if (quoteStart !== undefined) {
    entities.push({ type: "blockquote", offset: quoteStart, length: out.length - quoteStart });
  }
  return finish(out, entities);
}

// --- Markdown (legacy) --------------------------------------------------------------------------

function parseMarkdown(input: string): Parsed {
  let out = "";
  const entities: MessageEntity[] = [];
  const unclosed = (at: number) =>
    new MarkupError(
      `Can't find end of the entity starting at byte offset ${byteOffset(input, at)}`,
    );
  let i = 0;
  while (i < input.length) {
    const c = input[i] as string;
    if (c === "\\" && "_*`[".includes(input[i + 1] ?? "")) {
      out += input[i + 1];
      i += 2;
      continue;
    }
    if (!"_*`[".includes(c)) {
      out += c;
      i += 1;
      continue;
    }
    const at = i;
    const start = out.length;
    if (c === "[") {
      const close = input.indexOf("]", i + 1);
      if (close < 0) throw unclosed(at);
      out += input.slice(i + 1, close);
      i = close + 1;
      if (input[i] === "(") {
        const end = input.indexOf(")", i + 1);
        if (end < 0) throw unclosed(at);
        const url = input.slice(i + 1, end);
        if (url !== "") entities.push(linkEntity(start, out.length - start, url));
        i = end + 1;
      }
      continue;
    }
    if (c === "`" && input.startsWith("```", i)) {
      const end = input.indexOf("```", i + 3);
      if (end < 0) throw unclosed(at);
      let body = input.slice(i + 3, end);
      let language: string | undefined;
      const newline = body.indexOf("\n");
      if (newline > 0 && !/\s/.test(body.slice(0, newline))) {
        language = body.slice(0, newline);
        body = body.slice(newline + 1);
      } else if (newline === 0) body = body.slice(1);
      out += body;
      entities.push(
        language === undefined
          ? { type: "pre", offset: start, length: body.length }
          : { type: "pre", offset: start, length: body.length, language },
      );
      i = end + 3;
      continue;
    }
    const end = input.indexOf(c, i + 1);
    if (end < 0) throw unclosed(at);
    out += input.slice(i + 1, end);
    const type = c === "*" ? "bold" : c === "_" ? "italic" : "code";
    entities.push({ type, offset: start, length: end - i - 1 });
    i = end + 1;
  }
  return finish(out, entities);
}

// --- After parsing ------------------------------------------------------------------------------

/**
 * Telegram trims whitespace at both ends of a message text; the entities move with the text and
 * are cut to it.
 */
export function trimFormatted(
  text: string,
  entities: MessageEntity[],
): { text: string; entities: MessageEntity[] } {
  let start = 0;
  let end = text.length;
  while (start < end && isSpace(text[start])) start += 1;
  while (end > start && isSpace(text[end - 1])) end -= 1;
  if (start === 0 && end === text.length) return { text, entities };
  const trimmed: MessageEntity[] = [];
  for (const entity of entities) {
    const from = Math.max(entity.offset, start);
    const to = Math.min(entity.offset + entity.length, end);
    if (to > from) trimmed.push({ ...entity, offset: from - start, length: to - from });
  }
  return { text: text.slice(start, end), entities: trimmed };
}

/** The text's length in characters (code points), as the 4096-character limit counts it. */
export function characterCount(text: string): number {
  let count = 0;
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (code < 0xdc00 || code > 0xdfff) count += 1;
  }
  return count;
}
