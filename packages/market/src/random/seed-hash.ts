/**
 * Turns a list of parts (a seed, a symbol, a day, a purpose) into a 32-bit seed, so that every random
 * stream in the simulator is named by what it is for and independent of the others.
 */

/** Murmur3's 32-bit finaliser: spreads every input bit over the output. */
function fmix32(value: number): number {
  let h = value >>> 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** A 32-bit seed from `parts` (FNV-1a over their text, then mixed). */
export function hashSeed(...parts: ReadonlyArray<string | number>): number {
  const text = parts.join("\u001f");
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return fmix32(h);
}
