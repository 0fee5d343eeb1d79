/**
 * The formatting options (https://core.telegram.org/bots/api#formatting-options): markup becomes plain
 * text and entities with UTF-16 offsets; what the documentation rules out is refused.
 */
import { describe, expect, it } from "vitest";
import { parseFormatted, parseModeOf, trimFormatted } from "../src/formatting";

function ok(input: string, mode: "HTML" | "MarkdownV2" | "Markdown") {
  const parsed = parseFormatted(input, mode);
  if (!parsed.ok) throw new Error(`expected ${JSON.stringify(input)} to parse: ${parsed.error}`);
  return { text: parsed.text, entities: parsed.entities };
}

function refused(input: string, mode: "HTML" | "MarkdownV2" | "Markdown"): string {
  const parsed = parseFormatted(input, mode);
  if (parsed.ok) throw new Error(`expected ${JSON.stringify(input)} to be refused`);
  return parsed.error;
}

describe("parse_mode", () => {
  it("is matched without regard to case", () => {
    expect(parseModeOf("html")).toBe("HTML");
    expect(parseModeOf("MARKDOWNV2")).toBe("MarkdownV2");
    expect(parseModeOf("Markdown")).toBe("Markdown");
    expect(parseModeOf("markdown3")).toBeUndefined();
  });
});

describe("HTML", () => {
  it("turns the documented tags into entities", () => {
    expect(
      ok(
        '<b>bold</b> <strong>b</strong> <i>it</i> <em>e</em> <u>u</u> <ins>n</ins> <s>s</s> <del>d</del> <tg-spoiler>sp</tg-spoiler> <span class="tg-spoiler">x</span> <a href="https://kalpa.example/link">link</a> <code>c</code>',
        "HTML",
      ),
    ).toEqual({
      text: "bold b it e u n s d sp x link c",
      entities: [
        { type: "bold", offset: 0, length: 4 },
        { type: "bold", offset: 5, length: 1 },
        { type: "italic", offset: 7, length: 2 },
        { type: "italic", offset: 10, length: 1 },
        { type: "underline", offset: 12, length: 1 },
        { type: "underline", offset: 14, length: 1 },
        { type: "strikethrough", offset: 16, length: 1 },
        { type: "strikethrough", offset: 18, length: 1 },
        { type: "spoiler", offset: 20, length: 2 },
        { type: "spoiler", offset: 23, length: 1 },
        { type: "text_link", offset: 25, length: 4, url: "https://kalpa.example/link" },
        { type: "code", offset: 30, length: 1 },
      ],
    });
  });

  it('nests entities and gives pre its language from <code class="language-…">', () => {
    expect(
      ok('<b>a <i>b</i></b>\n<pre><code class="language-python">x = 1</code></pre>', "HTML"),
    ).toEqual({
      text: "a b\nx = 1",
      entities: [
        { type: "bold", offset: 0, length: 3 },
        { type: "italic", offset: 2, length: 1 },
        { type: "pre", offset: 4, length: 5, language: "python" },
      ],
    });
  });

  it("decodes the four named entities and numeric ones; leaves other & alone", () => {
    expect(ok("&lt;b&gt; &amp; &quot; &#8377; &#x20B9; AT&T &copy;", "HTML").text).toBe(
      '<b> & " ₹ ₹ AT&T &copy;',
    );
  });

  it("counts offsets in UTF-16 code units", () => {
    expect(ok("😀 <b>up</b>", "HTML").entities).toEqual([{ type: "bold", offset: 3, length: 2 }]);
  });

  it("makes a tg://user link a text_mention and blockquote expandable when asked", () => {
    const { entities } = ok(
      '<a href="tg://user?id=42">Asha</a> <blockquote expandable>q</blockquote>',
      "HTML",
    );
    expect(entities[0]).toMatchObject({ type: "text_mention", user: { id: 42 } });
    expect(entities[1]).toEqual({ type: "expandable_blockquote", offset: 5, length: 1 });
  });

  it("refuses unsupported, unclosed and mismatched tags with Telegram's messages", () => {
    expect(refused("<div>x</div>", "HTML")).toBe('Unsupported start tag "div" at byte offset 0');
    expect(refused("2 < 3", "HTML")).toBe('Unsupported start tag "" at byte offset 2');
    expect(refused("₹ <b>x", "HTML")).toBe('Can\'t find end tag corresponding to start tag "b"');
    expect(refused("<b>x</i>", "HTML")).toBe(
      'Unmatched end tag at byte offset 4, expected "</b>", found "</i>"',
    );
    expect(refused("x</b>", "HTML")).toBe("Unexpected end tag at byte offset 1");
    expect(refused('<span class="red">x</span>', "HTML")).toBe(
      'Tag "span" must have class "tg-spoiler" at byte offset 0',
    );
    // Byte offsets count UTF-8 bytes: "₹ " is 4 bytes.
    expect(refused("₹ <p>", "HTML")).toBe('Unsupported start tag "p" at byte offset 4');
  });
});

