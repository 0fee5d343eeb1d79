/**
 * What an Indian discount broker charges on an options round trip (one buy order, one sell order), as their
 * brokerage calculators compute it (reference: market-facts, "Charges on an options round trip"):
 *
 * - brokerage: a flat fee per executed order;
 * - STT (NSE) or CTT (MCX): a percentage of the sell side's premium turnover, at the rate in force on the
 *   day of the sell;
 * - the exchange's transaction charge: a percentage of the premium turnover, both sides;
 * - the SEBI fee: Rs 10 per crore of turnover, both sides;
 * - stamp duty: a percentage of the buy side's turnover;
 * - GST: 18% of brokerage, transaction charge and SEBI fee.
 *
 * Each component is rounded to the paisa, GST on the unrounded base, and the total is the sum of the rounded
 * components, as on a contract note. Rates are dated: a change applies from its first day.
 */
import type { DayKey } from "@kalpa/contracts/names";

export type ChargesExchange = "NSE" | "MCX";

/** A percentage rate in force from a day on (inclusive). */
interface DatedRate {
  from: DayKey;
  percent: number;
}

interface ExchangeRates {
  /** Sell-side tax (STT on NSE options, CTT on MCX options), newest last. */
  sellTax: readonly DatedRate[];
  transactionPercent: number;
  stampPercent: number;
}

const BROKERAGE_PER_ORDER = 20;
const SEBI_PERCENT = 0.0001; // Rs 10 per crore
const GST_PERCENT = 18;

export const CHARGE_RATES: Readonly<Record<ChargesExchange, ExchangeRates>> = {
  NSE: {
    sellTax: [
      { from: "2023-04-01", percent: 0.0625 },
      { from: "2024-10-01", percent: 0.1 },
      { from: "2026-04-01", percent: 0.15 },
    ],
    transactionPercent: 0.03503,
    stampPercent: 0.003,
  },
  MCX: {
    sellTax: [{ from: "2023-04-01", percent: 0.05 }],
    transactionPercent: 0.0418,
    stampPercent: 0.003,
  },
};

export interface RoundTrip {
  exchange: ChargesExchange;
  /** Premium per unit paid on the buy order. */
  buyPrice: number;
  /** Premium per unit received on the sell order. */
  sellPrice: number;
  /** Units traded (lots × lot size). */
  quantity: number;
  /** The Asia/Kolkata day of the sell order, which sets the sell-side tax rate. */
  sellDay: DayKey;
}

export interface Charges {
  brokerage: number;
  /** STT on NSE, CTT on MCX. */
  sellTax: number;
  transaction: number;
  sebi: number;
  stamp: number;
  gst: number;
  total: number;
}

export interface RoundTripResult {
  /** (sell − buy) × quantity, in rupees. */
  gross: number;
  charges: Charges;
  net: number;
}

/** Rounds to the paisa, half away from zero, without binary-fraction surprises (1.005 → 1.01). */
export function roundRupees(value: number): number {
  const sign = value < 0 ? -1 : 1;
  return (sign * Math.round(Number((Math.abs(value) * 100).toPrecision(12)))) / 100;
}

/** The sell-side tax rate (percent) on a day; throws for a day before the first dated rate. */
export function sellTaxPercent(exchange: ChargesExchange, day: DayKey): number {
  const rates = CHARGE_RATES[exchange].sellTax;
  let rate: number | undefined;
  for (const candidate of rates) if (candidate.from <= day) rate = candidate.percent;
  if (rate === undefined) {
    throw new RangeError(`No ${exchange} sell-side tax rate is known for ${day}`);
  }
  return rate;
}

/** The charges on one buy and one sell order. */
export function roundTripCharges(trade: RoundTrip): Charges {
  if (!(trade.quantity > 0) || !Number.isFinite(trade.quantity)) {
    throw new RangeError("quantity must be a positive number of units");
  }
  if (!(trade.buyPrice >= 0) || !(trade.sellPrice >= 0)) {
    throw new RangeError("prices must be zero or more");
  }
  const rates = CHARGE_RATES[trade.exchange];
  const buyTurnover = trade.buyPrice * trade.quantity;
  const sellTurnover = trade.sellPrice * trade.quantity;
  const turnover = buyTurnover + sellTurnover;

  const brokerage = BROKERAGE_PER_ORDER * 2;
  const sellTax = (sellTurnover * sellTaxPercent(trade.exchange, trade.sellDay)) / 100;
  const transaction = (turnover * rates.transactionPercent) / 100;
  const sebi = (turnover * SEBI_PERCENT) / 100;
  const stamp = (buyTurnover * rates.stampPercent) / 100;
  const gst = ((brokerage + transaction + sebi) * GST_PERCENT) / 100;

  const rounded = {
    brokerage: roundRupees(brokerage),
    sellTax: roundRupees(sellTax),
    transaction: roundRupees(transaction),
    sebi: roundRupees(sebi),
    stamp: roundRupees(stamp),
    gst: roundRupees(gst),
  };
  const total = roundRupees(
    rounded.brokerage +
      rounded.sellTax +
      rounded.transaction +
      rounded.sebi +
      rounded.stamp +
      rounded.gst,
  );
  return { ...rounded, total };
}

/** Gross and net P/L of a round trip: net is gross less the charges. */
export function roundTripResult(trade: RoundTrip): RoundTripResult {
  const gross = roundRupees((trade.sellPrice - trade.buyPrice) * trade.quantity);
  const charges = roundTripCharges(trade);
  return { gross, charges, net: roundRupees(gross - charges.total) };
}
