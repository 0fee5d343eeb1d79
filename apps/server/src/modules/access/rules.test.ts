import { describe, expect, it } from "vitest";
import {
  accessCheckOf,
  accessKeyOfModel,
  accessKeyOfSlug,
  entryOf,
  expiryAfter,
  grantedLastDay,
  lastDayOf,
  type SubscriptionState,
} from "./rules";

const ist = (text: string) => new Date(`${text}+05:30`);
const state = (over: Partial<SubscriptionState> = {}): SubscriptionState => ({
  instrument: "BankNifty",
  active: true,
  startedAt: ist("2026-11-01T10:00:00"),
  expiresAt: ist("2026-12-22T00:00:00"),
  ...over,
});

describe("expiry instants", () => {
  it("ends access at the Asia/Kolkata midnight after the last day", () => {
    expect(expiryAfter("2026-12-21").toISOString()).toBe("2026-12-21T18:30:00.000Z");
    expect(lastDayOf(ist("2026-12-22T00:00:00"))).toBe("2026-12-21");
    // Any instant within a day ends access on that day.
    expect(lastDayOf(ist("2026-12-22T00:00:01"))).toBe("2026-12-22");
  });
});

describe("entryOf", () => {
  it("is open up to the last instant of the last day, and closed at midnight", () => {
    const s = state();
    expect(entryOf(s, ist("2026-12-21T23:59:59.999"))).toEqual({
      hasAccess: true,
      isActive: true,
      expiry: "2026-12-21T18:30:00.000Z",
      lastDay: "2026-12-21",
      daysLeft: 0,
    });
    expect(entryOf(s, ist("2026-12-22T00:00:00"))).toMatchObject({
      hasAccess: false,
      daysLeft: -1,
    });
  });

  it("counts days left in Asia/Kolkata days, whatever the hour in UTC", () => {
    const s = state();
    // 20 Dec 23:30 IST is still 20 Dec 18:00 UTC; 21 Dec 00:30 IST is 20 Dec 19:00 UTC.
    expect(entryOf(s, ist("2026-12-20T23:30:00")).daysLeft).toBe(1);
    expect(entryOf(s, ist("2026-12-21T00:30:00")).daysLeft).toBe(0);
  });

  it("has no expiry and no days left without an end, and nothing without a row", () => {
    expect(entryOf(state({ expiresAt: null }), ist("2030-01-01T00:00:00"))).toEqual({
      hasAccess: true,
      isActive: true,
      expiry: null,
      lastDay: null,
      daysLeft: null,
    });
    expect(entryOf(undefined, ist("2026-12-01T00:00:00"))).toEqual({
      hasAccess: false,
      isActive: false,
      expiry: null,
      lastDay: null,
      daysLeft: null,
    });
  });

  it("is closed while switched off, even before the expiry", () => {
    expect(entryOf(state({ active: false }), ist("2026-12-01T00:00:00"))).toMatchObject({
      hasAccess: false,
      isActive: false,
      daysLeft: 20,
    });
  });
});

describe("the access check's messages", () => {
  const now = ist("2026-12-23T10:00:00");
  it("uses the spec's words for not found, inactive and expired", () => {
    expect(accessCheckOf("Nifty", undefined, now).message).toBe(
      "Nifty not found. Please contribute to access this content.",
    );
    expect(accessCheckOf("CrudeOil", state({ active: false }), now).message).toBe(
      "CrudeOil access is inactive. Please contact support to activate.",
    );
    expect(accessCheckOf("BankNifty", state(), now).message).toBe(
      "BankNifty access expired on 21 Dec 2026. Please renew your access.",
    );
    expect(accessCheckOf("BankNifty", state(), ist("2026-12-21T10:00:00")).message).toBeNull();
  });
});

describe("grantedLastDay", () => {
  const now = ist("2026-11-21T15:00:00");

  it("gives N days after today to a user without open access", () => {
    expect(grantedLastDay(undefined, { days: 30 }, now)).toEqual({
      lastDay: "2026-12-21",
      extends: false,
    });
    expect(grantedLastDay(undefined, { days: 1 }, ist("2026-11-21T23:59:59"))).toEqual({
      lastDay: "2026-11-22",
      extends: false,
    });
    // Expired or switched off: counted from today, not from the old expiry.
    const expired = state({ expiresAt: ist("2026-11-10T00:00:00") });
    expect(grantedLastDay(expired, { days: 30 }, now).lastDay).toBe("2026-12-21");
    const off = state({ active: false, expiresAt: ist("2026-12-01T00:00:00") });
    expect(grantedLastDay(off, { days: 30 }, now)).toEqual({
      lastDay: "2026-12-21",
      extends: false,
    });
  });

  it("adds N days to open access", () => {
    const open = state({ expiresAt: ist("2026-12-01T00:00:00") });
    expect(grantedLastDay(open, { days: 30 }, now)).toEqual({
      lastDay: "2026-12-30",
      extends: true,
    });
    // Across a month and a year end.
    const late = state({ expiresAt: ist("2027-01-01T00:00:00") });
    expect(grantedLastDay(late, { days: 31 }, now).lastDay).toBe("2027-01-31");
  });

  it("sets the named last day for a grant until a day", () => {
    expect(grantedLastDay(undefined, { until: "2026-11-21" }, now)).toEqual({
      lastDay: "2026-11-21",
      extends: false,
    });
    const open = state({ expiresAt: ist("2027-01-01T00:00:00") });
    expect(grantedLastDay(open, { until: "2026-12-15" }, now)).toEqual({
      lastDay: "2026-12-15",
      extends: true,
    });
  });
});

describe("access keys", () => {
  it("maps paths and models to access keys; BankNifty covers both its models", () => {
    expect(accessKeyOfSlug("banknifty")).toBe("BankNifty");
    expect(accessKeyOfSlug("crudeoil")).toBe("CrudeOil");
    expect(accessKeyOfModel("BankNifty:HFT")).toBe("BankNifty");
    expect(accessKeyOfModel("BankNifty:KalpaVruksha")).toBe("BankNifty");
    expect(accessKeyOfModel("Nifty:KalpaVruksha")).toBe("Nifty");
    expect(accessKeyOfModel("CrudeOil:Yamuna")).toBe("CrudeOil");
  });
});
