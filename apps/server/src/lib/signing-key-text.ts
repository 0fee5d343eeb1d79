/**
 * Reads an Ed25519 private key as the operator gives it (LEDGER_SIGNING_KEY) or the server keeps it
 * (modules/ledger/signing-key.ts): shared by the configuration's check and the ledger, which may not import
 * each other.
 */
import { createPrivateKey, type KeyObject } from "node:crypto";

/**
 * The private key a PKCS#8 text holds: PEM (its line breaks may be written as `\n`, as .env files hold
 * them) or the DER bytes in base64. Throws when it is not an Ed25519 private key.
 */
export function parseSigningKey(text: string): KeyObject {
  const trimmed = text.trim();
  const key = trimmed.startsWith("-----BEGIN")
    ? createPrivateKey({ key: trimmed.replace(/\\n/g, "\n"), format: "pem" })
    : createPrivateKey({ key: Buffer.from(trimmed, "base64"), format: "der", type: "pkcs8" });
  if (key.asymmetricKeyType !== "ed25519") {
    throw new Error(`the key is ${key.asymmetricKeyType ?? "not asymmetric"}, not Ed25519`);
  }
  return key;
}
