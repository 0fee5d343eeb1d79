/**
 * Text PostgreSQL cannot store: a NUL character (text columns refuse it) or an unpaired UTF-16
 * surrogate (a jsonb column refuses its `\ud800` escape, a text column silently turns it into
 * U+FFFD). No form sends either, so a request holding one is refused before validation
 * (plugins/security.ts) rather than failing with a 500 at its first query (the fuzz drill,
 * drills/fuzz.ts, found both).
 */

/** A high surrogate without its low one, or a low one without its high one (UTF-16 code units). */
const UNPAIRED_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Whether a string can be stored as it is. */
export function isStorableText(text: string): boolean {
  return !text.includes("\u0000") && !UNPAIRED_SURROGATE.test(text);
}

/**
 * The path ("contribution.note", "instruments.0", "" for the value itself) of the first string, or object
 * key, in a parsed JSON value that cannot be stored; undefined when all can. Walks without recursion, so a
 * deeply nested body cannot overflow the stack. Buffers (an uploaded file) are not text.
 */
export function unstorableTextAt(value: unknown): string | undefined {
  const pending: [unknown, string][] = [[value, ""]];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const [item, path] = next;
    if (typeof item === "string") {
      if (!isStorableText(item)) return path;
    } else if (item !== null && typeof item === "object" && !Buffer.isBuffer(item)) {
      for (const [key, child] of Object.entries(item)) {
        if (!isStorableText(key)) return path;
        pending.push([child, path === "" ? key : `${path}.${key}`]);
      }
    }
  }
  return undefined;
}
