import { describe, expect, it } from "vitest";
import { contractAt } from "../options/option-contract";
import { simulatedPricer, theoreticalOption } from "../options/option-pricing";
import { parseIndiaTime } from "../time/india-time";
import { entryVersusZone, premiumExcursions } from "./excursions";

const entryTime = parseIndiaTime("2026-03-09 10:00");
const exitTime = parseIndiaTime("2026-03-09 10:05");
const minute = 60_000;

/** Five whole minutes inside the trade: the underlying dips to 24,900 in the 2nd and rises to 25,120 in the 4th. */
const bars = [
  { time: entryTime - minute, open: 25_000, high: 26_000, low: 24_000 }, // before the entry: ignored
  { time: entryTime, open: 25_000, high: 25_010, low: 24_990 },
  { time: entryTime + minute, open: 25_000, high: 25_000, low: 24_900 },
  { time: entryTime + 2 * minute, open: 25_000, high: 25_050, low: 24_950 },
  { time: entryTime + 3 * minute, open: 25_050, high: 25_120, low: 25_020 },
  { time: entryTime + 4 * minute, open: 25_040, high: 25_060, low: 25_030 },
  { time: exitTime, open: 25_040, high: 26_000, low: 24_000 }, // ends after the exit: ignored
];

const model = (type: "CE" | "PE", underlying: number, at: number) =>
  theoreticalOption(contractAt("NIFTY", type, 25_000, entryTime), underlying, at).price;

describe("premiumExcursions", () => {
  it("prices a call's worst minute at the underlying's low and its best at the high", () => {
    const contract = contractAt("NIFTY", "CE", 25_000, entryTime);
    const entryPrice = simulatedPricer()(contract, 25_000, entryTime);
    const exitPrice = simulatedPricer()(contract, 25_040, exitTime);
    const result = premiumExcursions({
      contract,
      entryTime,
      exitTime,
      entryPrice,
      exitPrice,
      bars,
    });
    // Anchored at the fill: the premium moves as far as the model's price moves from the entry.
    const atEntry = model("CE", 25_000, entryTime);
    const lowest = model("CE", 24_900, entryTime + 2 * minute);
    const highest = model("CE", 25_120, entryTime + 4 * minute);
    expect(result).not.toBeNull();
    expect(result?.mae).toBeCloseTo(atEntry - lowest, 1);
    expect(result?.mfe).toBeCloseTo(highest - atEntry, 1);
    expect(result?.minutes).toBe(5);
    expect(result?.spanMinutes).toBe(5);
  });

  it("turns the underlying round for a put: its worst minute is the underlying's high", () => {
    const contract = contractAt("NIFTY", "PE", 25_000, entryTime);
    const entryPrice = simulatedPricer()(contract, 25_000, entryTime);
    const result = premiumExcursions({
      contract,
      entryTime,
      exitTime,
      entryPrice,
      exitPrice: entryPrice,
      bars,
    });
    const atEntry = model("PE", 25_000, entryTime);
    expect(result?.mae).toBeCloseTo(atEntry - model("PE", 25_120, entryTime + 4 * minute), 1);
    expect(result?.mfe).toBeCloseTo(model("PE", 24_900, entryTime + 2 * minute) - atEntry, 1);
  });

  it("measures the move, not the level: a fill far from the model's price moves as the model's does", () => {
    const contract = contractAt("NIFTY", "CE", 25_000, entryTime);
    const atModel = premiumExcursions({
      contract,
      entryTime,
      exitTime,
      entryPrice: model("CE", 25_000, entryTime),
      exitPrice: model("CE", 25_000, entryTime),
      bars,
    });
    const quotedHigher = premiumExcursions({
      contract,
      entryTime,
      exitTime,
      entryPrice: model("CE", 25_000, entryTime) + 40,
      exitPrice: model("CE", 25_000, entryTime) + 40,
      bars,
    });
    expect(quotedHigher?.mae).toBeCloseTo(atModel?.mae ?? Number.NaN, 2);
    expect(quotedHigher?.mfe).toBeCloseTo(atModel?.mfe ?? Number.NaN, 2);
    expect(atModel?.mae).toBeGreaterThan(5);
  });

  it("keeps the fills as bounds: a stop filled below every priced minute is the MAE", () => {
    const contract = contractAt("NIFTY", "CE", 25_000, entryTime);
    const result = premiumExcursions({
      contract,
      entryTime,
      exitTime,
      entryPrice: 200,
      exitPrice: 1,
      bars,
    });
    expect(result?.mae).toBe(199);
    expect(result?.low).toBe(1);
  });

  it("answers null without a priced minute, never a guess", () => {
    const contract = contractAt("NIFTY", "CE", 25_000, entryTime);
    const base = { contract, entryTime, exitTime, entryPrice: 100, exitPrice: 110 };
    expect(premiumExcursions({ ...base, bars: [] })).toBeNull();
    expect(
      premiumExcursions({ ...base, bars: [bars[0], bars[6]].flatMap((bar) => bar ?? []) }),
    ).toBeNull();
    expect(premiumExcursions({ ...base, exitTime: entryTime - 1, bars })).toBeNull();
  });
});

describe("entryVersusZone", () => {
  it("is 0 inside the zone, the excess above its top, the saving below its bottom", () => {
    expect(entryVersusZone(101, 98, 102)).toBe(0);
    expect(entryVersusZone(103.5, 98, 102)).toBe(1.5);
    expect(entryVersusZone(97.25, 98, 102)).toBe(-0.75);
  });
});
