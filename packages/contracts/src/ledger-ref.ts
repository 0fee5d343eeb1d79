/**
 * A ledger entry as a reader finds it again (GET /api/ledger, a day bundle): its place in the chain and its
 * SHA-256 (hex). Signals' broadcasts and alerts carry the entry of the transition they tell.
 */
import * as z from "zod/mini";

export const LedgerRefSchema = z.object({ seq: z.number(), hash: z.string() });
export type LedgerRef = z.infer<typeof LedgerRefSchema>;

/** How many hex characters of a ledger hash a line of text shows. */
export const SHORT_HASH_LENGTH = 12;

/** "#1234 · 3fa9c01b2d4e": an entry as a line of text names it. */
export function ledgerRefText(ref: LedgerRef): string {
  return `#${ref.seq} · ${ref.hash.slice(0, SHORT_HASH_LENGTH)}`;
}
