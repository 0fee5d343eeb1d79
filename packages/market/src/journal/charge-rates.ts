/**
 * The dated rates behind a round trip's charges (journal/charges.ts): one table, each component a list of
 * entries `{ from, ...value, source }`, oldest first and newest last. An entry is in force from its `from`
 * day (Asia/Kolkata, inclusive) until the next entry's `from`; a trade's order uses the entries in force on
 * the day it was placed.
 *
 * `from` is the first day this table vouches for the rate: the day it took effect where a source dates it,
 * otherwise the earliest day a source shows it in force (the source text says which). A day before a
 * component's first entry has no rate and `ratesOn` throws a RangeError naming the component. The table
 * covers NSE trades from 1 Jan 2018 on (the recorded BANKNIFTY bars begin then) and MCX trades from
 * 1 Apr 2023 on (MCX's own components before that were not looked up).
 *
 * To add a rate (a budget, an exchange circular, a new broker price): append ONE entry to the component's
 * list with the day it takes effect as `from` and where the number comes from as `source`, e.g.
 *   { from: "2027-04-01", percent: 0.2, source: "Finance Act 2027, s. 98 as amended: ..." }
 * Never edit an entry that trades have already used (past trades keep the rates of their own days), never
 * reorder, and add a worked example for the new period in charges.test.ts. A source that could not be
 * checked is written as "unverified: ..." rather than left out.
 *
 * Not in the table: STT (or CTT) on an option exercised at expiry, charged on its intrinsic value (0.125%
 * of it until 31 Mar 2026, 0.15% from 1 Apr 2026). Kalpa's trades are squared off before expiry, so no
 * option of ours is ever exercised and that tax never applies; a model that held an option into expiry
 * would need it.
 */
import type { DayKey } from "@kalpa/contracts/names";

export type ChargesExchange = "NSE" | "MCX";

interface Dated {
  /** The first day (inclusive) the entry applies. */
  readonly from: DayKey;
  /** Where the number comes from; "unverified: ..." where no source could confirm it. */
  readonly source: string;
}

export interface BrokerageRate extends Dated {
  /** Rupees per executed order. */
  readonly perOrder: number;
}

export interface PercentRate extends Dated {
  /** Percent of the turnover it applies to (0.1 means 0.1%). */
  readonly percent: number;
}

export interface GstRate extends PercentRate {
  /**
   * Whether the IPFT charge is in GST's base. The base is always brokerage + transaction charge + SEBI fee;
   * never STT/CTT or stamp duty.
   */
  readonly onIpft: boolean;
}

type PerExchange<T> = Readonly<Record<ChargesExchange, readonly T[]>>;

export interface ChargeRateTable {
  /** The broker's fee per executed order (its own price, the same on both exchanges). */
  readonly brokerage: readonly BrokerageRate[];
  /** STT on NSE options, CTT on MCX options: percent of the sell order's premium turnover. */
  readonly sellTax: PerExchange<PercentRate>;
  /** The exchange's transaction charge: percent of the premium turnover of each order. */
  readonly transaction: PerExchange<PercentRate>;
  /** NSE's Investor Protection Fund Trust charge: percent of the premium turnover of each order. */
  readonly ipft: PerExchange<PercentRate>;
  /** SEBI's turnover fee: percent of the premium turnover of each order. */
  readonly sebi: readonly PercentRate[];
  /** Stamp duty: percent of the buy order's premium turnover. */
  readonly stamp: readonly PercentRate[];
  readonly gst: readonly GstRate[];
}

const ZERODHA_CHARGES =
  "Zerodha's charges page (zerodha.com/charges), as quoted by third-party summaries of 2024-2026 " +
  "(finology.in, tradesee.in, myharyana.co.in)";

const FROM_2018 =
  "In force before this day; the table starts on 1 Jan 2018, the first day of the recorded BANKNIFTY bars";

