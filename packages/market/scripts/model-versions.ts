/**
 * Rewrites packages/market/src/models/model-versions.ts: each model's current version (a hash of its
 * parameters and code: recorded/model-versions.ts) and every version it has had, with the day (Asia/Kolkata)
 * this script first saw it. An unchanged model keeps its entries; a changed one gets a new entry dated today.
 * recorded/model-versions.test.ts fails while the committed file is stale.
 *
 *   npm run model-versions
 */
import { MODEL_IDS } from "@kalpa/contracts/names";
import { writeModelVersions } from "../recorded/model-versions";
import { dayKeyOf } from "../src/time/day-key";

const history = await writeModelVersions(dayKeyOf(Date.now()));
for (const id of MODEL_IDS) {
  const current = history[id].at(-1);
  console.log(`${id}: ${current?.version} since ${current?.since}`);
}
