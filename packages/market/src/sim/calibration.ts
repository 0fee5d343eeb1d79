/**
 * The simulator's fitted parameters. Written by `npm run calibrate -- ../shared/market-data`
 * (packages/market/scripts/calibrate.ts) on 2026-11-28: NIFTY and BANKNIFTY 1-minute bars
 * of 2024-01-01 to 2024-04-30 (77 sessions) and the BANKNIFTY 15-minute
 * record of 2018-01-01 to 2023-08-04; May–June 2024 is held out. Do not edit: rerun the command.
 */
import type { SimCalibration } from "./sim-parameters";

export const SIM_CALIBRATION: SimCalibration = {
  command: "npm run calibrate -- ../shared/market-data",
  fitWindow: {
    from: "2024-01-01",
    to: "2024-04-30",
    sessions: 77,
  },
  fittedOn: "2026-11-28",
  longRecord: {
    from: "2018-01-01",
    to: "2023-08-04",
    sessions: 1372,
    dailyVolatility: 0.2499,
    dailyKurtosis: 12.41,
    quarterHourKurtosis: 25.61,
    closeRatio: 0.9318,
  },
  factor: {
    dayVolatilitySpread: 0.2914,
    dayJumpProbability: 0.02,
    dayJumpVariance: 16.18,
    burstProbability: 0.01,
    burstVariance: 30.01,
  },
  symbols: {
    NIFTY: {
      annualVolatility: 0.1895,
      gapSigma: 0.006807,
      gapLoading: 0.9449,
      dayLoading: 0.9106,
      minuteLoading: 0.8907,
      varianceProfile: [
        6.2248, 2.4005, 1.7119, 2.1542, 1.4205, 1.6281, 1.4655, 1.4264, 1.4482, 1.4075, 1.5272,
        1.0496, 1.2909, 0.9257, 0.8063, 0.963, 0.6998, 1.0706, 0.83, 0.9249, 0.9871, 0.8951, 0.891,
        0.8597, 0.667, 0.6478, 0.563, 0.8658, 0.8135, 0.824, 0.4716, 0.5329, 0.4949, 0.571, 0.5784,
        0.6482, 0.7647, 0.5965, 0.7524, 0.7985, 0.8463, 0.5225, 0.5908, 0.5603, 0.5715, 0.5711,
        0.6065, 0.5106, 0.65, 0.5787, 1.5781, 1.0187, 0.9957, 0.6288, 0.7502, 0.7556, 0.5844,
        0.7812, 0.6962, 0.7635, 0.8133, 0.8435, 0.7017, 1.0803, 0.8045, 0.8746, 1.016, 0.8164,
        0.8484, 2.5, 1.4318, 1.0443, 0.7531, 0.551, 0.5671,
      ],
    },
    BANKNIFTY: {
      annualVolatility: 0.2499,
      gapSigma: 0.01031,
      gapLoading: 0.9449,
      dayLoading: 0.9106,
      minuteLoading: 0.8907,
      varianceProfile: [
        7.24, 2.1752, 1.611, 2.2129, 1.6333, 1.4311, 1.4152, 1.2236, 1.2595, 1.2435, 1.7721, 1.0433,
        1.1789, 0.9178, 0.7066, 1.0501, 0.8323, 1.3733, 0.8555, 0.6489, 1.3539, 1.1902, 0.8651,
        0.7427, 0.6517, 0.6593, 0.5292, 0.714, 0.7129, 0.8716, 0.386, 0.5008, 0.4716, 0.7635,
        0.6505, 0.6742, 0.6588, 0.4664, 0.622, 0.7649, 0.6773, 0.5047, 0.654, 0.6222, 0.7262,
        0.5568, 0.5917, 0.5447, 0.6253, 0.5758, 0.9968, 1.1672, 0.8031, 0.513, 0.726, 0.7516,
        0.5532, 0.7701, 0.6735, 0.8905, 0.8084, 0.8535, 0.8062, 1.0369, 0.8093, 0.8872, 0.9889,
        0.8524, 0.7638, 2.0802, 1.3922, 1.2316, 1.1045, 0.6392, 0.5137,
      ],
    },
  },
  fitWindowMeasures: {
    NIFTY: {
      dailyVolatility: 0.1175,
      minuteKurtosis: 9.114,
      dailyKurtosis: 0.1804,
      closeToMiddayVolatility: 1.004,
      meanAbsGap: 0.003253,
    },
    BANKNIFTY: {
      dailyVolatility: 0.1549,
      minuteKurtosis: 7.925,
      dailyKurtosis: 3.941,
      closeToMiddayVolatility: 1.132,
      meanAbsGap: 0.004187,
    },
    pair: {
      minuteCorrelation: 0.7934,
      dailyCorrelation: 0.8202,
    },
  },
  targets: {
    NIFTY: {
      dailyVolatility: 0.1895,
      minuteKurtosis: 39.68,
      dailyKurtosis: 12.41,
      closeToMiddayVolatility: 0.9556,
      meanAbsGap: 0.005246,
    },
    BANKNIFTY: {
      dailyVolatility: 0.2499,
      minuteKurtosis: 39.68,
      dailyKurtosis: 12.41,
      closeToMiddayVolatility: 1.077,
      meanAbsGap: 0.006753,
    },
    pair: {
      minuteCorrelation: 0.7934,
      dailyCorrelation: 0.8202,
    },
  },
};
