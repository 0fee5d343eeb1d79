import { describe, expect, it } from "vitest";
import { en } from "./en";
import { hi } from "./hi";
import {
  addEnglish,
  chooseLanguage,
  currentLanguage,
  isLanguageLoaded,
  onLanguageChosen,
  setLanguage,
  type TranslationKey,
  type TranslationResource,
  translate,
} from "./index";
import { te } from "./te";

describe("languages", () => {
  it("bundles English only, and loads Telugu when it is chosen", async () => {
    expect(isLanguageLoaded("en")).toBe(true);
    expect(isLanguageLoaded("te")).toBe(false);
    await setLanguage("te");
    expect(isLanguageLoaded("te")).toBe(true);
    expect(currentLanguage()).toBe("te");
    expect(translate("te", "nav.home")).toBe(te.nav.home);
    expect(document.documentElement.lang).toBe("te");
    expect(window.localStorage.getItem("language")).toBe("te");
  });

  it("loads Hindi only when it is chosen, and tells the listeners of a reader's pick only", async () => {
    expect(isLanguageLoaded("hi")).toBe(false);
    const picks: string[] = [];
    const stop = onLanguageChosen((language) => picks.push(language));
    await setLanguage("te");
    await chooseLanguage("hi");
    stop();
    await chooseLanguage("en");
    expect(isLanguageLoaded("hi")).toBe(true);
    expect(translate("hi", "nav.home")).toBe(hi.nav.home);
    expect(picks).toEqual(["hi"]);
  });
});

describe("plural forms", () => {
  // A namespace of this test's own (the core imports no feature).
  addEnglish({
    pluralTest: {
      apples_one: "{{count}} apple",
      apples_other: "{{count}} apples",
      pears_other: "{{count}} pears",
    },
  } as unknown as Partial<TranslationResource>);
  const apples = "pluralTest.apples" as TranslationKey;
  const pears = "pluralTest.pears" as TranslationKey;

  it("picks key_one or key_other by count, by the language's own rules", () => {
    expect(translate("en", apples, { count: 1 })).toBe("1 apple");
    expect(translate("en", apples, { count: 0 })).toBe("0 apples");
    expect(translate("en", apples, { count: 2 })).toBe("2 apples");
  });

  it("uses key_other when the form the rules pick is missing, and English when the language lacks both", async () => {
    expect(translate("en", pears, { count: 1 })).toBe("1 pears");
    await setLanguage("hi");
    expect(translate("hi", apples, { count: 1 })).toBe("1 apple");
  });

  it("leaves a key without plural forms alone when a count is given", () => {
    expect(translate("en", "nav.home", { count: 3 })).toBe("Home");
  });
});

describe("translate", () => {
  it("fills each {{placeholder}} with its value, every time it appears", () => {
    expect(translate("en", "footer.copyright", { year: 2025, brand: "Kalpa" })).toBe(
      "© 2025 Kalpa",
    );
  });

  it("leaves a placeholder without a value visible rather than inventing one", () => {
    expect(translate("en", "nav.brandHome")).toBe(en.nav.brandHome);
    expect(translate("en", "nav.brandHome", {})).toBe("{{brand}} home");
  });

  it("falls back to English for a string a language lacks, and to the key when neither has it", async () => {
    await setLanguage("te");
    const missing = "nav.notThere" as Parameters<typeof translate>[1];
    expect(translate("te", missing)).toBe("nav.notThere");
    expect(translate("en", "nav.home")).toBe("Home");
  });
});
