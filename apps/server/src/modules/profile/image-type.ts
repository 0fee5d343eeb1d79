/**
 * Decides a profile image's type from its first bytes, never from the name or the declared Content-Type:
 * whatever the browser claims, only a real PNG, JPEG or WebP is stored, and it is served back with the type
 * its bytes show.
 */
import type { ProfileImageType } from "@kalpa/contracts/api/auth";

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];

function startsWith(bytes: Uint8Array, signature: number[], offset = 0): boolean {
  return signature.every((byte, index) => bytes[offset + index] === byte);
}

function ascii(text: string): number[] {
  return [...text].map((char) => char.charCodeAt(0));
}

export function detectImageType(bytes: Uint8Array): ProfileImageType | undefined {
  if (startsWith(bytes, PNG)) return "image/png";
  if (startsWith(bytes, JPEG)) return "image/jpeg";
  // RIFF <4-byte size> WEBP
  if (startsWith(bytes, ascii("RIFF")) && startsWith(bytes, ascii("WEBP"), 8)) return "image/webp";
  return undefined;
}
