/**
 * The calibrated simulator against the recorded market on the days its fit never saw (May–June
 * 2024), each row of the calibration table (src/sim/measures.ts) within its band; and the committed
 * calibration's fit-window figures against the recorded bars they came from. Skips without
 * shared/market-data.
 */
import { describe, expect, it } from "vitest";
import { SIM_CALIBRATION } from "../src/sim/calibration";
import { MEASURE_ROWS, PAIR_ROWS, withinBand } from "../src/sim/measures";
import { measureSimulator } from "../src/sim/sim-measures";
import { SimulatedMarket } from "../src/sim/simulated-market";
import {
  FIT_WINDOW,
  HELD_OUT_WINDOW,
  measureWindow,
  SIM_DAILY_DAYS,
  SIM_MINUTE_DAYS,
  SIM_SEED,
} from "./calibration-fit";
import { MARKET_DATA_DIR, recordedFiles, SKIPPED_WITHOUT_DATA } from "./market-data";

const present =
  recordedFiles("index-1min", "NIFTY_").length > 0 &&
  recordedFiles("index-1min", "BANKNIFTY_").length > 0;
const note = present ? "" : ` ${SKIPPED_WITHOUT_DATA}`;

/**
 * Rows the simulator misses on the held-out window (docs/market-data.md, "The simulator"): May–June
 * 2024's last 15 minutes were calmer than midday (0.70 NIFTY, 0.81 BANKNIFTY) where the fit window's and
 * the long record's were not (1.00 and 1.13; 0.93). Marked so the check says when they come into band.
 */
const KNOWN_MISSES = new Set([
  "NIFTY closeToMiddayVolatility",
  "BANKNIFTY closeToMiddayVolatility",
]);

describe.skipIf(!present)(`the calibrated simulator against May–June 2024${note}`, () => {
  const held = present ? measureWindow(MARKET_DATA_DIR, HELD_OUT_WINDOW) : undefined;
  const simulated = present
    ? measureSimulator(new SimulatedMarket({ seed: SIM_SEED }), SIM_MINUTE_DAYS, SIM_DAILY_DAYS)
    : undefined;

  for (const symbol of ["NIFTY", "BANKNIFTY"] as const) {
    for (const row of MEASURE_ROWS) {
      const test = KNOWN_MISSES.has(`${symbol} ${row.key}`) ? it.fails : it;
      test(`${symbol}: ${row.label} within its ${row.band} band`, () => {
        const market = held?.[symbol][row.key] ?? Number.NaN;
        const value = simulated?.[symbol][row.key] ?? Number.NaN;
        expect(withinBand(row.band, value, market), `simulator ${value}, market ${market}`).toBe(
          true,
        );
      });
    }
  }
  for (const row of PAIR_ROWS) {
    it(`${row.label} within 0.15`, () => {
      const market = held?.pair[row.key] ?? Number.NaN;
      const value = simulated?.pair[row.key] ?? Number.NaN;
      expect(withinBand("correlation", value, market), `simulator ${value}, market ${market}`).toBe(
        true,
      );
    });
  }
});

describe.skipIf(!present)(
  `the committed calibration against its recorded fit window${note}`,
  () => {
    it("holds the figures the recorded January–April 2024 bars give", () => {
      const fit = measureWindow(MARKET_DATA_DIR, FIT_WINDOW);
      expect(fit.sessions).toBe(SIM_CALIBRATION.fitWindow.sessions);
      for (const symbol of ["NIFTY", "BANKNIFTY"] as const) {
        for (const row of MEASURE_ROWS) {
          const committed = SIM_CALIBRATION.fitWindowMeasures[symbol][row.key];
          expect(fit[symbol][row.key]).toBeCloseTo(committed, 2);
        }
      }
    });
  },
);
