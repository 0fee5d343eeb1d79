/**
 * Alters one ledger row in DATA_DIR's embedded database, so the journal shows the broken-ledger state
 * (an end-to-end test's tool; run with the server stopped: the embedded database opens in one process).
 *
 *   DATA_DIR=./data npx tsx apps/server/scripts/tamper-ledger.ts [seq]
 *
 * Without `seq`, the first `trade` entry is edited (a digit is put before its netPnl). Prints the seq altered.
 */
import path from "node:path";
import { sql } from "drizzle-orm";
import { openDatabase } from "../src/db/client";

const dataDir = path.resolve(process.env.DATA_DIR ?? "./data");
const database = await openDatabase({ kind: "pglite", dataDir: path.join(dataDir, "pglite") });
try {
  const chosen = process.argv[2];
  const result = await database.db.execute<{ seq: number }>(
    chosen === undefined
      ? sql`select min(seq) as seq from ledger_entries where kind = 'trade'`
      : sql`select seq from ledger_entries where seq = ${Number(chosen)}`,
  );
  const seq = (result as unknown as { rows: Array<{ seq: number | null }> }).rows[0]?.seq;
  if (seq === null || seq === undefined) throw new Error("no such ledger entry");
  await database.db.execute(
    sql`update ledger_entries set content = replace(content, '"netPnl":', '"netPnl":1') where seq = ${seq}`,
  );
  console.log(`ledger entry ${seq} altered`);
} finally {
  await database.close();
}
