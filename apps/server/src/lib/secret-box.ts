/**
 * Secrets at rest (the broker's access token): AES-256-GCM with the process's secrets key, a fresh 96-bit
 * nonce per value, stored as `v1.<nonce>.<ciphertext>.<tag>` in base64url. A value encrypted under another
 * key, or altered, does not open (the tag fails) and reads as absent to the caller.
 *
 * The key is SECRETS_KEY (required in production); in development, when it is absent, 32 random bytes are
 * generated once into DATA_DIR/secrets.key (mode 0600) and read from there after.
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes, randomUUID } from "node:crypto";
import { link, mkdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";

const VERSION = "v1";

export interface SecretBox {
  seal(plain: string): string;
  /** The plain text, or undefined when the value does not open with this key. */
  open(sealed: string): string | undefined;
}

export function createSecretBox(secretsKey: Buffer): SecretBox {
  if (secretsKey.length !== 32) throw new RangeError("the secrets key must be 32 bytes");
  // Its own key, derived from the secrets key (which also signs the login state: one key, one use each).
  const key = Buffer.from(
    hkdfSync("sha256", secretsKey, Buffer.alloc(0), "kalpa/secret-box/aes-256-gcm/v1", 32),
  );
  return {
    seal(plain) {
      const nonce = randomBytes(12);
      const cipher = createCipheriv("aes-256-gcm", key, nonce);
      const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
      return [VERSION, nonce, body, cipher.getAuthTag()]
        .map((part) => (typeof part === "string" ? part : part.toString("base64url")))
        .join(".");
    },
    open(sealed) {
      const [version, nonce, body, tag] = sealed.split(".");
      if (version !== VERSION || !nonce || body === undefined || !tag) return undefined;
      try {
        const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(nonce, "base64url"));
        decipher.setAuthTag(Buffer.from(tag, "base64url"));
        return Buffer.concat([
          decipher.update(Buffer.from(body, "base64url")),
          decipher.final(),
        ]).toString("utf8");
      } catch {
        return undefined;
      }
    },
  };
}

/** The configured key, or (development) the one kept in DATA_DIR/secrets.key, made on first use. */
export async function loadSecretsKey(configured: Buffer | undefined, dataDir: string) {
  if (configured) return configured;
  const file = path.join(dataDir, "secrets.key");
  try {
    const stored = Buffer.from((await readFile(file, "utf8")).trim(), "base64");
    if (stored.length === 32) return stored;
    throw new Error(`${file} does not hold 32 bytes in base64; remove it or set SECRETS_KEY`);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  const key = randomBytes(32);
  await mkdir(dataDir, { recursive: true });
  // Written whole under another name, then linked into place: of two processes starting together (a
  // cluster's, on one DATA_DIR), one links first and the other reads its whole file, never a part of it.
  const temporary = `${file}.${randomUUID()}.tmp`;
  await writeFile(temporary, `${key.toString("base64")}\n`, { mode: 0o600 });
  try {
    await link(temporary, file);
    return key;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    return loadSecretsKey(undefined, dataDir);
  } finally {
    await rm(temporary, { force: true });
  }
}
