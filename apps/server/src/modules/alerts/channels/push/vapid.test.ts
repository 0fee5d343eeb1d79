import { mkdtemp, readFile, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { generateVapidKeys, isVapidPair, loadVapidKeys } from "./vapid";

const dirs: string[] = [];
afterAll(() => Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true }))));
const dataDir = async () => {
  const dir = await mkdtemp(path.join(tmpdir(), "kalpa-vapid-"));
  dirs.push(dir);
  return dir;
};

describe("the VAPID key pair", () => {
  it("is made once and kept: every later start, and processes starting together, read the same pair", async () => {
    const dir = await dataDir();
    const together = await Promise.all([
      loadVapidKeys(undefined, dir),
      loadVapidKeys(undefined, dir),
    ]);
    expect(together[1]).toEqual(together[0]);
    expect(await loadVapidKeys(undefined, dir)).toEqual(together[0]);
    expect(Buffer.from(together[0].publicKey, "base64url")).toHaveLength(65);
    expect(Buffer.from(together[0].privateKey, "base64url")).toHaveLength(32);
    const file = path.join(dir, "vapid.json");
    expect((await stat(file)).mode & 0o077).toBe(0);
    expect(JSON.parse(await readFile(file, "utf8"))).toEqual(together[0]);
  });

  it("takes a configured pair, and refuses one whose halves do not belong together", async () => {
    const pair = generateVapidKeys();
    expect(isVapidPair(pair)).toBe(true);
    expect(await loadVapidKeys(pair, await dataDir())).toEqual(pair);
    const other = generateVapidKeys();
    await expect(
      loadVapidKeys({ publicKey: pair.publicKey, privateKey: other.privateKey }, await dataDir()),
    ).rejects.toThrow("VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are not one P-256 key pair");
  });
});
