import { describe, expect, it } from "vitest";
import { faqItemsEn } from "./items-en";
import { faqItemsTe } from "./items-te";

const TELUGU_SCRIPT = /[\u0C00-\u0C7F]/;

function placeholders(text: string): string[] {
  return [...text.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1] ?? "").sort();
}

describe("FAQ answers", () => {
  it("has thirteen questions, the same in English and Telugu", () => {
    expect(Object.keys(faqItemsEn)).toHaveLength(13);
    expect(Object.keys(faqItemsTe)).toEqual(Object.keys(faqItemsEn));
  });

  it.each(Object.keys(faqItemsEn) as (keyof typeof faqItemsEn)[])(
    "%s: Telugu is really Telugu and keeps the placeholders",
    (key) => {
      for (const part of ["q", "a"] as const) {
        const en = faqItemsEn[key][part];
        const te = faqItemsTe[key][part];
        expect(en.length).toBeGreaterThan(10);
        expect(te).toMatch(TELUGU_SCRIPT);
        expect(placeholders(te)).toEqual(placeholders(en));
      }
    },
  );
});
