/**
 * The reliability drills (drills/README.md): `npm run drills [-- names...]` runs them (all by
 * default) on the production build and prints each drill's figures beside its targets in one table;
 * `--reduced` is CI's shorter run. Exits 1 when a figure misses its target or a drill fails.
 */

import { embeddedKillDrill } from "./embedded-kill";
import { fuzzDrill } from "./fuzz";
import { leaderKillDrill } from "./leader-kill";
import { loadAcrossNodesDrill } from "./load-across-nodes";
import { postgresRestartDrill } from "./postgres-restart";
import { redisOutageDrill } from "./redis-outage";
import type { Drill, Figure } from "./support/drill";

const DRILLS: Drill[] = [
  leaderKillDrill,
  redisOutageDrill,
  postgresRestartDrill,
  fuzzDrill,
  loadAcrossNodesDrill,
  embeddedKillDrill,
];

const args = process.argv.slice(2);
const reduced = args.includes("--reduced");
const names = args.filter((arg) => !arg.startsWith("--"));
const unknown = names.filter((name) => !DRILLS.some((drill) => drill.name === name));
if (unknown.length > 0) {
  console.error(
    `Unknown drill: ${unknown.join(", ")}. Drills: ${DRILLS.map((d) => d.name).join(", ")}`,
  );
  process.exit(2);
}
const chosen = names.length === 0 ? DRILLS : DRILLS.filter((drill) => names.includes(drill.name));

const figures: Figure[] = [];
let failed = false;
for (const drill of chosen) {
  const started = performance.now();
  const log = (message: string) => console.log(`[${drill.name}] ${message}`);
  log(`${drill.title}${reduced ? " (reduced)" : ""}`);
  try {
    figures.push(...(await drill.run({ reduced, log })));
  } catch (error) {
    failed = true;
    figures.push({
      drill: drill.name,
      figure: "the drill ran to its end",
      value: error instanceof Error ? (error.message.split("\n")[0] ?? "") : String(error),
      target: "yes",
      ok: false,
    });
    console.error(error);
  }
  log(`done in ${((performance.now() - started) / 1000).toFixed(0)} s`);
}

console.log(`\nDrills${reduced ? " (reduced)" : ""}, ${new Date().toISOString()}`);
console.table(
  figures.map((f) => ({
    drill: f.drill,
    figure: f.figure,
    value: f.value,
    target: f.target,
    met: f.ok ? "yes" : "NO",
  })),
);
const missed = figures.filter((f) => !f.ok);
for (const f of missed)
  console.log(`MISSED  ${f.drill}: ${f.figure}: ${f.value} (target ${f.target})`);
process.exit(failed || missed.length > 0 ? 1 : 0);
