import { describe, expect, it } from "vitest";
import {
  canonicalJson,
  entryHash,
  GENESIS_HASH,
  type LedgerEntry,
  nextEntry,
  type PublishedHead,
  verifyChain,
} from "./hash-chain";

function buildChain(days: string[][]): { entries: LedgerEntry[]; heads: PublishedHead[] } {
  const entries: LedgerEntry[] = [];
  const heads: PublishedHead[] = [];
  for (const [day, ...kinds] of days) {
    for (const kind of kinds) {
      entries.push(
        nextEntry(entries.at(-1) ?? null, {
          day: day as string,
          kind,
          content: { kind, pnl: entries.length * 12.5 },
        }),
      );
    }
    const last = entries.at(-1) as LedgerEntry;
    heads.push({ day: day as string, seq: last.seq, hash: last.hash });
  }
  return { entries, heads };
}

const DAYS = [
  ["2026-05-04", "generated", "triggered", "closed"],
  ["2026-05-05", "generated", "cancelled"],
  ["2026-05-06", "generated", "triggered", "closed"],
];

describe("canonicalJson", () => {
  it("sorts keys at every depth and drops undefined members", () => {
    expect(canonicalJson({ b: 1, a: { d: [2, { z: 1, y: 2 }], c: undefined } })).toBe(
      '{"a":{"d":[2,{"y":2,"z":1}]},"b":1}',
    );
  });
  it("refuses what JSON cannot carry", () => {
    expect(() => canonicalJson({ a: Number.NaN })).toThrow(/finite/);
    expect(() => canonicalJson(() => 1)).toThrow(/cannot encode/);
  });
});

describe("the ledger's hash chain", () => {
  it("links each entry to the one before it", () => {
    const { entries } = buildChain(DAYS);
    expect(entries[0]?.prevHash).toBe(GENESIS_HASH);
    expect(entries[1]?.prevHash).toBe(entries[0]?.hash);
    expect(entries.map((entry) => entry.seq)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });

  it("verifies an intact chain against its published heads", () => {
    const { entries, heads } = buildChain(DAYS);
    expect(verifyChain(entries, heads)).toEqual({
      ok: true,
      entries: 8,
      head: { seq: 8, hash: entries[7]?.hash },
      headsChecked: 3,
      firstBreak: null,
    });
  });

  it("finds an edited row", () => {
    const { entries, heads } = buildChain(DAYS);
    const edited = entries.map((entry) =>
      entry.seq === 3 ? { ...entry, content: { kind: "closed", pnl: 9999 } } : entry,
    );
    expect(verifyChain(edited, heads).firstBreak).toEqual({
      seq: 3,
      reason: "edited",
      detail: "entry 3 no longer matches its hash",
    });
  });

  it("finds an edited row even when every later hash was recomputed, through the published heads", () => {
    const { entries, heads } = buildChain(DAYS);
    const rewritten: LedgerEntry[] = [];
    for (const entry of entries) {
      const content = entry.seq === 3 ? { kind: "closed", pnl: 9999 } : entry.content;
      const base = { ...entry, content, prevHash: rewritten.at(-1)?.hash ?? GENESIS_HASH };
      rewritten.push({ ...base, hash: entryHash(base) });
    }
    const verdict = verifyChain(rewritten, heads);
    expect(verdict.ok).toBe(false);
    expect(verdict.firstBreak).toMatchObject({ seq: 3, reason: "unpublished" });
  });

  it("finds a deleted middle row", () => {
    const { entries, heads } = buildChain(DAYS);
    const verdict = verifyChain(
      entries.filter((entry) => entry.seq !== 4),
      heads,
    );
    expect(verdict.firstBreak).toEqual({
      seq: 4,
      reason: "missing",
      detail: "entry 4 is missing (the next one is 5)",
    });
  });

  it("finds a deleted last row", () => {
    const { entries, heads } = buildChain(DAYS);
    const verdict = verifyChain(entries.slice(0, -1), heads);
    expect(verdict.ok).toBe(false);
    expect(verdict.head?.seq).toBe(7);
    expect(verdict.firstBreak).toEqual({
      seq: 8,
      reason: "missing",
      detail: "entry 8, published as the head of 2026-05-06, is missing",
    });
  });

  it("finds a chain relinked around a removed row", () => {
    const { entries, heads } = buildChain(DAYS);
    const without = entries.filter((entry) => entry.seq !== 2);
    const renumbered = without.map((entry, index) => ({ ...entry, seq: index + 1 }));
    expect(verifyChain(renumbered, heads).ok).toBe(false);
  });
});
