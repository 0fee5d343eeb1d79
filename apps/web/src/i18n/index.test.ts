import { describe, expect, it } from "vitest";
import { en } from "./en";
import { currentLanguage, isLanguageLoaded, setLanguage, translate } from "./index";
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
