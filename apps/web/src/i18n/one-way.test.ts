import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The i18n core imports nothing of the app: the features import it (addEnglish, useTranslation) and declare
 * their strings' type in registry.ts's interfaces, and app/ puts the translations together. Its own tests
 * included, a file here may import only packages and other files of this folder.
 */
const HERE = import.meta.dirname;
const files = readdirSync(HERE, { recursive: true, encoding: "utf8" }).filter((file) =>
  /\.tsx?$/.test(file),
);

/** Every module a file names: static and dynamic imports, re-exports and `declare module`. */
function specifiers(source: string): string[] {
  const patterns = [
    /\bfrom\s+["']([^"']+)["']/g,
    /\bimport\s*\(\s*["']([^"']+)["']\s*\)/g,
    /^\s*import\s+["']([^"']+)["']/gm,
    /\bdeclare\s+module\s+["']([^"']+)["']/g,
  ];
  return patterns.flatMap((pattern) =>
    [...source.matchAll(pattern)].map((match) => match[1] ?? ""),
  );
}

function isWithinI18n(file: string, specifier: string): boolean {
  if (specifier === "@/i18n" || specifier.startsWith("@/i18n/")) return true;
  if (!specifier.startsWith(".")) return false;
  const target = path.resolve(HERE, path.dirname(file), specifier);
  return target === HERE || target.startsWith(`${HERE}${path.sep}`);
}

/** A package (react, @kalpa/contracts, vitest, node:fs), not a path into this app. */
function isPackage(specifier: string): boolean {
  return !specifier.startsWith(".") && !specifier.startsWith("@/");
}

describe("the i18n core", () => {
  it("has files to check", () => {
    expect(files).toEqual(expect.arrayContaining(["index.ts", "en.ts", "registry.ts", "te.ts"]));
  });

  it.each(files)("%s imports no feature, nor anything else of the app", (file) => {
    const named = specifiers(readFileSync(path.join(HERE, file), "utf8"));
    const outside = named.filter(
      (specifier) => !isPackage(specifier) && !isWithinI18n(file, specifier),
    );
    expect(outside).toEqual([]);
  });

  it("recognises an import of a feature when it sees one", () => {
    // Quoted through a variable, so that this file's own text is not taken for these imports.
    const q = '"';
    const source = [
      `import type { adminEn } from ${q}@/features/admin/i18n/en${q};`,
      `export { x } from ${q}../features/live/i18n/te${q};`,
      `const te = () => import(${q}@/app/i18n/te${q});`,
      `declare module ${q}@/i18n/registry${q} {}`,
    ].join("\n");
    const named = specifiers(source);
    expect(
      named.filter((specifier) => !isPackage(specifier) && !isWithinI18n("en.ts", specifier)),
    ).toEqual(["@/features/admin/i18n/en", "../features/live/i18n/te", "@/app/i18n/te"]);
    expect(named).toContain("@/i18n/registry");
  });
});
