import { describe, expect, it } from "vitest";
import { en } from "./en";
import { te } from "./te";

type Tree = { [key: string]: string | Tree };

function leaves(tree: Tree, prefix = ""): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === "string") out.set(path, value);
    else for (const [k, v] of leaves(value, path)) out.set(k, v);
  }
  return out;
}

function placeholders(text: string): string[] {
  return [...text.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1] ?? "").sort();
}

const english = leaves(en);
const telugu = leaves(te);
const TELUGU_SCRIPT = /[\u0C00-\u0C7F]/;
/** Strings that are the same in both languages (numbers, names). */
const SAME_IN_BOTH = new Set([
  "footer.supportHours",
  "footer.copyright",
  "routes.liveTradeBankNiftyKalpaVruksha.title",
  "routes.liveTradeBankNiftyHft.title",
]);

describe("translations", () => {
  it("has the same keys in English and Telugu", () => {
    expect([...telugu.keys()].sort()).toEqual([...english.keys()].sort());
  });

  it.each([...english.keys()])("%s: Telugu keeps the placeholders and is really Telugu", (key) => {
    const en = english.get(key) ?? "";
    const te = telugu.get(key) ?? "";
    expect(placeholders(te)).toEqual(placeholders(en));
    if (!SAME_IN_BOTH.has(key)) expect(te).toMatch(TELUGU_SCRIPT);
  });
});