export const CHARGE_RATES: ChargeRateTable = {
  brokerage: [
    {
      from: "2018-01-01",
      perOrder: 20,
      source:
        "Zerodha's flat Rs 20 per executed options order, its price since 2014 (a Z-Connect comment of " +
        `3 Dec 2014) and on its charges page through 2018-2023. ${FROM_2018}.`,
    },
    {
      from: "2023-04-01",
      perOrder: 20,
      source:
        `${ZERODHA_CHARGES}: a flat Rs 20 per executed order on options; a discount broker's own price, ` +
        "not a statutory rate. In force before this day (a Zerodha Z-Connect comment of 3 Dec 2014 already " +
        "shows the flat Rs 20 per options order on NSE); the table starts here. Unverified for MCX options " +
        "before Oct 2024 (one older summary lists '0.03% or Rs 20, whichever is lower' for commodity options).",
    },
  ],
  sellTax: {
    NSE: [
      {
        from: "2018-01-01",
        percent: 0.05,
        source:
          "Finance Act 2016: STT on the sale of an option 0.017% -> 0.05% of premium from 1 Jun 2016 (NSE " +
          "circular, PTI in Business Standard 17 May 2016; Zerodha bulletin of 25 May 2016). " +
          `${FROM_2018}.`,
      },
      {
        from: "2023-04-01",
        percent: 0.0625,
        source:
          "Finance Act 2023 as amended in Parliament (STT on the sale of an option: 0.05% -> 0.0625% of " +
          "premium from 1 Apr 2023; Finance Ministry clarification of 24 Mar 2023, reported by devdiscourse " +
          "and ibtimes).",
      },
      {
        from: "2024-10-01",
        percent: 0.1,
        source:
          "Finance (No. 2) Act 2024: STT on the sale of an option 0.0625% -> 0.1% of premium from 1 Oct 2024 " +
          "(Nithin Kamath, Zerodha, as reported by livemint on 1 Oct 2024).",
      },
      {
        from: "2026-04-01",
        percent: 0.15,
        source:
          "Union Budget 2026 / Finance Bill 2026: STT on the sale of an option 0.1% -> 0.15% of premium for " +
          "trades from 1 Apr 2026 (cleartax.in STT page; devadhaantu.in, 6 Feb 2026).",
      },
    ],
    MCX: [
      {
        from: "2023-04-01",
        percent: 0.05,
        source:
          "Commodities transaction tax (Finance Act 2013, ch. VII, as amended): 0.05% of premium on the sale " +
          "of an option on a commodity derivative, paid by the seller (the DHC Budget Book 2021-22's rate " +
          "table, kept unchanged that year; ICICI Direct and HDFC Sky charge pages). In force before this " +
          "day; the table starts here. Unverified: no CTT change was found in the 2024 or 2026 budgets, " +
          "which raised STT.",
      },
    ],
  },
  transaction: {
    NSE: [
      {
        from: "2018-01-01",
        percent: 0.05,
        source:
          "Rs 5,000 per crore (0.05%) of premium, derived: NSE raised its charges 6% on 1 Jan 2021 and the " +
          "options rate a retail broker passed on was 0.053% before the roll-back of 1 Apr 2023 (The Hindu, " +
          "24 Mar 2023), and 0.053% / 1.06 = 0.05%. NSE's slab rates then depended on the member's monthly " +
          `turnover. Unverified from a circular or a broker's page of the time. ${FROM_2018}.`,
      },
      {
        from: "2021-01-01",
        percent: 0.053,
        source:
          "NSE raised its cash and equity-derivatives transaction charges by 6% from 1 Jan 2021 to build up " +
          "the NSE IPFT corpus after broker defaults, and rolled the increase back from 1 Apr 2023 (NSE's " +
          "statement, The Hindu and The Hindu BusinessLine, 24 Mar 2023): 0.05% x 1.06 = 0.053%.",
      },
      {
        from: "2023-04-01",
        percent: 0.0495,
        source:
          "0.0495% of premium: the options rate a retail broker passed on before 1 Oct 2024 (Nithin Kamath, " +
          "Zerodha: 'the transaction charge has decreased to 0.035% from 0.0495%', livemint 1 Oct 2024). " +
          "NSE's slab rates then depended on the member's monthly turnover. Unverified: that 0.0495% applied " +
          "from 1 Apr 2023, when NSE rolled back its 6% increase of 1 Jan 2021 (0.053% before; The Hindu, " +
          "24 Mar 2023) and moved Rs 50 per crore into the IPFT charge.",
      },
      {
        from: "2024-10-01",
        percent: 0.03503,
        source:
          "NSE circular of 27 Sep 2024 under SEBI's 'true to label' circular of 1 Jul 2024: equity options " +
          "Rs 35.03 per lakh of premium, each side, from 1 Oct 2024 (Hindustan Times, NDTV Profit, PTI, " +
          "27 Sep 2024).",
      },
    ],
    MCX: [
      {
        from: "2023-04-01",
        percent: 0.05,
        source:
          "MCX options from 1 Oct 2021: Rs 50 per lakh of premium on a member's average daily premium " +
          "turnover up to Rs 5 crore, Rs 40 beyond (The Hindu BusinessLine, 26 Jul 2021); the first slab is " +
          "taken as what a retail client paid. In force before this day; the table starts here. Unverified: " +
          "which slab brokers passed on, and that the rate was unchanged from Oct 2021 to Sep 2024.",
      },
      {
        from: "2024-10-01",
        percent: 0.0418,
        source:
          "MCX circular of 24 Sep 2024 under SEBI's 'true to label' circular of 1 Jul 2024: options Rs 41.80 " +
          "per lakh of premium turnover, flat, from 1 Oct 2024 (NDTV Profit, Angel One blog).",
      },
    ],
  },
  ipft: {
    NSE: [
      {
        from: "2018-01-01",
        percent: 0.0000001,
        source:
          "Rs 0.01 per crore (0.0000001%) of premium: the IPFT contribution before NSE recalibrated it on " +
          `1 Apr 2023 ('from Rs 0.01 per crore', The Hindu, 24 Mar 2023). ${FROM_2018}.`,
      },
      {
        from: "2023-04-01",
        percent: 0.0005,
        source:
          "NSE circular NSE/FA/56129 of 24 Mar 2023: the IPFT contribution on equity options raised from " +
          "Rs 0.01 to Rs 50 per crore of premium (0.0005%), each side, from 1 Apr 2023 (The Hindu, 24 Mar " +
          "2023; Zerodha, Upstox, Fyers and Shoonya support pages).",
      },
    ],
    MCX: [
      {
        from: "2023-04-01",
        percent: 0,
        source:
          "None: the IPFT charge is NSE's; MCX's charges as brokers list them (ICICI Direct, HDFC Sky) have no " +
          "per-trade investor-protection levy.",
      },
    ],
  },
  sebi: [
    {
      from: "2018-01-01",
      percent: 0.00015,
      source:
        "SEBI's turnover fee on brokers, Rs 15 per crore (0.00015%) before 1 Apr 2019 (SEBI board decision " +
        `reported by Zee Business; livemint, 13 Feb 2019). ${FROM_2018}.`,
    },
    {
      from: "2019-04-01",
      percent: 0.0001,
      source:
        "SEBI (Payment of Fees) (Amendment) Regulations 2019, notified 22 Mar 2019, in force 1 Apr 2019: " +
        "equity derivatives 0.00010% of turnover (Rs 10 per crore), options on premium (taxguru.in).",
    },
    {
      from: "2020-06-01",
      percent: 0.00005,
      source:
        "SEBI halved the broker turnover fee for June 2020 to March 2021 (SEBI press release, The Hindu " +
        "27 Apr 2020): Rs 5 per crore. Unverified that every broker passed the halving on to clients.",
    },
    {
      from: "2021-04-01",
      percent: 0.0001,
      source:
        "Back to Rs 10 per crore after the halving of June 2020 to March 2021 (The Hindu, 27 Apr 2020).",
    },
    {
      from: "2023-04-01",
      percent: 0.0001,
      source:
        "SEBI (Payment of Fees) (Amendment) Regulations 2019, from 1 Apr 2019: Rs 10 per crore (0.0001%) of " +
        "turnover, options on premium. In force before this day; the table starts here. Unverified for " +
        "commodity derivatives from the regulation's own table: brokers' pages (ICICI Direct, HDFC Sky) list " +
        "Rs 10 per crore for MCX options.",
    },
  ],
  stamp: [
    {
      from: "2018-01-01",
      percent: 0.002,
      source:
        "Before 1 Jul 2020 stamp duty on contract notes was a state's, by the client's state of residence, " +
        "charged on both sides (Zerodha, 'Uniform stamp duty': most states Rs 200-300 per crore on " +
        "derivatives). Chosen here: Maharashtra's rate for options, 0.002% (NSE's state; TradingBells' " +
        "state-wise table), on the buy side only as the table charges it; the sell side's 0.002% is left " +
        "out (about 2 paise per Rs 1,000 of premium sold). Unverified as any one client's charge.",
    },
    {
      from: "2020-07-01",
      percent: 0.003,
      source:
        "Indian Stamp Act as amended by the Finance Act 2019, in force from 1 Jul 2020 (postponed from " +
        "9 Jan and 1 Apr 2020): 0.003% of the buy side on options, whatever the client's state (Zerodha " +
        "bulletin of 1 Jul 2020).",
    },
    {
      from: "2023-04-01",
      percent: 0.003,
      source:
        "Indian Stamp Act as amended by the Finance Act 2019, in force from 1 Jul 2020: 0.003% of the buy " +
        "side on options, equity and commodity alike (Finance Ministry, The Hindu 30 Jun 2020; Tradejini's " +
        "rate table). In force before this day; the table starts here.",
    },
  ],
  gst: [
    {
      from: "2018-01-01",
      percent: 18,
      onIpft: true,
      source:
        "GST 18% on brokerage and exchange transaction charges since 1 Jul 2017 (every broker's charges " +
        "page). The SEBI fee joined GST's base on 18 Jul 2022 (BSE notice 20221130-3); the table keeps it " +
        "in the base throughout, which overstates GST before then by 18% of the SEBI fee (under 3 paise per " +
        `lakh of premium). IPFT in the base as in the 2023 entry (then Rs 0.01 per crore). ${FROM_2018}.`,
    },
    {
      from: "2023-04-01",
      percent: 18,
      onIpft: true,
      source:
        "GST 18% on brokerage, exchange transaction charge and SEBI fee (every broker's charges page); the " +
        "SEBI fee is in GST's base since 18 Jul 2022 (BSE notice 20221130-3). IPFT in the base: Zerodha's " +
        "support page charges it '+ 18% GST' and its charges page folds it into NSE's transaction charge " +
        "(0.03553% = 0.03503% + 0.0005%) under GST; Upstox says GST does not apply to it. This table follows " +
        "Zerodha, whose rates it models. In force before this day; the table starts here.",
    },
  ],
};

