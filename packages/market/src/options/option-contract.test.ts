import { describe, expect, it } from "vitest";
import { parseIndiaTime } from "../time/india-time";
import { expiryCloseAt, yearsToExpiry } from "./expiry-time";
import { contractAt, premiumPerLot, strikeFor, tradedExpiry } from "./option-contract";

describe("strikeFor", () => {
  it("takes the at-the-money strike on the instrument's grid", () => {
    expect(strikeFor("NIFTY", "CE", 25_024.9)).toBe(25_000);
    expect(strikeFor("BANKNIFTY", "PE", 56_151)).toBe(56_200);
    expect(strikeFor("CRUDEOIL", "CE", 5_474)).toBe(5_450);
  });

  it("moves in the money below the price for calls and above it for puts; negative steps go out", () => {
    expect(strikeFor("NIFTY", "CE", 25_010, 2)).toBe(24_900);
    expect(strikeFor("NIFTY", "PE", 25_010, 2)).toBe(25_100);
    expect(strikeFor("BANKNIFTY", "CE", 56_000, -1)).toBe(56_100);
    expect(strikeFor("BANKNIFTY", "PE", 56_000, -3)).toBe(55_700);
  });
});

describe("tradedExpiry", () => {
  it("gives NIFTY the nearest weekly, BANKNIFTY the monthly and CRUDEOIL the table's month", () => {
    const monday = parseIndiaTime("2026-03-09 10:00");
    expect(tradedExpiry("NIFTY", monday).expiry).toBe("2026-03-10");
    // 31 Mar 2026 is a holiday: the March monthly moves to the 30th.
    expect(tradedExpiry("BANKNIFTY", monday).expiry).toBe("2026-03-30");
    expect(tradedExpiry("CRUDEOIL", monday).expiry).toBe("2026-03-17");
  });

  it("trades the expiring contract until the close, then the next one", () => {
    const expiryDay = "2026-03-10";
    expect(tradedExpiry("NIFTY", parseIndiaTime(`${expiryDay} 15:29`))).toEqual({
      expiry: expiryDay,
      expiresAt: parseIndiaTime(`${expiryDay} 15:30`),
    });
    expect(tradedExpiry("NIFTY", parseIndiaTime(`${expiryDay} 15:30`)).expiry).toBe("2026-03-17");
    expect(tradedExpiry("CRUDEOIL", parseIndiaTime("2026-03-17 23:31")).expiry).toBe("2026-04-16");
  });

  it("gives CRUDEOIL the next month's series from its options' expiry day (no fresh positions that day)", () => {
    // March 2026 options expire Tuesday 17 Mar: tradable the evening before, not on the day itself.
    expect(tradedExpiry("CRUDEOIL", parseIndiaTime("2026-03-16 22:00")).expiry).toBe("2026-03-17");
    expect(tradedExpiry("CRUDEOIL", parseIndiaTime("2026-03-17 09:00"))).toEqual({
      expiry: "2026-04-16",
      expiresAt: parseIndiaTime("2026-04-16 23:30"),
    });
    expect(contractAt("CRUDEOIL", "CE", 5_500, parseIndiaTime("2026-03-17 18:00")).expiry).toBe(
      "2026-04-16",
    );
    // NSE's options still trade on their expiry day: NIFTY keeps the expiring weekly until the close.
    expect(tradedExpiry("NIFTY", parseIndiaTime("2026-03-17 09:15")).expiry).toBe("2026-03-17");
  });

  it("moves a holiday expiry to the day before (Holi, 3 Mar 2026)", () => {
    expect(tradedExpiry("NIFTY", parseIndiaTime("2026-02-27 12:00")).expiry).toBe("2026-03-02");
  });
});

describe("contractAt", () => {
  it("carries the lot size in force on the day", () => {
    const at = parseIndiaTime("2025-08-04 11:00");
    expect(contractAt("BANKNIFTY", "CE", 55_130, at)).toEqual({
      symbol: "BANKNIFTY",
      optionType: "CE",
      strike: 55_100,
      expiry: "2025-08-28",
      expiresAt: parseIndiaTime("2025-08-28 15:30"),
      lotSize: 35,
    });
    expect(contractAt("NIFTY", "PE", 25_000, parseIndiaTime("2026-03-09 11:00")).lotSize).toBe(65);
    expect(contractAt("CRUDEOIL", "PE", 5_500, parseIndiaTime("2026-03-09 20:00")).lotSize).toBe(
      100,
    );
  });

  it("takes a NIFTY weekly of 26 Dec 2024 with 25 a lot, and of 2 Jan 2025 with 75", () => {
    const before = contractAt("NIFTY", "CE", 23_750, parseIndiaTime("2024-12-23 10:00"));
    expect(before).toMatchObject({ expiry: "2024-12-26", strike: 23_750, lotSize: 25 });
    const after = contractAt("NIFTY", "PE", 23_750, parseIndiaTime("2024-12-27 10:00"));
    expect(after).toMatchObject({ expiry: "2025-01-02", lotSize: 75 });
  });
});

describe("time to expiry", () => {
  it("counts act/365 years to the exchange's close, MCX's by the US clock", () => {
    expect(expiryCloseAt("CRUDEOIL", "2026-03-17")).toBe(parseIndiaTime("2026-03-17 23:30"));
    expect(expiryCloseAt("CRUDEOIL", "2026-01-14")).toBe(parseIndiaTime("2026-01-14 23:55"));
    expect(expiryCloseAt("NIFTY", "2026-09-01", { nseClose: "15:40" })).toBe(
      parseIndiaTime("2026-09-01 15:40"),
    );
    const at = parseIndiaTime("2026-03-09 15:30");
    expect(yearsToExpiry(at, parseIndiaTime("2026-03-10 15:30"))).toBeCloseTo(1 / 365, 12);
    expect(yearsToExpiry(at + 1, at)).toBe(0);
  });
});

describe("premiumPerLot", () => {
  it("is premium × lot size, to the paisa", () => {
    expect(premiumPerLot(123.45, 65)).toBe(8_024.25);
    expect(premiumPerLot(0.05, 30)).toBe(1.5);
    expect(premiumPerLot(187.3, 100)).toBe(18_730);
  });
});
