/**
 * Fits the option model's IV surfaces and index carry to recorded real option prices, writes them to
 * src/options/calibrated-surfaces.ts and prints the model's premium errors before and after, on the fitted
 * and on the held-out quotes.
 *
 *   npm run calibrate:options -- ../shared/market-data
 *
 * What is fitted on what (recorded/option-quotes.ts says how the quotes are read):
 * - NIFTY's surface (level, skew, curvature, near-expiry premium): NIFTY's chain of 14 Nov 2025, every
 *   expiry within 75 days, the at-the-money call and put and the out-of-the-money strikes within 4 %.
 * - The index carry (the dividend yield q in forward = spot × e^((r − q)T)): the median over those NIFTY
 *   expiries of the q their parity forwards imply; BANKNIFTY takes NIFTY's.
 * - BANKNIFTY's surface: NIFTY's shape, its level NIFTY's times the median ratio of BANKNIFTY's to NIFTY's
 *   at-the-money IV on the same sessions of 19 Jan – 31 Mar 2026 (options-atm-5min, same monthly expiry).
 * - CRUDEOIL's surface (level, skew, curvature; one expiry trades, so no term): crude's chains of
 *   2-12 Jun 2025 (crudeoil-options-1min), before the 13 Jun spike.
 * Held out, never read by the fit: BANKNIFTY's chain of 14 Nov 2025, the at-the-money series of April and
 * May 2026 of both indices, crude's sessions of 13-20 Jun 2025. (Their errors were printed while the
 * model's form was settled: the at-the-money band, the no-arbitrage smile; docs/models.md section 6.)
 */

async function main(): Promise<void> {
  const folder = process.argv[2];
  if (folder) process.env.MARKET_DATA_DIR = folder;
  // Imported after MARKET_DATA_DIR is set: the folder is read when the module loads.
  const { fitCalibration, errorTable, writeCalibration } = await import(
    "../recorded/option-errors"
  );
  const { SKIPPED_WITHOUT_DATA } = await import("../recorded/market-data");
  const fit = fitCalibration();
  if (!fit) {
    console.error(`no recorded option prices found ${SKIPPED_WITHOUT_DATA}`);
    process.exit(1);
  }
  console.log(`wrote ${writeCalibration(fit, new Date().toISOString().slice(0, 10))}`);
  console.log(errorTable(fit));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
