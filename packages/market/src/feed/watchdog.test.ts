import { describe, expect, it } from "vitest";
import { parseIndiaTime } from "../time/india-time";
import { feedHealth, symbolSilence } from "./watchdog";

describe("symbolSilence", () => {
  it("is a stall when the exchange is open and the last tick is older than the limit", () => {
    const now = parseIndiaTime("2026-03-09 11:00:00");
    expect(symbolSilence("NIFTY", now - 10_000, now).stalled).toBe(false);
    expect(symbolSilence("NIFTY", now - 31_000, now)).toEqual({
      inSession: true,
      silentMs: 31_000,
      stalled: true,
    });
    expect(symbolSilence("NIFTY", now - 31_000, now, { maxSilenceMs: 60_000 }).stalled).toBe(false);
  });

  it("counts silence from the session's open, not from last night's last tick", () => {
    const lastNight = parseIndiaTime("2026-03-06 15:29:59");
    expect(symbolSilence("NIFTY", lastNight, parseIndiaTime("2026-03-09 09:15:20")).stalled).toBe(
      false,
    );
    expect(symbolSilence("NIFTY", lastNight, parseIndiaTime("2026-03-09 09:15:31")).stalled).toBe(
      true,
    );
    expect(symbolSilence("NIFTY", undefined, parseIndiaTime("2026-03-09 09:16:00")).silentMs).toBe(
      60_000,
    );
  });

  it("is never a stall outside the exchange's sessions", () => {
    const lastNight = parseIndiaTime("2026-03-06 15:29:59");
    expect(symbolSilence("NIFTY", lastNight, parseIndiaTime("2026-03-07 11:00:00"))).toEqual({
      inSession: false,
      silentMs: 0,
      stalled: false,
    });
    // Holi: NSE shut; MCX waits for its 17:00 evening session.
    const mcxLastNight = parseIndiaTime("2026-03-02 23:54:59");
    expect(
      symbolSilence("CRUDEOIL", mcxLastNight, parseIndiaTime("2026-03-03 16:00:00")).stalled,
    ).toBe(false);
    expect(
      symbolSilence("CRUDEOIL", mcxLastNight, parseIndiaTime("2026-03-03 17:01:00")).stalled,
    ).toBe(true);
  });
});

describe("feedHealth", () => {
  it("names the stalled symbols and their exchanges, and the symbols in session", () => {
    // Holi 2026: NSE is closed, MCX trades its evening session.
    const now = parseIndiaTime("2026-03-03 18:00:00");
    const health = feedHealth(["NIFTY", "BANKNIFTY", "CRUDEOIL"], { CRUDEOIL: now - 120_000 }, now);
    expect(health).toEqual({
      stalledSymbols: ["CRUDEOIL"],
      inSessionSymbols: ["CRUDEOIL"],
      stalledExchanges: ["MCX"],
    });
    expect(feedHealth(["CRUDEOIL"], { CRUDEOIL: now - 1_000 }, now).stalledSymbols).toEqual([]);
  });
});
