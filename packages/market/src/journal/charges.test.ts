import { describe, expect, it } from "vitest";
import {
  roundRupees,
  roundTripCharges,
  roundTripOrders,
  roundTripResult,
  sellTaxPercent,
} from "./charges";

/*
 * Worked examples, one per instrument and rate period, each computed by hand from the rates of
 * charge-rates.ts (all percentages of premium turnover):
 *
 *   NSE  2018-01-01 .. 2020-12-31  STT 0.05%    transaction 0.05%     IPFT Rs 0.01 per crore
 *        (SEBI Rs 15 per crore until 31 Mar 2019, Rs 10 after, Rs 5 Jun 2020 - Mar 2021; stamp 0.002% of
 *        the buy side until 30 Jun 2020)
 *   NSE  2021-01-01 .. 2023-03-31  STT 0.05%    transaction 0.053%    IPFT Rs 0.01 per crore
 *   NSE  2023-04-01 .. 2024-09-30  STT 0.0625%  transaction 0.0495%   IPFT 0.0005%
 *   NSE  2024-10-01 .. 2026-03-31  STT 0.1%     transaction 0.03503%  IPFT 0.0005%
 *   NSE  2026-04-01 ..             STT 0.15%    transaction 0.03503%  IPFT 0.0005%
 *   MCX  2023-04-01 .. 2024-09-30  CTT 0.05%    transaction 0.05%
 *   MCX  2024-10-01 ..             CTT 0.05%    transaction 0.0418%
 *   both: brokerage Rs 20 per order; SEBI 0.0001% of both sides; stamp 0.003% of the buy side;
 *         GST 18% of (brokerage + transaction + SEBI fee + IPFT).
 *
 * Each component is rounded half up to the paisa; the total is the sum of the rounded components.
 */

// market-facts' worked example: NIFTY, 1 lot of 65, bought at 100 and sold at 110.
const NIFTY_EXAMPLE = { symbol: "NIFTY", buyPrice: 100, sellPrice: 110, quantity: 65 } as const;

describe("option round-trip charges: market-facts' NIFTY example", () => {
  it("on 2026-04-01 (STT 0.15%): the reference's figures, plus IPFT 0.07 and its 2 paise of GST", () => {
    // buy 65 × 100 = 6,500; sell 65 × 110 = 7,150; both 13,650.
    // STT         7,150 × 0.15%     = 10.725      → 10.73
    // transaction 13,650 × 0.03503% = 4.781595    → 4.78
    // IPFT        13,650 × 0.0005%  = 0.06825     → 0.07
    // SEBI        13,650 × 0.0001%  = 0.01365     → 0.01
    // stamp       6,500 × 0.003%    = 0.195       → 0.20
    // GST 18% × (40 + 4.781595 + 0.01365 + 0.06825) = 18% × 44.863495 = 8.0754291 → 8.08
    //   (market-facts' 8.06 = 18% × 44.795 leaves IPFT out of the base; see charge-rates.ts's GST entry)
    // total 40 + 10.73 + 4.78 + 0.07 + 0.01 + 0.20 + 8.08 = 63.87; net 650 − 63.87 = 586.13
    const result = roundTripResult({ ...NIFTY_EXAMPLE, sellDay: "2026-04-01" });
    expect(result.charges).toEqual({
      brokerage: 40,
      sellTax: 10.73,
      transaction: 4.78,
      ipft: 0.07,
      sebi: 0.01,
      stamp: 0.2,
      gst: 8.08,
      total: 63.87,
      ratesAsOf: "2026-04-01",
    });
    expect(result.gross).toBe(650);
    expect(result.net).toBe(586.13);
  });

  it("on 2026-03-31, the day before STT rose: STT at 0.1%", () => {
    // STT 7,150 × 0.1% = 7.15; every other component as above (transaction 4.78, IPFT 0.07, SEBI 0.01,
    // stamp 0.20, GST 8.08). total 40 + 7.15 + 4.78 + 0.07 + 0.01 + 0.20 + 8.08 = 60.29; net 589.71
    const result = roundTripResult({ ...NIFTY_EXAMPLE, sellDay: "2026-03-31" });
    expect(result.charges).toEqual({
      brokerage: 40,
      sellTax: 7.15,
      transaction: 4.78,
      ipft: 0.07,
      sebi: 0.01,
      stamp: 0.2,
      gst: 8.08,
      total: 60.29,
      ratesAsOf: "2024-10-01",
    });
    expect(result.net).toBe(589.71);
  });
});

