/**
 * What an Indian discount broker charges on an options round trip (one buy order, one sell order), as their
 * brokerage calculators compute it (reference: market-facts, "Charges on an options round trip"):
 *
 * - brokerage: a flat fee per executed order; an order above the exchange's freeze quantity is split into
 *   child orders of at most that many units (instruments/freeze-quantities.ts), each an executed order;
 * - STT (NSE) or CTT (MCX): a percentage of the sell order's premium turnover;
 * - the exchange's transaction charge: a percentage of each order's premium turnover;
 * - NSE's IPFT (investor protection fund) charge: a percentage of each order's premium turnover (none on
 *   MCX);
 * - the SEBI fee: Rs 10 per crore of each order's turnover;
 * - stamp duty: a percentage of the buy order's turnover;
 * - GST: 18% of brokerage, transaction charge and SEBI fee (and of the IPFT charge, see charge-rates.ts).
 *
 * Every rate is dated (charge-rates.ts, one table with a source per entry) and each order uses the rates in
 * force on the day it was placed: the buy order those of `buyDay`, the sell order those of `sellDay`. Each
 * component is rounded to the paisa once, over both orders, GST on its unrounded base; the total is the sum
 * of the rounded components, as on a contract note.
 */
import type { DayKey, MarketSymbol } from "@kalpa/contracts/names";
import { childOrderCount } from "../instruments/freeze-quantities";
import { optionUnderlying } from "../instruments/option-underlyings";
import { type ChargesExchange, type RatesOnDay, ratesOn, sellTaxOn } from "./charge-rates";

export type { ChargesExchange } from "./charge-rates";
export { CHARGE_RATES, ratesOn } from "./charge-rates";

export interface RoundTrip {
  /** The option's underlying: its exchange's rates apply, and its freeze quantity splits large orders. */
  symbol: MarketSymbol;
  /** Premium per unit paid on the buy order. */
  buyPrice: number;
  /** Premium per unit received on the sell order. */
  sellPrice: number;
  /** Units traded (lots × lot size). */
  quantity: number;
  /**
   * Units in one lot: a side above the freeze quantity is split into child orders of whole lots. Left out,
   * a lot of one unit (the units split freely).
   */
  lotSize?: number;
  /** The Asia/Kolkata day of the sell order: the sell order's rates (and the STT/CTT) are this day's. */
  sellDay: DayKey;
  /**
   * The Asia/Kolkata day of the buy order, whose rates the buy order uses (stamp duty among them); the sell
   * day when left out, as for an intraday trade. Not after the sell day.
   */
  buyDay?: DayKey;
}

export interface Charges {
  brokerage: number;
  /** STT on NSE, CTT on MCX. */
  sellTax: number;
  transaction: number;
  /** NSE's investor protection fund charge; 0 on MCX. */
  ipft: number;
  sebi: number;
  stamp: number;
  gst: number;
  total: number;
  /** The rates are those as of this day: the latest rate change in force on the buy or the sell day. */
  ratesAsOf: DayKey;
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

/** The sell-side tax rate (percent) on a day; throws a RangeError for a day before the first dated rate. */
export function sellTaxPercent(exchange: ChargesExchange, day: DayKey): number {
  return sellTaxOn(exchange, day).percent;
}

/** One order's components, unrounded, at the rates of its day. */
interface OrderCharges {
  brokerage: number;
  transaction: number;
  ipft: number;
  sebi: number;
  gst: number;
}

function orderCharges(turnover: number, rates: RatesOnDay, orders: number): OrderCharges {
  const brokerage = rates.brokeragePerOrder * orders;
  const transaction = (turnover * rates.transactionPercent) / 100;
  const ipft = (turnover * rates.ipftPercent) / 100;
  const sebi = (turnover * rates.sebiPercent) / 100;
  const gstBase = brokerage + transaction + sebi + (rates.gstOnIpft ? ipft : 0);
  return { brokerage, transaction, ipft, sebi, gst: (gstBase * rates.gstPercent) / 100 };
}

/**
 * The executed orders of each side: one, or one per freeze quantity (or part) when the side's units exceed
 * the freeze quantity in force on its day.
 */
export function roundTripOrders(trade: RoundTrip): { buy: number; sell: number } {
  const buyDay = trade.buyDay ?? trade.sellDay;
  return {
    buy: childOrderCount(trade.symbol, trade.quantity, trade.lotSize ?? 1, buyDay),
    sell: childOrderCount(trade.symbol, trade.quantity, trade.lotSize ?? 1, trade.sellDay),
  };
}

/** The charges on the buy side and the sell side of a trade (each one order, or its child orders). */
export function roundTripCharges(trade: RoundTrip): Charges {
  if (!(trade.quantity > 0) || !Number.isFinite(trade.quantity)) {
    throw new RangeError("quantity must be a positive number of units");
  }
  if (!(trade.buyPrice >= 0) || !(trade.sellPrice >= 0)) {
    throw new RangeError("prices must be zero or more");
  }
  const buyDay = trade.buyDay ?? trade.sellDay;
  if (buyDay > trade.sellDay) {
    throw new RangeError(`the buy day ${buyDay} is after the sell day ${trade.sellDay}`);
  }
  const { exchange } = optionUnderlying(trade.symbol);
  const buyRates = ratesOn(exchange, buyDay);
  const sellRates = ratesOn(exchange, trade.sellDay);
  const orders = roundTripOrders(trade);
  const buyTurnover = trade.buyPrice * trade.quantity;
  const sellTurnover = trade.sellPrice * trade.quantity;

  const buy = orderCharges(buyTurnover, buyRates, orders.buy);
  const sell = orderCharges(sellTurnover, sellRates, orders.sell);
  const sellTax = (sellTurnover * sellRates.sellTaxPercent) / 100;
  const stamp = (buyTurnover * buyRates.stampPercent) / 100;

  const rounded = {
    brokerage: roundRupees(buy.brokerage + sell.brokerage),
    sellTax: roundRupees(sellTax),
    transaction: roundRupees(buy.transaction + sell.transaction),
    ipft: roundRupees(buy.ipft + sell.ipft),
    sebi: roundRupees(buy.sebi + sell.sebi),
    stamp: roundRupees(stamp),
    gst: roundRupees(buy.gst + sell.gst),
  };
  const total = roundRupees(
    rounded.brokerage +
      rounded.sellTax +
      rounded.transaction +
      rounded.ipft +
      rounded.sebi +
      rounded.stamp +
      rounded.gst,
  );
  const ratesAsOf = buyRates.asOf > sellRates.asOf ? buyRates.asOf : sellRates.asOf;
  return { ...rounded, total, ratesAsOf };
}

/** Gross and net P/L of a round trip: net is gross less the charges. */
export function roundTripResult(trade: RoundTrip): RoundTripResult {
  const gross = roundRupees((trade.sellPrice - trade.buyPrice) * trade.quantity);
  const charges = roundTripCharges(trade);
  return { gross, charges, net: roundRupees(gross - charges.total) };
}
