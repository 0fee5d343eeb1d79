// Bundles the server into dist/server.js and the operator's command line into dist/admin.js. Workspace packages (contracts, market, verify) are source and
// are bundled in; npm dependencies stay external and load from node_modules. The migrations folder and the
// common-password list are copied beside the bundle, where src/db/client.ts and
// src/modules/auth/common-passwords.ts look for them (a path relative to the module, the same from both),
// and so is the model cards' real-history.json when it is there (src/modules/models/real-history.ts), and a
// new embedded database for a first start (dist/pglite-template.tar.gz).
import { existsSync } from "node:fs";
import { cp, readFile, rm, writeFile } from "node:fs/promises";
import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { build } from "esbuild";

const root = new URL("../", import.meta.url);
const pkg = JSON.parse(await readFile(new URL("package.json", root), "utf8"));
const external = Object.keys(pkg.dependencies).filter(
  (name) => !["@kalpa/contracts", "@kalpa/market", "@kalpa/verify"].includes(name),
);

await rm(new URL("dist", root), { recursive: true, force: true });
const result = await build({
  entryPoints: {
    server: new URL("src/server.ts", root).pathname,
    admin: new URL("src/cli/admin.ts", root).pathname,
  },
  outdir: new URL("dist", root).pathname,
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  sourcemap: true,
  external,
  metafile: true,
  logLevel: "warning",
});
await cp(new URL("src/db/migrations", root), new URL("dist/migrations", root), { recursive: true });
await cp(
  new URL("src/modules/auth/common-passwords.txt", root),
  new URL("dist/common-passwords.txt", root),
);
// The model cards' backtest figures (modules/models/real-history.ts), when published.
const realHistory = new URL("../../packages/market/model-cards/real-history.json", root);
if (existsSync(realHistory)) {
  await cp(realHistory, new URL("dist/model-cards/real-history.json", root));
}
// A new embedded database, initdb run and the migrations applied, that a first start loads instead of
// running initdb in the server's process (src/db/client.ts PGLITE_TEMPLATE; decision 042). PostgreSQL's
// settings are the server's to give at start; the ones below only bound this build's own memory.
const template = await PGlite.create({
  startParams: [...PGlite.defaultStartParams, "-c", "shared_buffers=16MB"],
});
await migrate(drizzle({ client: template }), {
  migrationsFolder: new URL("dist/migrations", root).pathname,
});
const tarball = await template.dumpDataDir("gzip");
await template.close();
await writeFile(
  new URL("dist/pglite-template.tar.gz", root),
  Buffer.from(await tarball.arrayBuffer()),
);
const bytes = Object.values(result.metafile.outputs).reduce((sum, output) => sum + output.bytes, 0);
console.log(
  `server bundles: dist/server.js and dist/admin.js (${(bytes / 1024).toFixed(0)} KiB with source maps), a new embedded database dist/pglite-template.tar.gz (${(tarball.size / 1024).toFixed(0)} KiB)`,
);