describe("option round-trip charges: NSE, one worked example per instrument and rate period", () => {
  it("NIFTY on 2024-06-12 (STT 0.0625%, transaction 0.0495%): a win", () => {
    // 50 units, buy 120.40, sell 131.85.
    // buy 50 × 120.40 = 6,020; sell 50 × 131.85 = 6,592.50; both 12,612.50.
    // STT         6,592.50 × 0.0625% = 4.1203125  → 4.12
    // transaction 12,612.50 × 0.0495% = 6.2431875 → 6.24
    // IPFT        12,612.50 × 0.0005% = 0.0630625 → 0.06
    // SEBI        12,612.50 × 0.0001% = 0.0126125 → 0.01
    // stamp       6,020 × 0.003%      = 0.1806    → 0.18
    // GST 18% × (40 + 6.2431875 + 0.0126125 + 0.0630625) = 18% × 46.3188625 = 8.33739525 → 8.34
    // total 40 + 4.12 + 6.24 + 0.06 + 0.01 + 0.18 + 8.34 = 58.95; gross 50 × 11.45 = 572.50; net 513.55
    const result = roundTripResult({
      symbol: "NIFTY",
      buyPrice: 120.4,
      sellPrice: 131.85,
      quantity: 50,
      sellDay: "2024-06-12",
    });
    expect(result.charges).toEqual({
      brokerage: 40,
      sellTax: 4.12,
      transaction: 6.24,
      ipft: 0.06,
      sebi: 0.01,
      stamp: 0.18,
      gst: 8.34,
      total: 58.95,
      ratesAsOf: "2023-04-01",
    });
    expect(result.gross).toBe(572.5);
    expect(result.net).toBe(513.55);
  });

  it("BANKNIFTY on 2024-06-12 (STT 0.0625%, transaction 0.0495%): a loss", () => {
    // 15 units, buy 310, sell 296.50.
    // buy 15 × 310 = 4,650; sell 15 × 296.50 = 4,447.50; both 9,097.50.
    // STT         4,447.50 × 0.0625% = 2.7796875 → 2.78
    // transaction 9,097.50 × 0.0495%  = 4.5032625 → 4.50
    // IPFT        9,097.50 × 0.0005%  = 0.0454875 → 0.05
    // SEBI        9,097.50 × 0.0001%  = 0.0090975 → 0.01
    // stamp       4,650 × 0.003%      = 0.1395    → 0.14
    // GST 18% × (40 + 4.5032625 + 0.0090975 + 0.0454875) = 18% × 44.5578475 = 8.02041255 → 8.02
    // total 40 + 2.78 + 4.50 + 0.05 + 0.01 + 0.14 + 8.02 = 55.50; gross 15 × −13.50 = −202.50; net −258
    const result = roundTripResult({
      symbol: "BANKNIFTY",
      buyPrice: 310,
      sellPrice: 296.5,
      quantity: 15,
      sellDay: "2024-06-12",
    });
    expect(result.charges).toEqual({
      brokerage: 40,
      sellTax: 2.78,
      transaction: 4.5,
      ipft: 0.05,
      sebi: 0.01,
      stamp: 0.14,
      gst: 8.02,
      total: 55.5,
      ratesAsOf: "2023-04-01",
    });
    expect(result.gross).toBe(-202.5);
    expect(result.net).toBe(-258);
  });

  it("NIFTY on 2025-03-20 (STT 0.1%, transaction 0.03503%): STT lands on half a paisa", () => {
    // 75 units, buy 95.20, sell 104.60.
    // buy 75 × 95.20 = 7,140; sell 75 × 104.60 = 7,845; both 14,985.
    // STT         7,845 × 0.1%       = 7.845      → 7.85 (half up)
    // transaction 14,985 × 0.03503%  = 5.2492455  → 5.25
    // IPFT        14,985 × 0.0005%   = 0.074925   → 0.07
    // SEBI        14,985 × 0.0001%   = 0.014985   → 0.01
    // stamp       7,140 × 0.003%     = 0.2142     → 0.21
    // GST 18% × (40 + 5.2492455 + 0.014985 + 0.074925) = 18% × 45.3391555 = 8.16104799 → 8.16
    // total 40 + 7.85 + 5.25 + 0.07 + 0.01 + 0.21 + 8.16 = 61.55; gross 75 × 9.40 = 705; net 643.45
    const result = roundTripResult({
      symbol: "NIFTY",
      buyPrice: 95.2,
      sellPrice: 104.6,
      quantity: 75,
      sellDay: "2025-03-20",
    });
    expect(result.charges).toEqual({
      brokerage: 40,
      sellTax: 7.85,
      transaction: 5.25,
      ipft: 0.07,
      sebi: 0.01,
      stamp: 0.21,
      gst: 8.16,
      total: 61.55,
      ratesAsOf: "2024-10-01",
    });
    expect(result.gross).toBe(705);
    expect(result.net).toBe(643.45);
  });

  it("BANKNIFTY on 2025-08-14 (STT 0.1%, transaction 0.03503%)", () => {
    // 35 units, buy 420, sell 455.25.
    // buy 35 × 420 = 14,700; sell 35 × 455.25 = 15,933.75; both 30,633.75.
    // STT         15,933.75 × 0.1%      = 15.93375     → 15.93
    // transaction 30,633.75 × 0.03503%  = 10.731002625 → 10.73
    // IPFT        30,633.75 × 0.0005%   = 0.15316875   → 0.15
    // SEBI        30,633.75 × 0.0001%   = 0.03063375   → 0.03
    // stamp       14,700 × 0.003%       = 0.441        → 0.44
    // GST 18% × (40 + 10.731002625 + 0.03063375 + 0.15316875) = 18% × 50.914805125 = 9.16466492 → 9.16
    // total 40 + 15.93 + 10.73 + 0.15 + 0.03 + 0.44 + 9.16 = 76.44; gross 35 × 35.25 = 1,233.75;
    // net 1,157.31
    const result = roundTripResult({
      symbol: "BANKNIFTY",
      buyPrice: 420,
      sellPrice: 455.25,
      quantity: 35,
      sellDay: "2025-08-14",
    });
    expect(result.charges).toEqual({
      brokerage: 40,
      sellTax: 15.93,
      transaction: 10.73,
      ipft: 0.15,
      sebi: 0.03,
      stamp: 0.44,
      gst: 9.16,
      total: 76.44,
      ratesAsOf: "2024-10-01",
    });
    expect(result.gross).toBe(1233.75);
    expect(result.net).toBe(1157.31);
  });

  it("NIFTY on 2026-05-06 (STT 0.15%): a loss", () => {
    // 65 units, buy 88, sell 79.35.
    // buy 65 × 88 = 5,720; sell 65 × 79.35 = 5,157.75; both 10,877.75.
    // STT         5,157.75 × 0.15%     = 7.736625     → 7.74
    // transaction 10,877.75 × 0.03503% = 3.810475825  → 3.81
    // IPFT        10,877.75 × 0.0005%  = 0.05438875   → 0.05
    // SEBI        10,877.75 × 0.0001%  = 0.01087775   → 0.01
    // stamp       5,720 × 0.003%       = 0.1716       → 0.17
    // GST 18% × (40 + 3.810475825 + 0.01087775 + 0.05438875) = 18% × 43.875742325 = 7.89763362 → 7.90
    // total 40 + 7.74 + 3.81 + 0.05 + 0.01 + 0.17 + 7.90 = 59.68; gross 65 × −8.65 = −562.25; net −621.93
    const result = roundTripResult({
      symbol: "NIFTY",
      buyPrice: 88,
      sellPrice: 79.35,
      quantity: 65,
      sellDay: "2026-05-06",
    });
    expect(result.charges).toEqual({
      brokerage: 40,
      sellTax: 7.74,
      transaction: 3.81,
      ipft: 0.05,
      sebi: 0.01,
      stamp: 0.17,
      gst: 7.9,
      total: 59.68,
      ratesAsOf: "2026-04-01",
    });
    expect(result.gross).toBe(-562.25);
    expect(result.net).toBe(-621.93);
  });

  it("BANKNIFTY on 2026-05-06 (STT 0.15%)", () => {
    // 30 units, buy 512.50, sell 560.
    // buy 30 × 512.50 = 15,375; sell 30 × 560 = 16,800; both 32,175.
    // STT         16,800 × 0.15%       = 25.20       → 25.20
    // transaction 32,175 × 0.03503%    = 11.2709025  → 11.27
    // IPFT        32,175 × 0.0005%     = 0.160875    → 0.16
    // SEBI        32,175 × 0.0001%     = 0.032175    → 0.03
    // stamp       15,375 × 0.003%      = 0.46125     → 0.46
    // GST 18% × (40 + 11.2709025 + 0.032175 + 0.160875) = 18% × 51.4639525 = 9.26351145 → 9.26
    // total 40 + 25.20 + 11.27 + 0.16 + 0.03 + 0.46 + 9.26 = 86.38; gross 30 × 47.50 = 1,425; net 1,338.62
    const result = roundTripResult({
      symbol: "BANKNIFTY",
      buyPrice: 512.5,
      sellPrice: 560,
      quantity: 30,
      sellDay: "2026-05-06",
    });
    expect(result.charges).toEqual({
      brokerage: 40,
      sellTax: 25.2,
      transaction: 11.27,
      ipft: 0.16,
      sebi: 0.03,
      stamp: 0.46,
      gst: 9.26,
      total: 86.38,
      ratesAsOf: "2026-04-01",
    });
    expect(result.gross).toBe(1425);
    expect(result.net).toBe(1338.62);
  });
});

