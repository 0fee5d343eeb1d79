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
  skillScore,
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
    // Climatology: 2 up-days of 4, p = 0.5 every day: 0.25, the same as always 50%.
    // Skill: 1 − 0.215 / 0.25 = 1 − 0.86 = 0.14 against both.
    expect(brierScores(days)).toEqual({
      days: 4,
      upDays: 2,
      forecast: 0.215,
      baseline: 0.5,
      climatology: 0.25,
      skill: { coinFlip: 0.14, climatology: 0.14 },
    });
  });
});

describe("skillScore", () => {
  it("is 1 − score ÷ reference, undefined against a perfect or unknown reference", () => {
    expect(skillScore(0.2, 0.25)).toBeCloseTo(0.2, 10);
    expect(skillScore(0.25, 0.25)).toBe(0);
    expect(skillScore(0.3, 0.25)).toBeCloseTo(-0.2, 10);
    expect(skillScore(0, 0.25)).toBe(1);
    expect(skillScore(0.1, 0)).toBeNull();
    expect(skillScore(0, 0)).toBeNull();
    expect(skillScore(null, 0.25)).toBeNull();
    expect(skillScore(0.1, null)).toBeNull();
  });
});

describe("brierScores against the climatology (the window's share of up-days)", () => {
  // Each day: reference 100, previous 99; the close sets o (101 up, 99 down).
  const up = (bias: number) => scoreDay(bias, ["neither", "neither"], { close: 101 });
  const down = (bias: number) => scoreDay(bias, ["neither", "neither"], { close: 99 });

  it("better than a coin and worse than the climatology: always 60% in a window with 3 up-days of 4", () => {
    // Forecast: 3 × (0.6 − 1)² + (0.6 − 0)² = 3 × 0.16 + 0.36 = 0.84; / 4 = 0.21.
    // Climatology: p = 3/4 = 0.75: 3 × 0.0625 + 0.5625 = 0.75; / 4 = 0.1875 (= 0.75 × 0.25).
    // Skill against 50%: 1 − 0.21 / 0.25 = 0.16; against the climatology: 1 − 0.21 / 0.1875 = −0.12.
    // Baseline: every previous session closed up (p = 1): wrong once in 4, 0.25.
    expect(brierScores([up(60), up(60), up(60), down(60)])).toEqual({
      days: 4,
      upDays: 3,
      forecast: 0.21,
      baseline: 0.25,
      climatology: 0.1875,
      skill: { coinFlip: 0.16, climatology: -0.12 },
    });
  });

  it("worse than a coin and than the climatology: leaning against the way the window went", () => {
    // Forecast: (0.3 − 1)² + (0.4 − 1)² + (0.5 − 1)² + (0.6 − 0)² = 0.49 + 0.36 + 0.25 + 0.36 = 1.46;
    // / 4 = 0.365. Skill against 50%: 1 − 0.365 / 0.25 = −0.46; against the climatology (0.1875):
    // 1 − 0.365 / 0.1875 = 1 − 1.94666… = −0.94666… → −0.9467.
    expect(brierScores([up(30), up(40), up(50), down(60)])).toMatchObject({
      forecast: 0.365,
      climatology: 0.1875,
      skill: { coinFlip: -0.46, climatology: -0.9467 },
    });
  });

  it("better than both: leaning the right way each day", () => {
    // Forecast: (0.8 − 1)² + (0.2 − 0)² + (0.3 − 0)² + (0.7 − 1)² = 0.04 + 0.04 + 0.09 + 0.09 = 0.26;
    // / 4 = 0.065. Climatology: 2 up of 4, 0.25. Skill: 1 − 0.065 / 0.25 = 0.74 against both.
    expect(brierScores([up(80), down(20), down(30), up(70)])).toMatchObject({
      upDays: 2,
      forecast: 0.065,
      climatology: 0.25,
      skill: { coinFlip: 0.74, climatology: 0.74 },
    });
  });

  it("a window of all up-days: the climatology scores 0 and the skill against it is undefined", () => {
    // Forecast: ((0.7 − 1)² + (0.6 − 1)²) / 2 = (0.09 + 0.16) / 2 = 0.125; against 50%: 1 − 0.5 = 0.5.
    expect(brierScores([up(70), up(60)])).toEqual({
      days: 2,
      upDays: 2,
      forecast: 0.125,
      baseline: 0,
      climatology: 0,
      skill: { coinFlip: 0.5, climatology: null },
    });
  });

  it("a window of no up-days (ties count as not up): the same", () => {
    const tie = scoreDay(40, ["neither", "neither"], { close: 100 });
    // Forecast: ((0.4 − 0)² + (0.2 − 0)²) / 2 = (0.16 + 0.04) / 2 = 0.1; against 50%: 1 − 0.4 = 0.6.
    expect(brierScores([tie, down(20)])).toMatchObject({
      upDays: 0,
      forecast: 0.1,
      climatology: 0,
      skill: { coinFlip: 0.6, climatology: null },
    });
  });

  it("an empty window, or one whose days are all left out, has no scores", () => {
    const none = {
      days: 0,
      upDays: 0,
      forecast: null,
      baseline: null,
      climatology: null,
      skill: { coinFlip: null, climatology: null },
    };
    expect(brierScores([])).toEqual(none);
    expect(brierScores([scoreDay(70, ["target", "stop"], { close: null })])).toEqual(none);
  });

  it("a skill that rounds to nothing is 0, not −0", () => {
    // Forecast: 0.50001 every day, half the days up: ((0.49999)² + (0.50001)²) / 2 = 0.25 + 1e-10;
    // against 50%: −4e-10, which rounds to 0.
    const skill = brierScores([up(50.001), down(50.001)]).skill;
    expect(Object.is(skill.coinFlip, 0)).toBe(true);
    expect(Object.is(skill.climatology, 0)).toBe(true);
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
    // Every day up: the climatology (6 of 6) scores 0, so the skill against it is undefined; against 50%
    // it is 1 − 0.31083… / 0.25 = −0.24333… → −0.2433, worse than a coin.
    expect(all.brier).toEqual({
      days: 6,
      upDays: 6,
      forecast: 0.3108,
      baseline: 0,
      climatology: 0,
      skill: { coinFlip: -0.2433, climatology: null },
    });
  });

  it("keeps the last days of the window", () => {
    const last = scoreWindow(days, 3);
    expect(last.days).toBe(3);
    // Favoured: not-entered, undecided, stop → decided 1, no target → 0%.
    expect(last.favoured).toMatchObject({ scored: 3, decided: 1, targets: 0, percent: 0 });
    // Forecast: (0.1225 + 0.64 + 0.2025) / 3 = 0.965 / 3 = 0.32166…
    // Against 50%: 1 − 0.32166… / 0.25 = −0.28666… → −0.2867.
    expect(last.brier).toMatchObject({ days: 3, forecast: 0.3217, skill: { coinFlip: -0.2867 } });
    expect(scoreWindow(days, 30).days).toBe(6);
  });
});
