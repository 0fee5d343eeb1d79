/** Journal answers for tests: trades, day groups, statistics and ledger verdicts as the server sends them. */
import type {
  LedgerVerdict,
  PaperAnalytics,
  PaperDayGroup,
  PaperStats,
  PaperTrade,
} from "@kalpa/contracts/api/paper";

const IST = "+05:30";

export function paperTrade(overrides: Partial<PaperTrade> & Pick<PaperTrade, "id">): PaperTrade {
  const charges = overrides.charges?.total ?? 63.78;
  const pnlRupees = overrides.pnlRupees ?? 1500;
  return {
    instrument: "BankNifty",
    direction: "BUY",
    entryPrice: 210,
    entryTime: Date.parse(`2026-11-20T10:05:00${IST}`),
    exitPrice: 260,
    exitTime: Date.parse(`2026-11-20T11:40:00${IST}`),
    pnlRupees,
    status: "closed",
    model: "BankNifty:KalpaVruksha",
    modelVersion: "b1bdde92ed7b",
    symbol: "BANKNIFTY",
    strike: 52000,
    optionType: "CE",
    expiry: "2026-11-25",
    lots: 1,
    lotSize: 30,
    closeReason: "target",
    // A stop trigger of 180 with its 3 % limit; it never triggered.
    stopLimit: 174.6,
    stopTriggeredAt: null,
    stopFill: null,
    fillBasis: "model",
    slippageTicks: 1,
    slippage: 3,
    charges: {
      brokerage: 40,
      sellTax: 7.8,
      transaction: 7.1,
      sebi: 0.01,
      stamp: 0.2,
      gst: 8.67,
      total: charges,
    },
    netPnl: pnlRupees - charges,
    ...overrides,
  };
}

export function dayGroup(day: string, trades: PaperTrade[]): PaperDayGroup {
  const totalPnL = trades.reduce((sum, trade) => sum + trade.pnlRupees, 0);
  const totalCharges = trades.reduce((sum, trade) => sum + trade.charges.total, 0);
  return {
    _id: day,
    totalPnL,
    count: trades.length,
    trades,
    totalCharges,
    totalSlippage: trades.reduce((sum, trade) => sum + trade.slippage, 0),
    netPnL: totalPnL - totalCharges,
  };
}

export const EMPTY_STATS: PaperStats = {
  model: "BankNifty:KalpaVruksha",
  days: 30,
  trades: 0,
  wins: 0,
  losses: 0,
  winRate: null,
  averageWin: null,
  averageLoss: null,
  profitFactor: null,
  expectancy: null,
  maxDrawdown: 0,
  slippage: 0,
  stopsTriggered: 0,
  stopsPastLimit: 0,
  stopsSquaredOff: 0,
  ratesAsOf: null,
  bestDay: null,
  worstDay: null,
  gross: 0,
  charges: 0,
  net: 0,
  equity: [],
};

/** The analysis of no trades, as the server answers it. */
export const EMPTY_ANALYTICS: PaperAnalytics = {
  model: "BankNifty:KalpaVruksha",
  days: 30,
  trades: 0,
  wins: 0,
  losses: 0,
  winRate: null,
  winRateInterval: null,
  expectancy: null,
  expectancyR: null,
  tradesWithoutR: 0,
  profitFactor: null,
  maxDrawdown: {
    rupees: 0,
    peakTime: null,
    troughTime: null,
    recoveredTime: null,
    trades: 0,
    tradingDays: 0,
  },
  longestWinningStreak: 0,
  longestLosingStreak: 0,
  averageHoldingMinutes: null,
  medianHoldingMinutes: null,
  slippage: 0,
  averageSlippage: null,
  tradesWithExcursions: 0,
  averageMaeR: null,
  averageMfeR: null,
  averageEntryVsZone: null,
  byHour: [],
  byWeekday: [],
  rHistogram: [],
  equity: [],
  perTrade: [],
};

export const HEAD_HASH = "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08";

export const VERIFIED: LedgerVerdict = {
  ok: true,
  entries: 1240,
  head: { seq: 1240, hash: HEAD_HASH },
  headsChecked: 30,
  firstBreak: null,
  latestHead: { day: "2026-11-20", seq: 1240, hash: HEAD_HASH, publishedAt: 0 },
  checkedAt: 0,
};

export const BROKEN: LedgerVerdict = {
  ...VERIFIED,
  ok: false,
  firstBreak: {
    seq: 417,
    reason: "edited",
    detail: "Stored hash differs from the recomputed one.",
  },
};
