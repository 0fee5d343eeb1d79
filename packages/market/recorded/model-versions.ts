/**
 * The models' versions (decision 028), written to src/models/model-versions.ts by
 * `npm run model-versions` (scripts/model-versions.ts). This folder may read and write files (biome.json).
 *
 * A model's version: the first 12 hex digits of a SHA-256 over its id, its default parameters (the rules
 * `createModel` gives it, as JSON with sorted keys) and the code that decides its signals:
 *
 * - the model's own file and every file it imports from models/ and indicators/ (its indicators and
 *   signal-model.ts), followed import by import;
 * - the shared files that turn a setup into a signal: models/models.ts (which class and parameters an id
 *   gets), models/signal-intent.ts (contract, premium and zones) and signals/model-runner.ts (the rules
 *   around every model: one active signal, quiet opening, cut-off, cool-down).
 *
 * The paper trade's mechanics after the signal (signals/lifecycle.ts: fills, stops, square-off) are not
 * part of it: they are the journal's rules, the same for every model (decision 028).
 *
 * Line endings are normalised to "\n" before hashing, so a checkout on Windows gives the same version.
 */
import { createHash } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { MODEL_IDS, type ModelId } from "@kalpa/contracts/names";
import type { ModelVersion } from "../src/models/model-versions";
import { createModel } from "../src/models/models";

const SRC = fileURLToPath(new URL("../src/", import.meta.url));

/** The generated file: each model's versions and the day each began. */
export const MODEL_VERSIONS_FILE = join(SRC, "models", "model-versions.ts");

/** Each model's own file (the start of its import walk). */
const MODEL_FILES: Readonly<Record<ModelId, string>> = {
  "BankNifty:KalpaVruksha": "models/kalpa-vruksha.ts",
  "Nifty:KalpaVruksha": "models/kalpa-vruksha.ts",
  "BankNifty:HFT": "models/hft.ts",
  "CrudeOil:Yamuna": "models/yamuna.ts",
};

/** Followed by the import walk: a model's own code and its indicators. */
const WALKED_FOLDERS = ["models/", "indicators/"];

/** Shared by every model (not walked: their imports are the market's, not the model's). */
const SHARED_FILES = ["models/models.ts", "models/signal-intent.ts", "signals/model-runner.ts"];

export interface ComputedVersion {
  readonly version: string;
  /** The files hashed, relative to packages/market/src, sorted. */
  readonly files: readonly string[];
}

function source(file: string): string {
  return readFileSync(join(SRC, file), "utf8").replace(/\r\n?/g, "\n");
}

/** The relative imports of `file` (packages/market/src-relative, with the .ts added). */
function importsOf(file: string): string[] {
  const found: string[] = [];
  for (const match of source(file).matchAll(/from\s+"(\.{1,2}\/[^"]+)"/g)) {
    const target = relative(SRC, resolve(SRC, dirname(file), `${match[1]}.ts`));
    found.push(target.split("\\").join("/"));
  }
  return found;
}

/** The model's file and what it imports from models/ and indicators/, transitively. */
function walk(start: string): Set<string> {
  const seen = new Set<string>();
  const queue = [start];
  for (let file = queue.pop(); file !== undefined; file = queue.pop()) {
    if (seen.has(file)) continue;
    seen.add(file);
    for (const target of importsOf(file)) {
      if (WALKED_FOLDERS.some((folder) => target.startsWith(folder))) queue.push(target);
    }
  }
  return seen;
}

/** Sorted-key JSON of a model's parameters (flat: names to numbers). */
function parametersJson(rules: object): string {
  const entries = Object.entries(rules).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return JSON.stringify(Object.fromEntries(entries));
}

export function computeModelVersion(id: ModelId): ComputedVersion {
  const files = [...new Set([...walk(MODEL_FILES[id]), ...SHARED_FILES])].sort();
  const hash = createHash("sha256");
  hash.update(`model ${id}\n`);
  hash.update(`parameters ${parametersJson(createModel(id).rules)}\n`);
  for (const file of files) hash.update(`file ${file}\n${source(file)}\n`);
  return { version: hash.digest("hex").slice(0, 12), files };
}

export function computeModelVersions(): Record<ModelId, ComputedVersion> {
  return Object.fromEntries(MODEL_IDS.map((id) => [id, computeModelVersion(id)])) as Record<
    ModelId,
    ComputedVersion
  >;
}

type History = Partial<Record<ModelId, readonly ModelVersion[]>>;

/** The history with today's versions added where they changed. */
export function nextHistory(
  history: History,
  computed: Record<ModelId, ComputedVersion>,
  today: string,
): Record<ModelId, ModelVersion[]> {
  const next = {} as Record<ModelId, ModelVersion[]>;
  for (const id of MODEL_IDS) {
    const versions = [...(history[id] ?? [])];
    const { version, files } = computed[id];
    const last = versions.at(-1);
    if (last?.version === version) versions[versions.length - 1] = { ...last, files };
    else versions.push({ version, since: today, files });
    next[id] = versions;
  }
  return next;
}

export function renderVersionsFile(history: Record<ModelId, ModelVersion[]>): string {
  const entry = (item: ModelVersion) =>
    `    {\n      version: ${JSON.stringify(item.version)},\n      since: ${JSON.stringify(item.since)},\n` +
    `      files: [\n${item.files.map((file) => `        ${JSON.stringify(file)},\n`).join("")}      ],\n    },\n`;
  const models = MODEL_IDS.map(
    (id) => `  ${JSON.stringify(id)}: [\n${history[id].map(entry).join("")}  ],\n`,
  ).join("");
  return `/**
 * Written by \`npm run model-versions\` (packages/market/scripts/model-versions.ts): do not edit.
 *
 * Each model's versions, oldest first. A version is a hash of the model's default parameters and of the
 * code that decides its signals (the files listed: packages/market/src-relative); \`since\` is the
 * Asia/Kolkata day the script first saw it, where the version's live paper record begins. The last entry
 * is the version the engine runs: every signal it makes carries it.
 */
import type { ModelId } from "@kalpa/contracts/names";

export interface ModelVersion {
  /** 12 hex digits. */
  readonly version: string;
  /** YYYY-MM-DD. */
  readonly since: string;
  readonly files: readonly string[];
}

export const MODEL_VERSION_HISTORY: Readonly<Record<ModelId, readonly ModelVersion[]>> = {
${models}};

/** The version the engine runs for \`id\`: the last entry of its history. */
export function currentModelVersion(id: ModelId): ModelVersion {
  const history = MODEL_VERSION_HISTORY[id];
  const current = history[history.length - 1];
  if (!current) throw new RangeError(\`no version recorded for \${id}\`);
  return current;
}
`;
}

/** Rewrites the generated file with today's versions added where they changed; the new history. */
export async function writeModelVersions(today: string): Promise<Record<ModelId, ModelVersion[]>> {
  const history: History = await import("../src/models/model-versions").then(
    (module) => module.MODEL_VERSION_HISTORY,
    () => ({}),
  );
  const next = nextHistory(history, computeModelVersions(), today);
  writeFileSync(MODEL_VERSIONS_FILE, renderVersionsFile(next));
  return next;
}