/** The rates in force for one order on one day. */
export interface RatesOnDay {
  /** The latest `from` among the entries in force: the rates are those as of this day. */
  asOf: DayKey;
  brokeragePerOrder: number;
  sellTaxPercent: number;
  transactionPercent: number;
  ipftPercent: number;
  sebiPercent: number;
  stampPercent: number;
  gstPercent: number;
  gstOnIpft: boolean;
}

const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** The entry in force on `day`; a RangeError naming the component for a day before the first entry. */
function inForce<T extends Dated>(
  entries: readonly T[],
  day: DayKey,
  exchange: ChargesExchange,
  component: string,
): T {
  let found: T | undefined;
  for (const entry of entries) if (entry.from <= day) found = entry;
  if (found === undefined) {
    const first = entries[0]?.from ?? "no entry";
    throw new RangeError(
      `No ${exchange} ${component} rate is known for ${day} (the table starts on ${first})`,
    );
  }
  return found;
}

/** The sell-side tax entry (STT on NSE, CTT on MCX) in force on a day. */
export function sellTaxOn(
  exchange: ChargesExchange,
  day: DayKey,
  table: ChargeRateTable = CHARGE_RATES,
): PercentRate {
  checkDay(day);
  return inForce(table.sellTax[exchange], day, exchange, "sell-side tax");
}

