import { describe, expect, it } from "vitest";
import { faqAdviceRegisteredEn, faqItemsEn } from "./items-en";
import { faqAdviceRegisteredHi, faqItemsHi } from "./items-hi";
import { faqAdviceRegisteredTe, faqItemsTe } from "./items-te";

const LANGUAGES = {
  te: { items: faqItemsTe, registered: faqAdviceRegisteredTe, script: /[\u0C00-\u0C7F]/ },
  hi: { items: faqItemsHi, registered: faqAdviceRegisteredHi, script: /[\u0900-\u097F]/ },
};

function placeholders(text: string): string[] {
  return [...text.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1] ?? "").sort();
}

describe.each(Object.entries(LANGUAGES))(
  "FAQ answers in %s",
  (_, { items, registered, script }) => {
    it("has the thirteen questions English has", () => {
      expect(Object.keys(faqItemsEn)).toHaveLength(13);
      expect(Object.keys(items)).toEqual(Object.keys(faqItemsEn));
    });

    it.each(Object.keys(faqItemsEn) as (keyof typeof faqItemsEn)[])(
      "%s: is in the language's script and keeps the placeholders",
      (key) => {
        const en: { q: string; a: string; aWithProfile?: string } = faqItemsEn[key];
        const translated: { q: string; a: string; aWithProfile?: string } = items[key];
        for (const part of ["q", "a", "aWithProfile"] as const) {
          const english = en[part];
          const text = translated[part];
          expect(text === undefined, part).toBe(english === undefined);
          if (english === undefined || text === undefined) continue;
          expect(english.length).toBeGreaterThan(10);
          expect(text).not.toBe(english);
          expect(text).toMatch(script);
          expect(placeholders(text)).toEqual(placeholders(english));
        }
      },
    );

    it("has the registered analyst's answer too", () => {
      expect(registered).toMatch(script);
      expect(placeholders(registered)).toEqual(placeholders(faqAdviceRegisteredEn));
    });
  },
);