describe("option round-trip charges: NSE history, for backtests on the recorded 2018-2023 bars", () => {
  it("BANKNIFTY on 2019-03-20 (STT 0.05%, transaction 0.05%, SEBI Rs 15 per crore, stamp 0.002%)", () => {
    // 2 lots of 20 (40 units), buy 250, sell 280.
    // buy 40 × 250 = 10,000; sell 40 × 280 = 11,200; both 21,200.
    // STT         11,200 × 0.05%        = 5.60
    // transaction 21,200 × 0.05%        = 10.60
    // IPFT        21,200 × 0.0000001%   = 0.0000212 → 0.00
    // SEBI        21,200 × 0.00015%     = 0.0318    → 0.03
    // stamp       10,000 × 0.002%       = 0.20
    // GST 18% × (40 + 10.60 + 0.0318 + 0.0000212) = 18% × 50.6318212 = 9.11372782 → 9.11
    // total 40 + 5.60 + 10.60 + 0 + 0.03 + 0.20 + 9.11 = 65.54; gross 40 × 30 = 1,200; net 1,134.46
    const result = roundTripResult({
      symbol: "BANKNIFTY",
      buyPrice: 250,
      sellPrice: 280,
      quantity: 40,
      lotSize: 20,
      sellDay: "2019-03-20",
    });
    expect(result.charges).toEqual({
      brokerage: 40,
      sellTax: 5.6,
      transaction: 10.6,
      ipft: 0,
      sebi: 0.03,
      stamp: 0.2,
      gst: 9.11,
      total: 65.54,
      ratesAsOf: "2018-01-01",
    });
    expect(result.net).toBe(1134.46);
  });

  it("BANKNIFTY on 2022-03-10 (transaction 0.053% after NSE's 6% rise, stamp 0.003%): a loss", () => {
    // 1 lot of 25, buy 400, sell 384.
    // buy 10,000; sell 9,600; both 19,600.
    // STT         9,600 × 0.05%         = 4.80
    // transaction 19,600 × 0.053%       = 10.388    → 10.39
    // IPFT        19,600 × 0.0000001%   = 0.0000196 → 0.00
    // SEBI        19,600 × 0.0001%      = 0.0196    → 0.02
    // stamp       10,000 × 0.003%       = 0.30
    // GST 18% × (40 + 10.388 + 0.0196 + 0.0000196) = 18% × 50.4076196 = 9.07337153 → 9.07
    // total 40 + 4.80 + 10.39 + 0 + 0.02 + 0.30 + 9.07 = 64.58; gross 25 × −16 = −400; net −464.58
    const result = roundTripResult({
      symbol: "BANKNIFTY",
      buyPrice: 400,
      sellPrice: 384,
      quantity: 25,
      lotSize: 25,
      sellDay: "2022-03-10",
    });
    expect(result.charges).toEqual({
      brokerage: 40,
      sellTax: 4.8,
      transaction: 10.39,
      ipft: 0,
      sebi: 0.02,
      stamp: 0.3,
      gst: 9.07,
      total: 64.58,
      ratesAsOf: "2021-04-01",
    });
    expect(result.net).toBe(-464.58);
  });
});