function checkDay(day: DayKey): void {
  if (!DAY_PATTERN.test(day)) throw new RangeError(`Expected a day as YYYY-MM-DD, got "${day}"`);
}

/**
 * Every rate in force for an order on `exchange` placed on `day`, and the "rates as of" day (the latest
 * `from` among them). Throws a RangeError naming the component for a day the table does not cover.
 * `table` is for tests; callers use the one table.
 */
export function ratesOn(
  exchange: ChargesExchange,
  day: DayKey,
  table: ChargeRateTable = CHARGE_RATES,
): RatesOnDay {
  checkDay(day);
  const brokerage = inForce(table.brokerage, day, exchange, "brokerage");
  const sellTax = inForce(table.sellTax[exchange], day, exchange, "sell-side tax");
  const transaction = inForce(table.transaction[exchange], day, exchange, "transaction charge");
  const ipft = inForce(table.ipft[exchange], day, exchange, "IPFT");
  const sebi = inForce(table.sebi, day, exchange, "SEBI fee");
  const stamp = inForce(table.stamp, day, exchange, "stamp duty");
  const gst = inForce(table.gst, day, exchange, "GST");
  const asOf = [brokerage, sellTax, transaction, ipft, sebi, stamp, gst]
    .map((entry) => entry.from)
    .reduce((latest, from) => (from > latest ? from : latest));
  return {
    asOf,
    brokeragePerOrder: brokerage.perOrder,
    sellTaxPercent: sellTax.percent,
    transactionPercent: transaction.percent,
    ipftPercent: ipft.percent,
    sebiPercent: sebi.percent,
    stampPercent: stamp.percent,
    gstPercent: gst.percent,
    gstOnIpft: gst.onIpft,
  };
}