describe("MarkdownV2", () => {
  it("turns the documented markup into entities", () => {
    expect(
      ok(
        "*bold* _italic_ __under__ ~strike~ ||spoiler|| [link](https://kalpa.example/a\\)b) `code`",
        "MarkdownV2",
      ),
    ).toEqual({
      text: "bold italic under strike spoiler link code",
      entities: [
        { type: "bold", offset: 0, length: 4 },
        { type: "italic", offset: 5, length: 6 },
        { type: "underline", offset: 12, length: 5 },
        { type: "strikethrough", offset: 18, length: 6 },
        { type: "spoiler", offset: 25, length: 7 },
        { type: "text_link", offset: 33, length: 4, url: "https://kalpa.example/a)b" },
        { type: "code", offset: 38, length: 4 },
      ],
    });
  });

  it("takes escaped reserved characters as text", () => {
    expect(ok("NIFTY 24,512\\.50 \\(\\+1\\.2%\\)\\!", "MarkdownV2")).toEqual({
      text: "NIFTY 24,512.50 (+1.2%)!",
      entities: [],
    });
  });

  it("refuses an unescaped reserved character, as Telegram does", () => {
    for (const c of [".", "!", "-", "(", ")", "#", "+", "=", "{", "}", ">"]) {
      expect(refused(`a ${c} b`, "MarkdownV2")).toBe(
        `Character '${c}' is reserved and must be escaped with the preceding '\\'`,
      );
    }
  });

  it("refuses an entity that never ends", () => {
    expect(refused("ok *bold", "MarkdownV2")).toBe(
      "Can't find end of Bold entity at byte offset 3",
    );
    expect(refused("₹ _it", "MarkdownV2")).toBe("Can't find end of Italic entity at byte offset 4");
  });

  it("reads code and pre literally, with pre's language", () => {
    expect(ok("`a.b_c` and ```ts\nconst x = 1;\n```", "MarkdownV2")).toEqual({
      text: "a.b_c and const x = 1;\n",
      entities: [
        { type: "code", offset: 0, length: 5 },
        { type: "pre", offset: 10, length: 13, language: "ts" },
      ],
    });
  });

  it("makes > lines a blockquote", () => {
    expect(ok(">quoted\n>still\nafter", "MarkdownV2")).toEqual({
      text: "quoted\nstill\nafter",
      entities: [{ type: "blockquote", offset: 0, length: 12 }],
    });
  });
});

describe("Markdown (legacy)", () => {
  it("turns *bold*, _italic_, `code` and [links](url) into entities", () => {
    expect(ok("*b* _i_ `c` [l](https://kalpa.example) 1.5!", "Markdown")).toEqual({
      text: "b i c l 1.5!",
      entities: [
        { type: "bold", offset: 0, length: 1 },
        { type: "italic", offset: 2, length: 1 },
        { type: "code", offset: 4, length: 1 },
        { type: "text_link", offset: 6, length: 1, url: "https://kalpa.example" },
      ],
    });
  });

  it("refuses an entity that never ends", () => {
    expect(refused("snake_case", "Markdown")).toBe(
      "Can't find end of the entity starting at byte offset 5",
    );
  });
});

describe("trimming", () => {
  it("trims whitespace at both ends and moves the entities with the text", () => {
    expect(trimFormatted("  \n<b>x</b> ", [{ type: "bold", offset: 3, length: 8 }])).toEqual({
      text: "<b>x</b>",
      entities: [{ type: "bold", offset: 0, length: 8 }],
    });
  });
});
