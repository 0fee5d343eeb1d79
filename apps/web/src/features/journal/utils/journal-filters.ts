/**
 * The journal's filters (spec section 2, "Paper Trade Journal"): a model and a period of 7, 15 or 30 days,
 * kept in the address (`?model=&days=`) so a link reproduces the view. Missing or unknown values fall back
 * to the spec's defaults (BankNifty:KalpaVruksha, 30 days).
 */
import {
  PAPER_TRADE_DAY_FILTERS,
  PAPER_TRADE_DEFAULT_DAYS,
  PAPER_TRADE_DEFAULT_MODEL,
  PAPER_TRADE_MODELS,
} from "@kalpa/contracts/constants";
import type { ModelId } from "@kalpa/contracts/names";

export type JournalDays = (typeof PAPER_TRADE_DAY_FILTERS)[number];

export interface JournalFilters {
  model: ModelId;
  days: JournalDays;
}

export const MODEL_PARAM = "model";
export const DAYS_PARAM = "days";

export function parseJournalFilters(search: URLSearchParams): JournalFilters {
  const model = PAPER_TRADE_MODELS.find((candidate) => candidate === search.get(MODEL_PARAM));
  const days = PAPER_TRADE_DAY_FILTERS.find(
    (candidate) => String(candidate) === search.get(DAYS_PARAM),
  );
  return {
    model: model ?? PAPER_TRADE_DEFAULT_MODEL,
    days: days ?? (PAPER_TRADE_DEFAULT_DAYS as JournalDays),
  };
}

/** The address's query with the filters written in, other parameters (the dashboard's section) kept. */
export function withJournalFilters(search: URLSearchParams, filters: JournalFilters) {
  const next = new URLSearchParams(search);
  next.set(MODEL_PARAM, filters.model);
  next.set(DAYS_PARAM, String(filters.days));
  return next;
}

/** The API's query for the filters. */
export function journalQuery(filters: JournalFilters) {
  return { model: filters.model, days: String(filters.days) };
}
