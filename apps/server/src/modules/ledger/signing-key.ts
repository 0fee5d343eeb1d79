/**
 * The operator's Ed25519 key that signs the ledger's day heads (docs/record-format.md). Given in the
 * environment (LEDGER_SIGNING_KEY: PKCS#8, PEM or base64 DER), or made on first start and kept in
 * DATA_DIR/ledger/signing-key.pem (mode 0600, shared by a cluster's processes, like the VAPID keys): every
 * verifier holds its public half, so it must not change under them. Keep a copy of the file with the backups;
 * a lost key means later days are signed by a new one that readers have to be told about.
 */
import { generateKeyPairSync, type KeyObject, randomUUID } from "node:crypto";
import { link, mkdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { type PublicKeyDocument, publicKeyDocument } from "@kalpa/verify";
import { parseSigningKey } from "../../lib/signing-key-text";

export interface LedgerSigningKey {
  privateKey: KeyObject;
  /** What /.well-known/kalpa-ledger-key publishes. */
  published: PublicKeyDocument;
}

export function signingKeyPath(dataDir: string): string {
  return path.join(dataDir, "ledger", "signing-key.pem");
}

function withPublished(privateKey: KeyObject): LedgerSigningKey {
  return { privateKey, published: publicKeyDocument(privateKey) };
}

export async function loadLedgerSigningKey(
  configured: string | undefined,
  dataDir: string,
): Promise<LedgerSigningKey> {
  if (configured !== undefined) return withPublished(parseSigningKey(configured));
  const file = signingKeyPath(dataDir);
  const read = async (): Promise<LedgerSigningKey | undefined> => {
    let text: string;
    try {
      text = await readFile(file, "utf8");
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
      throw error;
    }
    try {
      return withPublished(parseSigningKey(text));
    } catch {
      throw new Error(`${file} does not hold an Ed25519 private key (PKCS#8 PEM)`);
    }
  };
  const stored = await read();
  if (stored) return stored;
  await mkdir(path.dirname(file), { recursive: true });
  // Written whole under another name, then linked into place: a process starting at the same moment
  // either links first or reads the other's whole file.
  const { privateKey } = generateKeyPairSync("ed25519");
  const temporary = `${file}.${randomUUID()}.tmp`;
  await writeFile(temporary, privateKey.export({ format: "pem", type: "pkcs8" }), { mode: 0o600 });
  try {
    await link(temporary, file);
    return withPublished(privateKey);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    return (await read()) as LedgerSigningKey;
  } finally {
    await rm(temporary, { force: true });
  }
}
