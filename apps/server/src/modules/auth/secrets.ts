/**
 * Random secrets and their stored forms. Session tokens and reset grants are 256-bit random values kept
 * only in cookies; the database holds their SHA-256. OTPs are six CSPRNG digits stored as a salted SHA-256
 * and compared in constant time.
 */
import { createHash, randomBytes, randomInt, timingSafeEqual } from "node:crypto";
import { OTP_LENGTH } from "@kalpa/contracts/constants";

export function randomToken(): string {
  return randomBytes(32).toString("base64url");
}

export function sha256Hex(value: string): string {
  return createHash("sha256").update(value).digest("hex");
}

export function generateOtp(): string {
  return String(randomInt(0, 10 ** OTP_LENGTH)).padStart(OTP_LENGTH, "0");
}

export function hashOtp(code: string): { salt: string; hash: string } {
  const salt = randomBytes(16).toString("hex");
  return { salt, hash: saltedHash(salt, code) };
}

export function otpMatches(code: string, salt: string, expectedHash: string): boolean {
  const actual = Buffer.from(saltedHash(salt, code), "hex");
  const expected = Buffer.from(expectedHash, "hex");
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

function saltedHash(salt: string, code: string): string {
  return createHash("sha256").update(`${salt}:${code}`).digest("hex");
}
