import { describe, expect, it } from "vitest";
import { forecastsEn } from "@/features/forecasts/i18n/en";
import { forecastsHi } from "@/features/forecasts/i18n/hi";
import { journalEn } from "@/features/journal/i18n/en";
import { journalHi } from "@/features/journal/i18n/hi";
import { optionChainEn } from "@/features/live/i18n/option-chain-en";
import { optionChainHi } from "@/features/live/i18n/option-chain-hi";
import { payoffEn } from "@/features/live/i18n/payoff-en";
import { payoffHi } from "@/features/live/i18n/payoff-hi";
import { recordEn } from "@/features/record/i18n/en";
import { recordHi } from "@/features/record/i18n/hi";
import { analystEn } from "@/features/research-analyst/i18n/en";
import { analystHi } from "@/features/research-analyst/i18n/hi";

/**
 * The Hindi of the journal, forecasts, record, analyst, payoff and option chain namespaces, checked on its
 * own until the Hindi resource (app/i18n/hi.ts) puts them together: every English key, the same
 * placeholders, and Devanagari text but for figures, symbols and the column heads traders read in English.
 */
const NAMESPACES = {
  journal: [journalEn, journalHi],
  forecasts: [forecastsEn, forecastsHi],
  record: [recordEn, recordHi],
  analyst: [analystEn, analystHi],
  payoff: [payoffEn, payoffHi],
  optionChain: [optionChainEn, optionChainHi],
} as const;

const SAME_IN_BOTH = new Set([
  "forecasts.scores.verdictWindow",
  "journal.lots",
  "journal.decisionToSend.p50",
  "journal.decisionToSend.p99",
  "journal.decisionToSend.count",
  "journal.analysis.bin",
  "journal.analysis.r",
  "payoff.markerBreakEven",
  "payoff.columnUnderlying",
  "optionChain.ltp",
  "optionChain.iv",
  "optionChain.delta",
  "optionChain.gamma",
  "optionChain.oi",
  "optionChain.atm",
  "optionChain.iv30",
  "analyst.complaints.noneResolved",
]);
const DEVANAGARI = /[\u0900-\u097F]/;

function leaves(tree: object, prefix: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree) as Array<[string, string | object]>) {
    const path = `${prefix}.${key}`;
    if (typeof value === "string") out.set(path, value);
    else for (const [k, v] of leaves(value, path)) out.set(k, v);
  }
  return out;
}

function placeholders(text: string): string[] {
  return [...text.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1] ?? "").sort();
}

const english = new Map<string, string>();
const hindi = new Map<string, string>();
for (const [namespace, [en, hi]] of Object.entries(NAMESPACES)) {
  for (const [key, value] of leaves(en, namespace)) english.set(key, value);
  for (const [key, value] of leaves(hi, namespace)) hindi.set(key, value);
}

describe("Hindi of the newly translated namespaces", () => {
  it("has every English key and no other", () => {
    expect([...hindi.keys()].sort()).toEqual([...english.keys()].sort());
  });

  it.each([...english.keys()])("%s: Hindi keeps the placeholders and is Devanagari", (key) => {
    const hi = hindi.get(key) ?? "";
    expect(placeholders(hi)).toEqual(placeholders(english.get(key) ?? ""));
    if (!SAME_IN_BOTH.has(key)) expect(hi).toMatch(DEVANAGARI);
  });
});
