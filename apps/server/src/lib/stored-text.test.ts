import { describe, expect, it } from "vitest";
import { isStorableText, unstorableTextAt } from "./stored-text";

describe("stored text", () => {
  it("refuses a NUL and unpaired surrogates, and keeps every other character", () => {
    expect(isStorableText("plain, ✓ नमस्ते \u{1F4A9} \u202E\uFEFF\uFFFF")).toBe(true);
    expect(isStorableText("a\u0000b")).toBe(false);
    expect(isStorableText("a\uD800b")).toBe(false);
    expect(isStorableText("\uDFFF\uD800")).toBe(false);
    expect(isStorableText("\uD83D")).toBe(false);
  });

  it("names the first field that holds one, in objects, arrays and keys", () => {
    expect(unstorableTextAt({ a: "fine", b: [1, { c: "x\u0000" }] })).toBe("b.1.c");
    expect(unstorableTextAt({ "k\uDC00": 1 })).toBe("");
    expect(unstorableTextAt("\u0000")).toBe("");
    expect(unstorableTextAt({ a: "fine", n: 1, t: true, z: null })).toBeUndefined();
    expect(unstorableTextAt(Buffer.from([0, 0xd8]))).toBeUndefined();
  });

  it("walks a body nested 30,000 deep without overflowing the stack", () => {
    const deep = JSON.parse(`${"[".repeat(30_000)}"\\u0000"${"]".repeat(30_000)}`) as unknown;
    expect(unstorableTextAt(deep)).toBe(Array(30_000).fill("0").join("."));
  });
});
