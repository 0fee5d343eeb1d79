import { EXPIRY_MESSAGES } from "@kalpa/contracts/messages";
import { SESSION_STORAGE_KEYS } from "@kalpa/contracts/storage-keys";
import { describe, expect, it } from "vitest";
import { activeUntil, NO_ACCESS, testStatus } from "@/test/access";
import { claimUnshown, expiryWarnings } from "./expiry-warnings";

function warningFor(daysLeft: number | null, isActive = true) {
  const entry =
    daysLeft === null
      ? { ...NO_ACCESS, isActive }
      : { ...activeUntil("2026-03-15", daysLeft), isActive, hasAccess: isActive && daysLeft >= 0 };
  return expiryWarnings(testStatus({ subscriptions: { BankNifty: entry } }).subscriptions);
}

describe("expiry warnings (spec section 8)", () => {
  it.each([
    [6, []],
    [5, [EXPIRY_MESSAGES.expiresIn("BankNifty", 5)]],
    [1, ["Your BankNifty access expires in 1 day(s)!"]],
    // The last day of access (Asia/Kolkata) still warns, with 0 days.
    [0, ["Your BankNifty access expires in 0 day(s)!"]],
    // The day after it, the access has expired.
    [-1, ["Your BankNifty access has expired!"]],
    [-30, [EXPIRY_MESSAGES.expired("BankNifty")]],
  ])("%i day(s) left → %j", (daysLeft, messages) => {
    expect(warningFor(daysLeft).map((warning) => warning.message)).toEqual(messages);
  });

  it("says nothing for access without an end date, never granted or switched off", () => {
    expect(warningFor(null)).toEqual([]);
    expect(warningFor(null, false)).toEqual([]);
    expect(warningFor(2, false)).toEqual([]);
  });

  it("warns per instrument, in the spec's order", () => {
    const status = testStatus({
      subscriptions: {
        Nifty: activeUntil("2026-03-12", 2),
        BankNifty: activeUntil("2026-04-09", 30),
        CrudeOil: activeUntil("2026-03-09", -1),
      },
    });
    expect(expiryWarnings(status.subscriptions)).toEqual([
      { key: "Nifty", message: "Your Nifty access expires in 2 day(s)!" },
      { key: "CrudeOil", message: "Your CrudeOil access has expired!" },
    ]);
  });
});

describe("once per instrument per browser session", () => {
  it("hands each instrument's warning out once, remembering it in session storage", () => {
    const nifty = { key: "Nifty" as const, message: "n" };
    const crude = { key: "CrudeOil" as const, message: "c" };
    expect(claimUnshown([nifty])).toEqual([nifty]);
    expect(claimUnshown([nifty, crude])).toEqual([crude]);
    expect(claimUnshown([nifty, crude])).toEqual([]);
    expect(
      JSON.parse(window.sessionStorage.getItem(SESSION_STORAGE_KEYS.expiryToastsShown) ?? ""),
    ).toEqual(["Nifty", "CrudeOil"]);
    // A new browser session starts again.
    window.sessionStorage.clear();
    expect(claimUnshown([nifty])).toEqual([nifty]);
  });
});
