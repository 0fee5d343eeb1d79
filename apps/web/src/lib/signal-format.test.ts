import { describe, expect, it } from "vitest";
import { formatMoment } from "./dates";
import { formatClockTime, formatMinute, formatZone, statusKey } from "./signal-format";

/** 00:00:05 on 2 January 2026 in India. */
const JUST_AFTER_MIDNIGHT = Date.UTC(2026, 0, 1, 18, 30, 5);

describe("a signal's facts in words", () => {
  it("writes India's clock, the minutes after midnight as 00, not 24", () => {
    expect(formatClockTime(Date.UTC(2026, 0, 2, 8, 35, 9))).toBe("14:05:09 IST");
    expect(formatClockTime(JUST_AFTER_MIDNIGHT)).toBe("00:00:05 IST");
    expect(formatMinute(JUST_AFTER_MIDNIGHT)).toBe("00:00 IST");
    expect(formatMoment(new Date(JUST_AFTER_MIDNIGHT).toISOString())).toBe("2 Jan 2026, 00:00 IST");
  });

  it("says why a closed signal closed, and writes a zone in rupees", () => {
    expect(statusKey({ status: "closed", closeReason: "target" })).toBe("target");
    expect(statusKey({ status: "closed", closeReason: null })).toBe("closed");
    expect(statusKey({ status: "triggered", closeReason: null })).toBe("triggered");
    expect(formatZone(118, 122)).toBe("₹118 – ₹122");
    expect(formatZone(120, 120)).toBe("₹120");
  });
});
