import { describe, expect, it } from "vitest";
import { parseIndiaTime } from "../time/india-time";
import { marketStatus, marketStatuses } from "./market-status";
import { isOpen, mostRecentSessionOpen, nextClose, nextOpen, sessionAt } from "./session-search";

describe("isOpen", () => {
  it("holds from the open up to, not including, the close", () => {
    expect(isOpen("NSE", parseIndiaTime("2026-03-09 09:14:59"))).toBe(false);
    expect(isOpen("NSE", parseIndiaTime("2026-03-09 09:15"))).toBe(true);
    expect(isOpen("NSE", parseIndiaTime("2026-03-09 15:29:59"))).toBe(true);
    expect(isOpen("NSE", parseIndiaTime("2026-03-09 15:30"))).toBe(false);
  });

  it("follows the close in force on the day: 15:30 on 31 Jul 2026, 15:40 from 3 Aug 2026", () => {
    expect(isOpen("NSE", parseIndiaTime("2026-07-31 15:35"))).toBe(false);
    expect(isOpen("NSE", parseIndiaTime("2026-08-03 15:35"))).toBe(true);
    expect(isOpen("NSE", parseIndiaTime("2026-08-03 15:39:59"))).toBe(true);
    expect(isOpen("NSE", parseIndiaTime("2026-08-03 15:40"))).toBe(false);
  });

  it("follows the operator's NSE_CLOSE override", () => {
    expect(isOpen("NSE", parseIndiaTime("2026-09-01 15:35"), { nseClose: "15:30" })).toBe(false);
  });

  it("keeps MCX open to 23:54 in US winter but not in US summer", () => {
    expect(isOpen("MCX", parseIndiaTime("2026-03-06 23:45"))).toBe(true);
    expect(isOpen("MCX", parseIndiaTime("2026-03-09 23:45"))).toBe(false);
  });

  it("keeps MCX shut before 17:00 on an evening-only day", () => {
    expect(isOpen("MCX", parseIndiaTime("2026-03-03 16:59"))).toBe(false);
    expect(sessionAt("MCX", parseIndiaTime("2026-03-03 17:00"))?.kind).toBe("evening");
  });
});

describe("nextOpen and nextClose", () => {
  it("on a weekday before the open", () => {
    expect(nextOpen("NSE", parseIndiaTime("2026-03-09 08:00"))).toBe(
      parseIndiaTime("2026-03-09 09:15"),
    );
    expect(nextClose("NSE", parseIndiaTime("2026-03-09 08:00"))).toBe(
      parseIndiaTime("2026-03-09 15:30"),
    );
  });

  it("during a session: the close of this one and the open of the next", () => {
    expect(nextClose("NSE", parseIndiaTime("2026-03-09 12:00"))).toBe(
      parseIndiaTime("2026-03-09 15:30"),
    );
    expect(nextOpen("NSE", parseIndiaTime("2026-03-09 12:00"))).toBe(
      parseIndiaTime("2026-03-10 09:15"),
    );
  });

  it("across the Good Friday weekend", () => {
    expect(nextOpen("NSE", parseIndiaTime("2026-04-02 16:00"))).toBe(
      parseIndiaTime("2026-04-06 09:15"),
    );
    expect(nextOpen("MCX", parseIndiaTime("2026-04-02 23:40"))).toBe(
      parseIndiaTime("2026-04-06 09:00"),
    );
  });

  it("to MCX's evening session on an NSE holiday", () => {
    expect(nextOpen("MCX", parseIndiaTime("2026-03-02 23:59"))).toBe(
      parseIndiaTime("2026-03-03 17:00"),
    );
    expect(nextClose("MCX", parseIndiaTime("2026-03-03 10:00"))).toBe(
      parseIndiaTime("2026-03-03 23:55"),
    );
  });

  it("to the Muhurat session on the Diwali holiday (21 Oct 2025)", () => {
    expect(nextOpen("NSE", parseIndiaTime("2025-10-20 16:00"))).toBe(
      parseIndiaTime("2025-10-21 13:45"),
    );
    expect(nextClose("NSE", parseIndiaTime("2025-10-21 14:00"))).toBe(
      parseIndiaTime("2025-10-21 14:45"),
    );
  });
});

describe("mostRecentSessionOpen", () => {
  it("is this session's open while open", () => {
    expect(mostRecentSessionOpen("NSE", parseIndiaTime("2026-03-09 13:00"))).toBe(
      parseIndiaTime("2026-03-09 09:15"),
    );
  });

  it("is the last session's open after the close and over a weekend or holiday", () => {
    expect(mostRecentSessionOpen("NSE", parseIndiaTime("2026-03-09 20:00"))).toBe(
      parseIndiaTime("2026-03-09 09:15"),
    );
    expect(mostRecentSessionOpen("NSE", parseIndiaTime("2026-03-09 09:00"))).toBe(
      parseIndiaTime("2026-03-06 09:15"),
    );
    expect(mostRecentSessionOpen("NSE", parseIndiaTime("2026-04-05 12:00"))).toBe(
      parseIndiaTime("2026-04-02 09:15"),
    );
    expect(mostRecentSessionOpen("NSE", parseIndiaTime("2026-03-03 12:00"))).toBe(
      parseIndiaTime("2026-03-02 09:15"),
    );
  });
});

describe("market status", () => {
  it("is Active only in a session, per exchange id", () => {
    expect(marketStatus("NSE", parseIndiaTime("2026-03-03 11:00"))).toBe("Inactive");
    expect(marketStatuses(parseIndiaTime("2026-03-03 18:00"))).toEqual([
      { exchange: 1, status: "Inactive" },
      { exchange: 5, status: "Active" },
    ]);
    expect(marketStatuses(parseIndiaTime("2026-03-04 11:00"))).toEqual([
      { exchange: 1, status: "Active" },
      { exchange: 5, status: "Active" },
    ]);
    expect(marketStatuses(parseIndiaTime("2026-03-07 11:00"))).toEqual([
      { exchange: 1, status: "Inactive" },
      { exchange: 5, status: "Inactive" },
    ]);
  });
});
