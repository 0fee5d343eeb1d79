/**
 * Numbers and dates in each of the site's languages (issue 38): Indian grouping everywhere, months and
 * weekdays in the reader's language.
 */
import { describe, expect, it } from "vitest";
import { formatMarketTime } from "@/features/market/utils/market-clock";
import { INTL_LOCALES, LANGUAGES, pluralCategory, setLanguage } from "@/i18n";
import { formatDayKey, formatMoment } from "./dates";
import { formatNumber, formatRupees } from "./format";

describe("numbers", () => {
  it.each(LANGUAGES.map((language) => language.code))(
    "in %s group by lakh and crore, as Intl writes them for the language",
    (code) => {
      const intl = new Intl.NumberFormat(INTL_LOCALES[code], { maximumFractionDigits: 2 });
      for (const value of [1234567.891, 100000, 12345678901, -98765.4, 0.5]) {
        expect(formatNumber(value)).toBe(intl.format(value));
      }
      expect(intl.format(12345678)).toBe("1,23,45,678");
      expect(formatRupees(1234567.5)).toBe("₹12,34,567.5");
    },
  );
});

describe("dates", () => {
  it("are written in the site's language", async () => {
    expect(formatDayKey("2026-03-15")).toBe("15 Mar 2026");
    await setLanguage("hi");
    expect(formatDayKey("2026-03-15")).toBe("15 मार्च 2026");
    expect(formatMoment("2026-03-15T08:35:00.000Z")).toBe("15 मार्च 2026, 14:05 IST");
    await setLanguage("te");
    // CLDR's Telugu order, as Telugu readers see dates elsewhere.
    expect(formatDayKey("2026-03-15")).toBe("15, మార్చి 2026");
  });

  it("stay in English where asked (the operator console)", async () => {
    await setLanguage("hi");
    expect(formatDayKey("2026-03-15", "en")).toBe("15 Mar 2026");
  });

  it("name the weekday in the language", () => {
    // 10 Mar 2026 was a Tuesday.
    const instant = Date.parse("2026-03-10T05:12:05.000Z");
    expect(formatMarketTime(instant, INTL_LOCALES.en)).toBe("Tue, 10 Mar, 2026, 10:42:05");
    expect(formatMarketTime(instant, INTL_LOCALES.hi)).toContain("मंगल");
    expect(formatMarketTime(instant, INTL_LOCALES.te)).toContain("మంగళ");
  });
});

describe("plural categories", () => {
  it("follow each language's own rules", () => {
    expect(pluralCategory("en", 1)).toBe("one");
    expect(pluralCategory("en", 0)).toBe("other");
    // Hindi counts zero with one ("0 दिन" and "1 दिन" take the same form); Telugu does not.
    expect(pluralCategory("hi", 0)).toBe("one");
    expect(pluralCategory("hi", 2)).toBe("other");
    expect(pluralCategory("te", 0)).toBe("other");
    expect(pluralCategory("te", 1)).toBe("one");
  });
});