describe("option round-trip charges: CRUDEOIL on MCX, before and after MCX's 1 Oct 2024 change", () => {
  it("on 2024-06-12 (CTT 0.05%, transaction 0.05%)", () => {
    // 100 units (1 lot of 100 barrels), buy 180, sell 196.40.
    // buy 100 × 180 = 18,000; sell 100 × 196.40 = 19,640; both 37,640.
    // CTT         19,640 × 0.05%   = 9.82     → 9.82
    // transaction 37,640 × 0.05%   = 18.82    → 18.82
    // IPFT        none on MCX      = 0
    // SEBI        37,640 × 0.0001% = 0.03764  → 0.04
    // stamp       18,000 × 0.003%  = 0.54     → 0.54
    // GST 18% × (40 + 18.82 + 0.03764) = 18% × 58.85764 = 10.5943752 → 10.59
    // total 40 + 9.82 + 18.82 + 0 + 0.04 + 0.54 + 10.59 = 79.81; gross 100 × 16.40 = 1,640; net 1,560.19
    const result = roundTripResult({
      symbol: "CRUDEOIL",
      buyPrice: 180,
      sellPrice: 196.4,
      quantity: 100,
      sellDay: "2024-06-12",
    });
    expect(result.charges).toEqual({
      brokerage: 40,
      sellTax: 9.82,
      transaction: 18.82,
      ipft: 0,
      sebi: 0.04,
      stamp: 0.54,
      gst: 10.59,
      total: 79.81,
      ratesAsOf: "2023-04-01",
    });
    expect(result.gross).toBe(1640);
    expect(result.net).toBe(1560.19);
  });

  it("on 2025-01-15 (CTT 0.05%, transaction 0.0418%): a loss", () => {
    // 100 units, buy 210.30, sell 188.90.
    // buy 100 × 210.30 = 21,030; sell 100 × 188.90 = 18,890; both 39,920.
    // CTT         18,890 × 0.05%    = 9.445    → 9.45 (half up)
    // transaction 39,920 × 0.0418%  = 16.68656 → 16.69
    // SEBI        39,920 × 0.0001%  = 0.03992  → 0.04
    // stamp       21,030 × 0.003%   = 0.6309   → 0.63
    // GST 18% × (40 + 16.68656 + 0.03992) = 18% × 56.72648 = 10.2107664 → 10.21
    // total 40 + 9.45 + 16.69 + 0 + 0.04 + 0.63 + 10.21 = 77.02; gross 100 × −21.40 = −2,140; net −2,217.02
    const result = roundTripResult({
      symbol: "CRUDEOIL",
      buyPrice: 210.3,
      sellPrice: 188.9,
      quantity: 100,
      sellDay: "2025-01-15",
    });
    expect(result.charges).toEqual({
      brokerage: 40,
      sellTax: 9.45,
      transaction: 16.69,
      ipft: 0,
      sebi: 0.04,
      stamp: 0.63,
      gst: 10.21,
      total: 77.02,
      ratesAsOf: "2024-10-01",
    });
    expect(result.gross).toBe(-2140);
    expect(result.net).toBe(-2217.02);
  });

  it("on 2026-06-10 (CTT 0.05%, transaction 0.0418%)", () => {
    // 100 units, buy 150, sell 135.50.
    // buy 15,000; sell 13,550; both 28,550.
    // CTT         13,550 × 0.05%   = 6.775    → 6.78
    // transaction 28,550 × 0.0418% = 11.9339  → 11.93
    // SEBI        28,550 × 0.0001% = 0.02855  → 0.03
    // stamp       15,000 × 0.003%  = 0.45
    // GST 18% × (40 + 11.9339 + 0.02855) = 18% × 51.96245 = 9.353241 → 9.35
    // total 40 + 6.78 + 11.93 + 0 + 0.03 + 0.45 + 9.35 = 68.54; gross −1,450; net −1,518.54
    const result = roundTripResult({
      symbol: "CRUDEOIL",
      buyPrice: 150,
      sellPrice: 135.5,
      quantity: 100,
      sellDay: "2026-06-10",
    });
    expect(result.charges).toEqual({
      brokerage: 40,
      sellTax: 6.78,
      transaction: 11.93,
      ipft: 0,
      sebi: 0.03,
      stamp: 0.45,
      gst: 9.35,
      total: 68.54,
      ratesAsOf: "2024-10-01",
    });
    expect(result.gross).toBe(-1450);
    expect(result.net).toBe(-1518.54);
  });
});

