import { generateKeyPairSync } from "node:crypto";
import { mkdir, mkdtemp, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { keyIdOf, rawPublicKey } from "@kalpa/verify";
import { afterAll, describe, expect, it } from "vitest";
import { loadLedgerSigningKey, signingKeyPath } from "./signing-key";

const dirs: string[] = [];
afterAll(() => Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true }))));
const dataDir = async () => {
  const dir = await mkdtemp(path.join(tmpdir(), "kalpa-ledger-key-"));
  dirs.push(dir);
  return dir;
};

describe("the ledger's signing key", () => {
  it("is made once and kept: every later start, and processes starting together, read the same key", async () => {
    const dir = await dataDir();
    const together = await Promise.all([
      loadLedgerSigningKey(undefined, dir),
      loadLedgerSigningKey(undefined, dir),
    ]);
    expect(together[1].published).toEqual(together[0].published);
    expect((await loadLedgerSigningKey(undefined, dir)).published).toEqual(together[0].published);
    expect(together[0].published.algorithm).toBe("Ed25519");
    expect((await stat(signingKeyPath(dir))).mode & 0o777).toBe(0o600);
  });

  it("takes a configured key, PEM or base64 DER, before the kept one", async () => {
    const dir = await dataDir();
    await loadLedgerSigningKey(undefined, dir);
    const { privateKey } = generateKeyPairSync("ed25519");
    const id = keyIdOf(rawPublicKey(privateKey));
    const pem = privateKey.export({ format: "pem", type: "pkcs8" }).toString();
    const der = privateKey.export({ format: "der", type: "pkcs8" }).toString("base64");
    expect((await loadLedgerSigningKey(pem, dir)).published.keyId).toBe(id);
    expect((await loadLedgerSigningKey(der, dir)).published.keyId).toBe(id);
  });

  it("refuses a kept file that holds no Ed25519 key, rather than signing with a new one", async () => {
    const dir = await dataDir();
    await mkdir(path.dirname(signingKeyPath(dir)), { recursive: true });
    const rsa = generateKeyPairSync("rsa", { modulusLength: 1024 }).privateKey;
    await writeFile(signingKeyPath(dir), rsa.export({ format: "pem", type: "pkcs8" }));
    await expect(loadLedgerSigningKey(undefined, dir)).rejects.toThrow(
      `${signingKeyPath(dir)} does not hold an Ed25519 private key (PKCS#8 PEM)`,
    );
  });
});
