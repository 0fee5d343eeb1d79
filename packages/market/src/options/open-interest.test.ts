import { describe, expect, it } from "vitest";
import { decodeKiteMessage, encodeKiteMessage, KITE_SEGMENT } from "../broker/kite/ticker-wire";
import { parseIndiaTime } from "../time/india-time";
import { OpenInterestChanges } from "./open-interest";

describe("OpenInterestChanges", () => {
  it("measures the change from the day's first reading, and starts again the next day", () => {
    const changes = new OpenInterestChanges();
    const morning = parseIndiaTime("2026-11-25 09:16");
    expect(changes.observe("NIFTY:2026-12-01:26000:CE", 1_200_000, morning)).toEqual({
      oi: 1_200_000,
      change: 0,
      since: morning,
    });
    const noon = parseIndiaTime("2026-11-25 12:00");
    expect(changes.observe("NIFTY:2026-12-01:26000:CE", 1_150_000, noon)).toEqual({
      oi: 1_150_000,
      change: -50_000,
      since: morning,
    });
    const next = parseIndiaTime("2026-11-26 09:15");
    expect(changes.observe("NIFTY:2026-12-01:26000:CE", 1_175_000, next)?.change).toBe(0);
    expect(changes.observe("NIFTY:2026-12-01:26000:CE", 0, next)).toBeUndefined();
  });

  it("reads the open interest a Kite full-mode packet carries", () => {
    // An NFO token (segment 2): a full packet with open interest, as the ticker sends it.
    const token = (123_456 << 8) | KITE_SEGMENT.NFO;
    const at = parseIndiaTime("2026-11-25 10:00");
    const message = encodeKiteMessage([
      { token, mode: "full", lastPrice: 142.35, oi: 2_431_050, exchangeTime: at / 1000 },
    ]);
    const [packet] = decodeKiteMessage(message).packets;
    expect(packet?.oi).toBe(2_431_050);
    const changes = new OpenInterestChanges();
    changes.observe("key", 2_400_000, at - 60_000);
    expect(changes.observe("key", packet?.oi ?? 0, at)?.change).toBe(31_050);
  });
});
