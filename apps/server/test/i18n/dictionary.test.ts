/**
 * The server's dictionary stays whole (decision 040): every key of English is in Telugu and Hindi and
 * nothing else is, no translation is left in English or empty, English is the contracts' wording exactly,
 * each server message the routes write in English is found and put into the language asked for, and an
 * Accept-Language header is read safely.
 */
import { ACCOUNT_MESSAGES } from "@kalpa/contracts/account-messages";
import { ACCESS_MESSAGES, AUTH_MESSAGES, SERVER_MESSAGES } from "@kalpa/contracts/messages";
import { describe, expect, it } from "vitest";
import type { ServerDictionary } from "../../src/i18n/dictionary";
import { EN_MESSAGES } from "../../src/i18n/en";
import { DICTIONARIES, languageFromHeader } from "../../src/i18n/language";
import { localizeMessage, messageKeyOf } from "../../src/i18n/messages";

/** Every leaf of a dictionary by its dotted path: a string, or a function called with sample values. */
function leaves(dictionary: ServerDictionary): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (value: unknown, path: string) => {
    if (typeof value === "string") out.set(path, value);
    else if (typeof value === "function") {
      // Called with sample values by position: a number, a name, a day, an instrument; /status takes
      // its lines and the OTP mail its purpose.
      const args: unknown[] = [7, "Sample", "27 Nov 2026", "NIFTY 50", "+₹120"].slice(
        0,
        value.length,
      );
      if (path === "telegram.status") args[1] = ["Nifty: new-signal"];
      if (path === "mail.otpUse") args[0] = "signup";
      out.set(path, String((value as (...a: unknown[]) => unknown)(...args)));
    } else if (value && typeof value === "object") {
      for (const [key, inner] of Object.entries(value)) walk(inner, path ? `${path}.${key}` : key);
    }
  };
  walk(dictionary, "");
  return out;
}

describe("the server's dictionary", () => {
  const en = leaves(DICTIONARIES.en);

  for (const language of ["te", "hi"] as const) {
    it(`${language} has every key English has, and no other`, () => {
      const other = leaves(DICTIONARIES[language]);
      expect([...other.keys()].sort()).toEqual([...en.keys()].sort());
    });

    it(`${language} leaves nothing in English or empty`, () => {
      const other = leaves(DICTIONARIES[language]);
      // Lines made only of names, numbers and the sign-off ("— Kalpa", "RA name, number") are alike.
      const alike = new Set(["mail.signOff", "alerts.pushAnalyst"]);
      for (const [path, text] of other) {
        expect(text.trim(), path).not.toBe("");
        if (!alike.has(path)) expect(text, path).not.toBe(en.get(path));
      }
    });

    it(`${language} is written in its own script`, () => {
      const script = language === "te" ? /[\u0C00-\u0C7F]/ : /[\u0900-\u097F]/;
      const alike = new Set(["mail.signOff", "alerts.pushAnalyst"]);
      for (const [path, text] of leaves(DICTIONARIES[language])) {
        if (!alike.has(path)) expect(text, path).toMatch(script);
      }
    });
  }

  it("English is the contracts' wording exactly", () => {
    expect(DICTIONARIES.en.messages.invalidCredentials).toBe(ACCOUNT_MESSAGES.invalidCredentials);
    expect(DICTIONARIES.en.messages.pleaseLogin).toBe(ACCESS_MESSAGES.pleaseLogin);
    for (const [key, text] of Object.entries(EN_MESSAGES)) {
      expect(localizeMessage(text, "en"), key).toBe(text);
    }
    expect(DICTIONARIES.en.parametric.tryAgainInSeconds(1)).toBe(ACCOUNT_MESSAGES.tryAgainIn(1));
    expect(DICTIONARIES.en.parametric.tryAgainInSeconds(30)).toBe(ACCOUNT_MESSAGES.tryAgainIn(30));
    expect(DICTIONARIES.en.parametric.tryAgainInMinutes(1)).toBe(ACCOUNT_MESSAGES.tryAgainIn(60));
    expect(DICTIONARIES.en.parametric.tryAgainInMinutes(15)).toBe(ACCOUNT_MESSAGES.tryAgainIn(900));
  });

  it("finds every fixed message and puts it into Telugu and Hindi", () => {
    for (const [key, text] of Object.entries(EN_MESSAGES)) {
      const found = messageKeyOf(text);
      expect(found, key).toBeDefined();
      // Two keys may share one English text ("Please fill in all fields"): they share the translation.
      expect(localizeMessage(text, "hi"), key).toBe(
        DICTIONARIES.hi.messages[found as keyof typeof EN_MESSAGES],
      );
      expect(localizeMessage(text, "te"), key).not.toBe(text);
    }
    expect(localizeMessage(ACCOUNT_MESSAGES.invalidCredentials, "hi")).toBe(
      "यूज़रनेम या पासवर्ड गलत है।",
    );
    expect(localizeMessage(AUTH_MESSAGES.invalidOtp, "te")).toBe("OTP తప్పు.");
    expect(localizeMessage(SERVER_MESSAGES.badOrigin, "hi")).toBe(
      DICTIONARIES.hi.messages.badOrigin,
    );
  });

  it("puts messages with a number or a name into the language, keeping the value", () => {
    expect(localizeMessage(ACCOUNT_MESSAGES.tryAgainIn(42), "hi")).toBe(
      DICTIONARIES.hi.parametric.tryAgainInSeconds(42),
    );
    expect(localizeMessage(ACCOUNT_MESSAGES.tryAgainIn(1), "te")).toContain("1 సెకను");
    expect(localizeMessage(ACCOUNT_MESSAGES.tryAgainIn(600), "te")).toContain("10 నిమిషాల");
    expect(localizeMessage(ACCOUNT_MESSAGES.resendCooldown(37), "hi")).toContain("37 सेकंड");
    const expired = localizeMessage(ACCESS_MESSAGES.expired("BankNifty", "27 Nov 2026"), "te");
    expect(expired).toBe(DICTIONARIES.te.parametric.accessExpired("BankNifty", "27 Nov 2026"));
    expect(localizeMessage(ACCESS_MESSAGES.notFound("CrudeOil"), "hi")).toContain("CrudeOil");
    expect(localizeMessage(ACCESS_MESSAGES.inactive("Nifty"), "hi")).toBe(
      DICTIONARIES.hi.parametric.accessInactive("Nifty"),
    );
  });

  it("leaves a message it does not hold as it is (the operator's console stays English)", () => {
    expect(localizeMessage("This area is for the operator only.", "hi")).toBe(
      "This area is for the operator only.",
    );
  });
});

describe("Accept-Language", () => {
  it.each([
    [undefined, "en"],
    ["", "en"],
    ["hi", "hi"],
    ["hi-IN", "hi"],
    ["te-IN,te;q=0.9,en;q=0.8", "te"],
    ["en-US,en;q=0.9,hi;q=0.8", "en"],
    ["en;q=0.5, hi;q=0.9", "hi"],
    ["TE", "te"],
    ["fr-FR, de;q=0.9", "en"],
    ["hi;q=0, te;q=0.3", "te"],
    ["hi;q=0", "en"],
    ["*", "en"],
    ["hi;q=abc", "hi"],
    [";;;,,,", "en"],
    [`${"x".repeat(600)},hi`, "en"],
    [["te", "hi"], "te"],
  ] as const)("%j is %s", (header, expected) => {
    expect(languageFromHeader(header as string | string[] | undefined)).toBe(expected);
  });
});