describe("option round-trip charges: each order at the rates of its own day", () => {
  it("NIFTY bought on 2024-09-30 and sold on 2024-10-01: old rates on the buy, new on the sell", () => {
    // 25 units, buy 150 on 2024-09-30, sell 162 on 2024-10-01. buy 3,750; sell 4,050.
    // STT (sell day)  4,050 × 0.1%                               = 4.05     → 4.05
    // transaction     3,750 × 0.0495% + 4,050 × 0.03503%
    //                 = 1.85625 + 1.418715                       = 3.274965 → 3.27
    // IPFT            7,800 × 0.0005%                            = 0.039    → 0.04
    // SEBI            7,800 × 0.0001%                            = 0.0078   → 0.01
    // stamp (buy day) 3,750 × 0.003%                             = 0.1125   → 0.11
    // GST 18% × (40 + 3.274965 + 0.0078 + 0.039) = 18% × 43.321765 = 7.7979177 → 7.80
    // total 40 + 4.05 + 3.27 + 0.04 + 0.01 + 0.11 + 7.80 = 55.28; gross 300; net 244.72
    const result = roundTripResult({
      symbol: "NIFTY",
      buyPrice: 150,
      sellPrice: 162,
      quantity: 25,
      buyDay: "2024-09-30",
      sellDay: "2024-10-01",
    });
    expect(result.charges).toEqual({
      brokerage: 40,
      sellTax: 4.05,
      transaction: 3.27,
      ipft: 0.04,
      sebi: 0.01,
      stamp: 0.11,
      gst: 7.8,
      total: 55.28,
      ratesAsOf: "2024-10-01",
    });
    expect(result.net).toBe(244.72);
  });

  it("CRUDEOIL bought on 2024-09-30 and sold on 2024-10-01: MCX's old and new transaction rates", () => {
    // 100 units, buy 150, sell 160. buy 15,000; sell 16,000.
    // CTT          16,000 × 0.05%                       = 8
    // transaction  15,000 × 0.05% + 16,000 × 0.0418%    = 7.5 + 6.688 = 14.188 → 14.19
    // SEBI         31,000 × 0.0001%                     = 0.031  → 0.03
    // stamp        15,000 × 0.003%                      = 0.45
    // GST 18% × (40 + 14.188 + 0.031) = 18% × 54.219 = 9.75942 → 9.76
    // total 40 + 8 + 14.19 + 0 + 0.03 + 0.45 + 9.76 = 72.43; gross 1,000; net 927.57
    const result = roundTripResult({
      symbol: "CRUDEOIL",
      buyPrice: 150,
      sellPrice: 160,
      quantity: 100,
      buyDay: "2024-09-30",
      sellDay: "2024-10-01",
    });
    expect(result.charges).toEqual({
      brokerage: 40,
      sellTax: 8,
      transaction: 14.19,
      ipft: 0,
      sebi: 0.03,
      stamp: 0.45,
      gst: 9.76,
      total: 72.43,
      ratesAsOf: "2024-10-01",
    });
    expect(result.net).toBe(927.57);
  });

  it("takes the buy day to be the sell day when it is left out", () => {
    const trade = { ...NIFTY_EXAMPLE, sellDay: "2026-04-01" } as const;
    expect(roundTripCharges(trade)).toEqual(roundTripCharges({ ...trade, buyDay: "2026-04-01" }));
  });

  it("refuses a buy day after the sell day", () => {
    expect(() =>
      roundTripCharges({ ...NIFTY_EXAMPLE, buyDay: "2026-04-02", sellDay: "2026-04-01" }),
    ).toThrow(RangeError);
  });
});

