/**
 * The server's VAPID key pair (RFC 8292), which push services use to know the sender. Given in the
 * environment (VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY, base64url as web-push prints them), or made on first
 * start and kept in DATA_DIR/vapid.json (shared by a cluster's processes, deploy/README.md): browsers
 * subscribe with the public key, so it must not change under them.
 */
import { createECDH, randomUUID } from "node:crypto";
import { link, mkdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";

export interface VapidKeys {
  /** The uncompressed P-256 point, base64url (what `applicationServerKey` takes). */
  publicKey: string;
  /** The private scalar, base64url. */
  privateKey: string;
}

/** Whether a pair is a P-256 key pair whose public half belongs to its private half. */
export function isVapidPair(keys: VapidKeys): boolean {
  try {
    const ecdh = createECDH("prime256v1");
    const priv = Buffer.from(keys.privateKey, "base64url");
    if (priv.length !== 32) return false;
    ecdh.setPrivateKey(priv);
    return ecdh.getPublicKey().toString("base64url") === keys.publicKey;
  } catch {
    return false;
  }
}

export function generateVapidKeys(): VapidKeys {
  const ecdh = createECDH("prime256v1");
  ecdh.generateKeys();
  // The scalar as 32 bytes (Node drops leading zero bytes).
  const scalar = ecdh.getPrivateKey();
  return {
    publicKey: ecdh.getPublicKey().toString("base64url"),
    privateKey: Buffer.concat([Buffer.alloc(32 - scalar.length), scalar]).toString("base64url"),
  };
}

export async function loadVapidKeys(configured: VapidKeys | undefined, dataDir: string) {
  if (configured) {
    if (!isVapidPair(configured)) {
      throw new Error("VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are not one P-256 key pair");
    }
    return configured;
  }
  const file = path.join(dataDir, "vapid.json");
  const read = async (): Promise<VapidKeys | undefined> => {
    try {
      const stored = JSON.parse(await readFile(file, "utf8")) as VapidKeys;
      if (!isVapidPair(stored))
        throw new Error(`${file} does not hold a VAPID key pair; remove it`);
      return stored;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
      throw error;
    }
  };
  const stored = await read();
  if (stored) return stored;
  await mkdir(dataDir, { recursive: true });
  // Written whole under another name, then linked into place: a process starting at the same moment
  // either links first or reads the other's whole file.
  const keys = generateVapidKeys();
  const temporary = `${file}.${randomUUID()}.tmp`;
  await writeFile(temporary, `${JSON.stringify(keys)}\n`, { mode: 0o600 });
  try {
    await link(temporary, file);
    return keys;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    return (await read()) as VapidKeys;
  } finally {
    await rm(temporary, { force: true });
  }
}
