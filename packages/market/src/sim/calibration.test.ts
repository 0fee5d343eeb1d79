/**
 * The simulator against its committed calibration (calibration.ts), no recorded data needed: each
 * row of the calibration table (sim/measures.ts MEASURE_ROWS and PAIR_ROWS), measured on simulated
 * days, within its band of the fit's target. The held-out check against the recorded market is
 * recorded/sim-calibration.test.ts.
 */
import { describe, expect, it } from "vitest";
import { SIM_CALIBRATION } from "./calibration";
import { MEASURE_ROWS, PAIR_ROWS, withinBand } from "./measures";
import { measureSimulator } from "./sim-measures";
import { SimulatedMarket } from "./simulated-market";

/** A seed the fit did not use ("calibration"), 200 days of minutes, 10,000 daily closes. */
const simulated = measureSimulator(new SimulatedMarket({ seed: "held-to-targets" }), 200, 10_000);

describe("the simulator against its calibration targets", () => {
  for (const symbol of ["NIFTY", "BANKNIFTY"] as const) {
    for (const row of MEASURE_ROWS) {
      it(`${symbol}: ${row.label} within its ${row.band} band`, () => {
        const target = SIM_CALIBRATION.targets[symbol][row.key];
        const value = simulated[symbol][row.key];
        expect(withinBand(row.band, value, target), `simulated ${value}, target ${target}`).toBe(
          true,
        );
      });
    }
  }
  for (const row of PAIR_ROWS) {
    it(`${row.label} within 0.15 of its target`, () => {
      const target = SIM_CALIBRATION.targets.pair[row.key];
      const value = simulated.pair[row.key];
      expect(withinBand("correlation", value, target), `simulated ${value}, target ${target}`).toBe(
        true,
      );
    });
  }

  it("moves NIFTY and BANKNIFTY together but not identically", () => {
    expect(simulated.pair.minuteCorrelation).toBeGreaterThan(0.5);
    expect(simulated.pair.minuteCorrelation).toBeLessThan(0.95);
  });

  it("keeps each series the same whether or not the other was made first", () => {
    const alone = new SimulatedMarket({ seed: "held-to-targets" });
    const both = new SimulatedMarket({ seed: "held-to-targets" });
    both.minuteBars("NIFTY", "2026-03-09");
    expect(alone.minuteBars("BANKNIFTY", "2026-03-09")).toEqual(
      both.minuteBars("BANKNIFTY", "2026-03-09"),
    );
  });
});