describe("option round-trip charges: a side above the freeze quantity is split into child orders", () => {
  it("NIFTY, 30 lots of 65 (1,950 units > 1,800) on 2026-05-06: two orders a side, brokerage on each", () => {
    // Freeze 1,800 units: a child order holds whole lots, 27 of 65 (1,755 units), so each side is one
    // order of 27 lots and one of 3 (195 units): four executed orders.
    // buy 1,950 × 120 = 234,000; sell 1,950 × 126 = 245,700; both 479,700.
    // brokerage   4 × 20                   = 80
    // STT         245,700 × 0.15%          = 368.55
    // transaction 479,700 × 0.03503%       = 168.03891   → 168.04
    // IPFT        479,700 × 0.0005%        = 2.3985      → 2.40
    // SEBI        479,700 × 0.0001%        = 0.4797      → 0.48
    // stamp       234,000 × 0.003%         = 7.02
    // GST 18% × (80 + 168.03891 + 0.4797 + 2.3985) = 18% × 250.91711 = 45.1650798 → 45.17
    // total 80 + 368.55 + 168.04 + 2.40 + 0.48 + 7.02 + 45.17 = 671.66; gross 6 × 1,950 = 11,700
    const trade = {
      symbol: "NIFTY",
      buyPrice: 120,
      sellPrice: 126,
      quantity: 30 * 65,
      lotSize: 65,
      sellDay: "2026-05-06",
    } as const;
    expect(roundTripOrders(trade)).toEqual({ buy: 2, sell: 2 });
    // 55 lots (3,575 units, under 2 × 1,800) take three orders a side of whole lots: 27, 27 and 1.
    expect(roundTripOrders({ ...trade, quantity: 55 * 65 })).toEqual({ buy: 3, sell: 3 });
    const result = roundTripResult(trade);
    expect(result.charges).toEqual({
      brokerage: 80,
      sellTax: 368.55,
      transaction: 168.04,
      ipft: 2.4,
      sebi: 0.48,
      stamp: 7.02,
      gst: 45.17,
      total: 671.66,
      ratesAsOf: "2026-04-01",
    });
    expect(result.gross).toBe(11_700);
    expect(result.net).toBe(11_028.34);
  });

  it("charges one order a side at the freeze quantity itself, and two just above it", () => {
    const at = (quantity: number) =>
      roundTripCharges({
        symbol: "NIFTY",
        buyPrice: 100,
        sellPrice: 100,
        quantity,
        sellDay: "2026-05-06",
      });
    expect(at(1800).brokerage).toBe(40);
    expect(at(1801).brokerage).toBe(80);
    // Only brokerage and its GST change: 40 more brokerage, 7.20 more GST.
    expect(roundRupees(at(1801).gst - at(1800).gst)).toBeCloseTo(7.2, 1);
  });

  it("uses each side's own day: BANKNIFTY's limit fell from 900 to 600 on 3 Nov 2025", () => {
    // 21 lots of 35 = 735 units: one order under 900, two under 600.
    const trade = {
      symbol: "BANKNIFTY",
      buyPrice: 300,
      sellPrice: 310,
      quantity: 21 * 35,
      buyDay: "2025-10-31",
      sellDay: "2025-11-03",
    } as const;
    expect(roundTripOrders(trade)).toEqual({ buy: 1, sell: 2 });
    expect(roundTripCharges(trade).brokerage).toBe(60);
  });

  it("splits CRUDEOIL above MCX's 10,000 barrels (100 lots)", () => {
    const trade = (lots: number) =>
      ({
        symbol: "CRUDEOIL",
        buyPrice: 150,
        sellPrice: 160,
        quantity: lots * 100,
        sellDay: "2026-06-10",
      }) as const;
    expect(roundTripOrders(trade(100))).toEqual({ buy: 1, sell: 1 });
    expect(roundTripOrders(trade(101))).toEqual({ buy: 2, sell: 2 });
    expect(roundTripCharges(trade(250)).brokerage).toBe(120);
  });
});

