import { describe, expect, it } from "vitest";
import {
  brierScore,
  brierScores,
  closedAbove,
  type ForecastScoreDay,
  favouredSide,
  hitRate,
  scoreForecastPart,
  scoreWindow,
} from "./score-forecast";

/** A bar that opens at `open` (the middle of the range unless given). */
const bar = (high: number, low: number, open = (high + low) / 2) => ({
  open,
  high,
  low,
  close: (high + low) / 2,
});
const call = { direction: "up" as const, target: 110, stop: 95 };
const put = { direction: "down" as const, target: 90, stop: 105 };

describe("scoreForecastPart", () => {
  it("target reached first", () => {
    const bars = [bar(101, 99), bar(111, 100), bar(100, 90)];
    expect(scoreForecastPart(call, bars, "intraday")).toBe("target");
    expect(scoreForecastPart(put, [bar(101, 99), bar(100, 89), bar(120, 100)], "intraday")).toBe(
      "target",
    );
    // The daily bar reaching only the target is a target too.
    expect(scoreForecastPart(call, [bar(111, 96)], "daily")).toBe("target");
  });

  it("stop reached first", () => {
    expect(scoreForecastPart(call, [bar(101, 94), bar(120, 100)], "intraday")).toBe("stop");
    expect(scoreForecastPart(put, [bar(106, 99), bar(100, 80)], "intraday")).toBe("stop");
    expect(scoreForecastPart(put, [bar(106, 91)], "daily")).toBe("stop");
  });

  it("neither", () => {
    expect(scoreForecastPart(call, [bar(109, 96), bar(105, 97)], "intraday")).toBe("neither");
    expect(scoreForecastPart(put, [], "intraday")).toBe("neither");
    expect(scoreForecastPart(put, [bar(104, 91)], "daily")).toBe("neither");
  });

  it("a gap through the target at the open is not entered, not a hit", () => {
    // The call's target is 110: a day opening at 111 (or exactly at 110) moved before anyone could enter.
    expect(scoreForecastPart(call, [bar(115, 108, 111)], "daily")).toBe("not-entered");
    expect(scoreForecastPart(call, [bar(112, 109, 110)], "daily")).toBe("not-entered");
    expect(scoreForecastPart(call, [bar(112, 109, 111), bar(113, 94)], "intraday")).toBe(
      "not-entered",
    );
    // Even when the day then falls through the stop.
    expect(scoreForecastPart(call, [bar(111, 90, 111)], "daily")).toBe("not-entered");
    expect(scoreForecastPart(put, [bar(92, 85, 89)], "daily")).toBe("not-entered");
    // Only the day's open counts: a later minute opening past the target was reached in the session.
    expect(scoreForecastPart(call, [bar(101, 99, 100), bar(112, 111, 111)], "intraday")).toBe(
      "target",
    );
  });

  it("a gap through the stop at the open is a stop, even when the daily bar then reaches the target", () => {
    expect(scoreForecastPart(call, [bar(112, 90, 94)], "daily")).toBe("stop");
    expect(scoreForecastPart(put, [bar(106, 85, 105)], "daily")).toBe("stop");
    expect(scoreForecastPart(call, [bar(96, 93, 94), bar(120, 96)], "intraday")).toBe("stop");
  });

  it("a daily bar reaching both is undecided; a 1-minute bar reaching both is the stop", () => {
    expect(scoreForecastPart(call, [bar(112, 94)], "daily")).toBe("undecided");
    expect(scoreForecastPart(put, [bar(106, 89)], "daily")).toBe("undecided");
    expect(scoreForecastPart(call, [bar(101, 99), bar(112, 94)], "intraday")).toBe("stop");
    expect(scoreForecastPart(put, [bar(106, 89)], "intraday")).toBe("stop");
  });
});

describe("hitRate", () => {
  it("counts targets over decided parts: not-entered and undecided are left out", () => {
    // Decided: target, stop, neither, target = 4; targets 2 → 50%.
    expect(
      hitRate(["target", "stop", "neither", null, "target", "not-entered", "undecided"]),
    ).toEqual({
      scored: 6,
      decided: 4,
      targets: 2,
      stops: 1,
      neither: 1,
      notEntered: 1,
      undecided: 1,
      percent: 50,
    });
    expect(hitRate([null]).percent).toBeNull();
    // Scored but nothing decided: no rate.
    expect(hitRate(["not-entered", "undecided"])).toMatchObject({ scored: 2, percent: null });
  });
});

describe("favouredSide", () => {
  it("is the part with the higher bias, none on a 50/50 day", () => {
    expect(favouredSide(62, 38)).toBe("call");
    expect(favouredSide(30, 70)).toBe("put");
    expect(favouredSide(50, 50)).toBeNull();
  });
});

describe("closedAbove", () => {
  it("is strictly above; a tie is not, floating-point noise aside", () => {
    expect(closedAbove(101, 100)).toBe(true);
    expect(closedAbove(99.95, 100)).toBe(false);
    expect(closedAbove(100, 100)).toBe(false);
    expect(closedAbove(24_000.050000000003, 24_000.05)).toBe(false);
    expect(closedAbove(24_000.1, 24_000.05)).toBe(true);
  });
});

/** A scored day: the call's bias, the put's 100 minus it. */
function scoreDay(
  callBias: number,
  outcomes: [ForecastScoreDay["callOutcome"], ForecastScoreDay["putOutcome"]],
  prices: { reference?: number; close?: number | null; previous?: number | null } = {},
): ForecastScoreDay {
  return {
    callBias,
    putBias: 100 - callBias,
    callOutcome: outcomes[0],
    putOutcome: outcomes[1],
    referenceClose: prices.reference ?? 100,
    close: prices.close === undefined ? 101 : prices.close,
    previousReferenceClose: prices.previous === undefined ? 99 : prices.previous,
  };
}

