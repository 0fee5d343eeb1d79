/**
 * The signed record as an outsider checks it: on /record they download the operator's key and the newest
 * day's bundle through the page's own links, run the verifier on the saved files (node
 * packages/verify/bin/kalpa-verify.js, the command the page gives, in a process given no server address:
 * it reads the two files and nothing else), and see it pass; then they change one price in the saved bundle
 * and see it fail at that entry. The verifier's own tests cover each kind of alteration; this journey
 * proves the page's downloads are what it reads. Runs on the shared server's demo record.
 */
import { execFile } from "node:child_process";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { REPO_ROOT } from "../support/environment";
import { expect, test } from "../support/fixtures";

const VERIFIER = path.join(REPO_ROOT, "packages", "verify", "bin", "kalpa-verify.js");

/** Runs the verifier in `dir` on the files named, with nothing of the environment but PATH. */
function verify(dir: string, args: string[]): Promise<{ code: number; out: string }> {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      [VERIFIER, ...args],
      { cwd: dir, env: { PATH: process.env.PATH ?? "" }, timeout: 15_000 },
      (error, stdout, stderr) => {
        if (error && typeof error.code !== "number") reject(error);
        else resolve({ code: error ? Number(error.code) : 0, out: `${stdout}${stderr}` });
      },
    );
  });
}

/** The first number under a key naming a price (entryPrice, exitPrice, …) in an entry's content. */
function findPrice(value: unknown, trail: string[] = []): string[] | undefined {
  if (typeof value !== "object" || value === null) return undefined;
  for (const [key, inner] of Object.entries(value)) {
    if (/price/i.test(key) && typeof inner === "number" && inner > 0) return [...trail, key];
    const deeper = findPrice(inner, [...trail, key]);
    if (deeper) return deeper;
  }
  return undefined;
}

test("an outsider downloads the key and a day's bundle from /record and verifies them offline, then sees an altered price fail", async ({
  page,
}, testInfo) => {
  const dir = testInfo.outputPath("record");
  await mkdir(dir, { recursive: true });
  await page.goto("/record");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();

  const [keyDownload] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Download the key (kalpa-ledger-key.json)" }).click(),
  ]);
  const keyFile = keyDownload.suggestedFilename();
  expect(keyFile).toBe("kalpa-ledger-key.json");
  await keyDownload.saveAs(path.join(dir, keyFile));

  // The newest day's bundle: the first row of the signed heads (a phone's list or the table, whichever shows).
  const bundleLink = page.getByRole("link", { name: /^Download the bundle of / }).first();
  await expect(bundleLink).toBeVisible({ timeout: 15_000 });
  const [bundleDownload] = await Promise.all([page.waitForEvent("download"), bundleLink.click()]);
  const bundleFile = bundleDownload.suggestedFilename();
  expect(bundleFile).toMatch(/^\d{4}-\d{2}-\d{2}\.json$/);
  const day = bundleFile.replace(/\.json$/, "");
  await bundleDownload.saveAs(path.join(dir, bundleFile));
  // The page's command names the files as they were saved.
  await expect(page.getByTestId("record-command")).toContainText(
    `npx kalpa-verify --key ${keyFile} `,
  );
  await expect(page.getByTestId("record-command")).toContainText(bundleFile);

  const good = await verify(dir, ["--key", keyFile, bundleFile]);
  expect(good.out).toMatch(new RegExp(`^ok +${day} +\\d+ entries, head seq \\d+`, "m"));
  expect(good.out).toContain("verified: 1 day(s), signed by the operator's key");
  expect(good.code).toBe(0);

  // One price changed in the saved bundle (saved as it came: the API's envelope around the bundle).
  const saved = JSON.parse(await readFile(path.join(dir, bundleFile), "utf8")) as {
    data: { entries: Array<{ seq: number; content: Record<string, unknown> }> };
  };
  const entry = saved.data.entries.find((item) => findPrice(item.content) !== undefined);
  if (!entry) throw new Error(`no entry of ${day}'s bundle holds a price`);
  const trail = findPrice(entry.content) as string[];
  const holder = trail
    .slice(0, -1)
    .reduce<Record<string, unknown>>(
      (object, key) => object[key] as Record<string, unknown>,
      entry.content,
    );
  const field = trail.at(-1) as string;
  holder[field] = Math.round(((holder[field] as number) + 1) * 100) / 100;
  await writeFile(path.join(dir, bundleFile), JSON.stringify(saved));

  const bad = await verify(dir, ["--key", keyFile, bundleFile]);
  expect(bad.out).toMatch(new RegExp(`^FAIL ${day} `, "m"));
  expect(bad.out).toContain(
    `${day} seq ${entry.seq}: edited: entry ${entry.seq} no longer matches its hash`,
  );
  expect(bad.out).toContain("NOT verified: 1 problem(s)");
  expect(bad.code).toBe(1);
});
