import { describe, expect, it } from "vitest";
import { i18n, setLanguage } from "./index";
import { te } from "./te";

describe("languages", () => {
  it("bundles English only, and loads Telugu when it is chosen", async () => {
    expect(i18n.hasResourceBundle("en", "translation")).toBe(true);
    expect(i18n.hasResourceBundle("te", "translation")).toBe(false);
    await setLanguage("te");
    expect(i18n.hasResourceBundle("te", "translation")).toBe(true);
    expect(i18n.t("nav.home")).toBe(te.nav.home);
    expect(document.documentElement.lang).toBe("te");
    expect(window.localStorage.getItem("language")).toBe("te");
  });
});