describe("brierScore", () => {
  it("is the mean squared distance between the probability and what happened", () => {
    // (0.7 − 1)² = 0.09, (0.2 − 0)² = 0.04: mean 0.065.
    expect(
      brierScore([
        { probability: 0.7, outcome: 1 },
        { probability: 0.2, outcome: 0 },
      ]),
    ).toBeCloseTo(0.065, 10);
    // Always 50%: 0.25 whatever happens. Sure and right: 0; sure and wrong: 1.
    expect(brierScore([{ probability: 0.5, outcome: 1 }])).toBe(0.25);
    expect(brierScore([{ probability: 0.5, outcome: 0 }])).toBe(0.25);
    expect(brierScore([{ probability: 1, outcome: 1 }])).toBe(0);
    expect(brierScore([{ probability: 0, outcome: 1 }])).toBe(1);
    expect(brierScore([])).toBeNull();
  });

  it("scores the call's bias and the previous day's direction on the same days, by hand", () => {
    const days = [
      // 70%; closed 101 above 100 → o = 1: (0.7 − 1)² = 0.09.
      // Baseline: the previous session closed 100 above 99 → p = 1: (1 − 1)² = 0.
      scoreDay(70, ["target", "stop"], { reference: 100, close: 101, previous: 99 }),
      // 40%; closed 100 below 101 → o = 0: (0.4 − 0)² = 0.16.
      // Baseline: 101 above 100 → p = 1: (1 − 0)² = 1.
      scoreDay(40, ["stop", "target"], { reference: 101, close: 100, previous: 100 }),
      // 60%; closed on the reference (100 = 100), a tie → o = 0: (0.6 − 0)² = 0.36.
      // Baseline: 100 below 101 → p = 0: (0 − 0)² = 0.
      scoreDay(60, ["neither", "neither"], { reference: 100, close: 100, previous: 101 }),
      // 50%; closed 102 above 100 → o = 1: (0.5 − 1)² = 0.25.
      // Baseline: the previous session closed on its previous close (100 = 100), not up → p = 0: 1.
      scoreDay(50, ["target", "stop"], { reference: 100, close: 102, previous: 100 }),
      // Left out of both: the close is unknown (scored before closes were recorded, bars gone)...
      scoreDay(85, ["target", "stop"], { close: null }),
      // ...and the previous forecast day is not stored.
      scoreDay(15, ["stop", "target"], { previous: null }),
    ];
    // Forecast: (0.09 + 0.16 + 0.36 + 0.25) / 4 = 0.86 / 4 = 0.215.
    // Baseline: (0 + 1 + 0 + 1) / 4 = 0.5.
    expect(brierScores(days)).toEqual({ days: 4, forecast: 0.215, baseline: 0.5 });
    expect(brierScores([])).toEqual({ days: 0, forecast: null, baseline: null });
  });
});

describe("scoreWindow", () => {
  const days = [
    scoreDay(60, ["target", "stop"]), // favoured call: target
    scoreDay(30, ["target", "neither"]), // favoured put: neither
    scoreDay(50, ["target", "stop"]), // 50/50: no favoured side
    scoreDay(65, ["not-entered", "target"]), // favoured call: not entered
    scoreDay(20, ["undecided", "undecided"]), // favoured put: undecided
    scoreDay(55, ["stop", "target"]), // favoured call: stop
  ];

  it("gives the favoured side's hit rate and each side's, over decided parts", () => {
    const all = scoreWindow(days, null);
    expect(all.lastDays).toBeNull();
    expect(all.days).toBe(6);
    // Favoured: target, neither, not-entered, undecided, stop → decided 3, 1 target → 33%.
    expect(all.favoured).toMatchObject({
      scored: 5,
      decided: 3,
      targets: 1,
      notEntered: 1,
      undecided: 1,
      percent: 33,
    });
    // Call: target ×3, not-entered, undecided, stop → decided 4, 3 targets → 75%.
    expect(all.call).toMatchObject({ scored: 6, decided: 4, targets: 3, percent: 75 });
    // Put: stop, neither, stop, target, undecided, target → decided 5, 2 targets → 40%.
    expect(all.put).toMatchObject({ scored: 6, decided: 5, targets: 2, percent: 40 });
    // Every day closed 101 above 100 (o = 1), the previous 100 above 99 (baseline p = 1).
    // Forecast: ((0.6−1)² + (0.3−1)² + (0.5−1)² + (0.65−1)² + (0.2−1)² + (0.55−1)²) / 6
    //         = (0.16 + 0.49 + 0.25 + 0.1225 + 0.64 + 0.2025) / 6 = 1.865 / 6 = 0.31083…
    expect(all.brier).toEqual({ days: 6, forecast: 0.3108, baseline: 0 });
  });

  it("keeps the last days of the window", () => {
    const last = scoreWindow(days, 3);
    expect(last.days).toBe(3);
    // Favoured: not-entered, undecided, stop → decided 1, no target → 0%.
    expect(last.favoured).toMatchObject({ scored: 3, decided: 1, targets: 0, percent: 0 });
    // Forecast: (0.1225 + 0.64 + 0.2025) / 3 = 0.965 / 3 = 0.32166…
    expect(last.brier).toEqual({ days: 3, forecast: 0.3217, baseline: 0 });
    expect(scoreWindow(days, 30).days).toBe(6);
  });
});