describe("option round-trip charges: limits and invariants", () => {
  it("read the sell-side rate in force on the day", () => {
    expect(sellTaxPercent("NSE", "2023-04-01")).toBe(0.0625);
    expect(sellTaxPercent("NSE", "2024-09-30")).toBe(0.0625);
    expect(sellTaxPercent("NSE", "2024-10-01")).toBe(0.1);
    expect(sellTaxPercent("NSE", "2026-03-31")).toBe(0.1);
    expect(sellTaxPercent("NSE", "2026-04-01")).toBe(0.15);
    expect(sellTaxPercent("MCX", "2026-04-01")).toBe(0.05);
    expect(sellTaxPercent("NSE", "2020-01-01")).toBe(0.05);
    expect(() => sellTaxPercent("NSE", "2017-12-29")).toThrow(/No NSE sell-side tax rate/);
  });

  it("refuse a trade on a day before the table, naming the missing rate", () => {
    const trade = { ...NIFTY_EXAMPLE, sellDay: "2017-12-29" } as const;
    expect(() => roundTripCharges(trade)).toThrow(RangeError);
    expect(() => roundTripCharges(trade)).toThrow(/No NSE brokerage rate is known for 2017-12-29/);
    expect(() =>
      roundTripCharges({ ...NIFTY_EXAMPLE, buyDay: "2017-12-29", sellDay: "2018-01-01" }),
    ).toThrow(/for 2017-12-29/);
    // MCX's own components start on 1 Apr 2023.
    expect(() =>
      roundTripCharges({ ...NIFTY_EXAMPLE, symbol: "CRUDEOIL", sellDay: "2023-03-31" }),
    ).toThrow(/No MCX sell-side tax rate is known for 2023-03-31/);
  });

  it("refuse a trade without units or with a negative price", () => {
    const trade = { ...NIFTY_EXAMPLE, sellDay: "2026-04-01" } as const;
    expect(() => roundTripCharges({ ...trade, quantity: 0 })).toThrow(RangeError);
    expect(() => roundTripCharges({ ...trade, buyPrice: -1 })).toThrow(RangeError);
  });

  it("keep the total equal to the sum of its rounded parts, and net equal to gross less it", () => {
    const days = ["2023-04-01", "2024-06-12", "2024-10-01", "2025-07-07", "2026-05-04"] as const;
    for (let i = 1; i <= 200; i++) {
      const buyPrice = roundRupees(5 + ((i * 37.3) % 400));
      const sellPrice = roundRupees(5 + ((i * 53.9) % 400));
      const result = roundTripResult({
        symbol: i % 2 ? "NIFTY" : "CRUDEOIL",
        buyPrice,
        sellPrice,
        quantity: (1 + (i % 5)) * 65,
        sellDay: days[i % days.length] ?? "2026-05-04",
      });
      const { total, ratesAsOf, ...parts } = result.charges;
      const sum = Object.values(parts).reduce((a, b) => a + b, 0);
      expect(total).toBeCloseTo(sum, 10);
      expect(result.net).toBeCloseTo(result.gross - total, 10);
      expect(ratesAsOf <= (days[i % days.length] ?? "")).toBe(true);
      if (i % 2 === 0) expect(result.charges.ipft).toBe(0);
    }
  });
});

describe("roundRupees", () => {
  it("rounds half away from zero to the paisa", () => {
    expect(roundRupees(1.005)).toBe(1.01);
    expect(roundRupees(6.775)).toBe(6.78);
    expect(roundRupees(-6.775)).toBe(-6.78);
    expect(roundRupees(0.01365)).toBe(0.01);
  });
});
