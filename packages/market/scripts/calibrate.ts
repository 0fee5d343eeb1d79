/**
 * Fits the simulator to the recorded market and prints simulator and market side by side.
 *
 *   npm run calibrate -- ../shared/market-data
 *
 * Reads `index-1min/NIFTY_*.csv`, `index-1min/BANKNIFTY_*.csv` and `index-15min/BANKNIFTY_*.csv` of
 * the folder; writes packages/market/src/sim/calibration.ts (the fitted parameters and the fit
 * window's measures); prints the calibration table (src/sim/measures.ts) for the fit window and for
 * the held-out window (days the fit never saw). docs/market-data.md, "The simulator", explains each
 * step.
 */
import {
  CALIBRATION_FILE,
  FIT_WINDOW,
  fitAndWrite,
  HELD_OUT_WINDOW,
  measureWindow,
  SIM_DAILY_DAYS,
  SIM_MINUTE_DAYS,
  SIM_SEED,
  table,
} from "../recorded/calibration-fit";
import { measureSimulator } from "../src/sim/sim-measures";
import { SimulatedMarket } from "../src/sim/simulated-market";

function main(argv: readonly string[]): void {
  const folder = argv[0];
  if (!folder || folder.startsWith("--")) {
    throw new Error("usage: npm run calibrate -- <market-data folder, e.g. ../shared/market-data>");
  }
  const calibration = fitAndWrite(folder);
  console.log(`wrote ${CALIBRATION_FILE}`);
  console.log(JSON.stringify({ factor: calibration.factor, longRecord: calibration.longRecord }));
  const simulated = measureSimulator(
    new SimulatedMarket({ seed: SIM_SEED, calibration }),
    SIM_MINUTE_DAYS,
    SIM_DAILY_DAYS,
  );
  const held = measureWindow(folder, HELD_OUT_WINDOW);
  console.log(
    `\nFit window ${FIT_WINDOW.from}..${FIT_WINDOW.to} (${calibration.fitWindow.sessions} sessions) ` +
      `against the simulator (seed "${SIM_SEED}", ${SIM_MINUTE_DAYS} days of minutes, ` +
      `${SIM_DAILY_DAYS} of daily closes):\n`,
  );
  console.log(table(calibration.fitWindowMeasures, simulated));
  console.log(
    "\nThe fit's targets (the long record's level and tails, the rest of the fit window):\n",
  );
  console.log(table(calibration.targets, simulated));
  console.log(
    `\nHeld out ${HELD_OUT_WINDOW.from}..${HELD_OUT_WINDOW.to} (${held.sessions} sessions, never seen by the fit):\n`,
  );
  console.log(table(held, simulated));
  console.log("\n✗: outside the band (ratio 0.7–1.4, kurtosis 0.4–2.5, correlation ±0.15)");
}

try {
  main(process.argv.slice(2));
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
