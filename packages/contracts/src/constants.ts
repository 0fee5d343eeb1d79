/**
 * The spec's business constants, limits and timings (section 9).
 */
import type { ModelId } from "./names";

/** The brand shown until the operator's BRAND_NAME is known (and the server's default for it). */
export const DEFAULT_BRAND_NAME = "Kalpa";

export const PLAN_PRICE_RUPEES = 4999;

export const PLAN_STATS = {
  Nifty: { models: "15+", setups: "200+", latency: "<100ms" },
  BankNifty: { models: "15+", setups: "150+", latency: "<100ms" },
  CrudeOil: { models: "5+", setups: "120+", latency: "<100ms" },
} as const;

export const OTP_LENGTH = 6;
export const PASSWORD_MIN_LENGTH = 6;
export const MOBILE_DIGITS = 10;

export const TIMINGS_MS = {
  consentLoading: 2000,
  slideshowInterval: 5000,
  slideshowFirstStart: 1000,
  slideshowHoverResume: 4000,
  loginRedirect: 1500,
  otpToNextStep: 1000,
  resetToComplete: 1500,
  signupRedirect: 5000,
  expiryToast: 6000,
  toastDefault: 5000,
  loadingTradingModels: 1000,
} as const;

export const THRESHOLDS_PX = {
  consentScrollBottom: 50,
  navbarScrolled: 20,
  policiesScrollOffset: 150,
} as const;

export const SLIDE_COUNT = 4;
export const EXPIRY_WARNING_DAYS = 5;
/** Ticker scroll duration in seconds is (content width + container width) / this speed. */
export const TICKER_SPEED_PX_PER_SECOND = 80;

/** socket.io client reconnection settings. */
export const SOCKET_RECONNECTION = {
  reconnection: true,
  reconnectionDelay: 1000,
  reconnectionDelayMax: 5000,
  randomizationFactor: 0.5,
  reconnectionAttempts: Number.POSITIVE_INFINITY,
  timeout: 20000,
} as const;
export const SOCKET_PATH = "/socket.io/";

export const PAPER_TRADE_DAY_FILTERS = [7, 15, 30] as const;
export const PAPER_TRADE_DEFAULT_DAYS = 30;
export const PAPER_TRADE_MODELS: readonly ModelId[] = [
  "BankNifty:KalpaVruksha",
  "Nifty:KalpaVruksha",
  "CrudeOil:Yamuna",
  "BankNifty:HFT",
];
export const PAPER_TRADE_DEFAULT_MODEL: ModelId = "BankNifty:KalpaVruksha";

export const POLICY_TYPES = ["privacy", "terms", "disclaimer", "cookie"] as const;
export type PolicyType = (typeof POLICY_TYPES)[number];
export const DEFAULT_POLICY_TYPE: PolicyType = "privacy";
export const POLICIES_LAST_UPDATED = "August 2025";

export const RISK_LEVEL = "Medium";
export const COPYRIGHT_YEAR = 2025;
export const FOUNDER_EXPERIENCE_YEARS = "18+";
