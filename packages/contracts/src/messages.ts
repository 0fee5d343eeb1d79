/**
 * The spec's wording for messages (sections 5 and 8). Both the forms and the server use these strings, so a
 * message reads the same whichever side produced it.
 */

export const AUTH_MESSAGES = {
  loginFailedCredentials: "Login failed. Please check your credentials.",
  loginFailedRetry: "Login failed. Please try again.",
  requestFailed: "Request failed",
  somethingWentWrongRetry: "Something went wrong. Please try again.",
  invalidOtp: "Invalid OTP.",
  passwordResetFailed: "Password reset failed.",
  somethingWentWrong: "Something went wrong",
  networkError: "Network error. Please try again.",
  otpSendFailed: "Failed to send OTP. Please try again.",
  otpVerificationFailed: "OTP verification failed. Please try again.",
  passwordUpdateFailed: "Failed to update password",
  passwordUpdated: "Password updated successfully.",
  forcedLogout: "You have been logged out.",
} as const;

export const ACCESS_MESSAGES = {
  expired: (service: string, date: string) =>
    `${service} access expired on ${date}. Please renew your access.`,
  notFound: (service: string) => `${service} not found. Please contribute to access this content.`,
  inactive: (service: string) =>
    `${service} access is inactive. Please contact support to activate.`,
  pleaseLogin: "Please login to continue",
  unableToVerify: "Unable to verify access. Please try again.",
  contributionRequiredTitle: "Contribution Required",
  contributionRequiredBody:
    "Please contribute to unlock model-generated outputs for this instrument.",
  contributionRequiredTooltip: "Contribution required",
  forecastLocked: "Please contribute to view this section",
  /** A forecast or signal asked for before the risk disclosure agreement was accepted (403). */
  riskDisclosureRequired:
    "Please read and accept the risk disclosure agreement to view model-generated outputs.",
} as const;

/** The risk disclosure agreement: accepting it online, and the signed copy the operator must receive. */
export const RISK_DISCLOSURE_MESSAGES = {
  accepted: "Risk disclosure agreement accepted.",
  outdatedVersion:
    "The risk disclosure agreement has changed since you opened it. Please read the current version.",
  signedCopyPending:
    "The signed risk disclosure agreement has not been received yet. Record it before granting access.",
} as const;

/** The operator console's own messages. */
export const ADMIN_MESSAGES = {
  adminOnly: "This area is for the operator only.",
  userNotFound: "No user with that id.",
  daysOrUntil: "Give either a number of days or an end date, not both.",
  untilInPast: "The end date must be today or later.",
  ownRole: "You cannot change your own role.",
  lastAdmin: "At least one admin must remain.",
  granted: "Access granted.",
  deactivated: "Access deactivated.",
  reactivated: "Access reactivated.",
  rdaRecorded: "Signed agreement recorded.",
  roleChanged: "Role changed.",
  loggedOut: "The user's sessions were ended.",
  telegramUnlinked: "The user's Telegram chat was unlinked, and the chat was told why.",
  telegramNotLinked: "This user has no Telegram chat linked.",
  /** A grant or a signed copy for an account whose sign-up was never verified (409). */
  userNotVerified: "This account has not been verified yet, so it cannot be given access.",
  /** Deactivating or reactivating an instrument the user was never granted (409). */
  neverGranted: (service: string) => `${service} has never been granted to this user.`,
} as const;

/** Fees under SEBI's research-analyst rules (only while the operator has a profile). */
export const RA_FEE_MESSAGES = {
  /** A grant whose access runs past what may be paid in advance (400, nothing recorded). */
  tooFarInAdvance: (months: number, latestLastDay: string) =>
    `Under SEBI's rules for research analysts, fees may be paid at most ${months === 12 ? "one year" : months === 3 ? "one quarter" : `${months} months`} in advance. Access paid today can run through ${latestLastDay} at the latest.`,
  /** A grant that takes the client's fees in a year past SEBI's limit (409 until the operator confirms). */
  overAnnualCap: (total: string, cap: string) =>
    `This brings the client's fees in the last 12 months to ${total}, over SEBI's limit of ${cap} a year for individual and HUF clients. Record it only if the client is not an individual or HUF client, or is an accredited investor.`,
  endedEarly: "Access ended. The refund is recorded.",
  /** Ending access early without a research-analyst profile (409). */
  refundsNeedProfile:
    "Refunds apply under a research-analyst profile only. Without one, switch the access off instead.",
  /** Ending access that is not open (409). */
  notOpen: (service: string) => `${service} access is not open, so there is nothing to end.`,
  /** Ending access on its last day (409): nothing is left to refund or end. */
  endsToday: (service: string) => `${service} access already ends today.`,
} as const;

/** The research-analyst profile, its console and the Most Important Terms and Conditions. */
export const RESEARCH_ANALYST_MESSAGES = {
  /** Live output with a profile set and the terms not accepted (403). */
  termsRequired:
    "Please read and accept the Most Important Terms and Conditions to view model-generated outputs.",
  termsAccepted: "Most Important Terms and Conditions accepted.",
  termsOutdated:
    "The Most Important Terms and Conditions have changed since you opened them. Please read the current version.",
  /** Accepting the terms while the operator has no research-analyst profile (409). */
  termsNotInForce: "There are no terms to accept: the operator has no research-analyst profile.",
  profileSaved: "Research-analyst profile saved.",
  profileCleared: "Research-analyst profile removed.",
  complaintsSaved: "Complaints for the month saved.",
  monthInFuture: "That month has not started yet.",
  resolvedAboveTotal: "More complaints resolved than were open in the month.",
} as const;

export const DASHBOARD_MESSAGES = {
  failedToLoadUserData: "Failed to load user data. Please refresh the page.",
} as const;

export const EXPIRY_MESSAGES = {
  expiresIn: (instrument: string, days: number) =>
    `Your ${instrument} access expires in ${days} day(s)!`,
  expired: (instrument: string) => `Your ${instrument} access has expired!`,
} as const;

export const PAPER_TRADE_MESSAGES = {
  empty: "No paper trade history for the selected model / period.",
} as const;

export const LIVE_MESSAGES = {
  invalidUserData: "Invalid user data format received",
  connectionError:
    "Connection Error: Unable to fetch user data. Please check your connection and try again.",
  userNotFound: "Please log in to access trading models.",
  accessRestricted: (instrument: string) =>
    `You don't have access to ${instrument} trading models.`,
  subscribeToUnlock: "Please subscribe to unlock models for this instrument.",
  noActiveModules: "No active Modules",
} as const;

/** Messages of the server's own, for situations the spec does not show. */
export const SERVER_MESSAGES = {
  notFound: "The requested resource was not found.",
  internal: "Something went wrong on our side. Please try again later.",
  rateLimited: "Too many requests. Please wait a moment and try again.",
  badOrigin: "This request did not come from this site and was refused.",
  databaseUnavailable: "The database is not reachable right now.",
  draining: "This server is stopping. Please try again.",
  starting:
    "The site has just started and is still preparing this data. It will be here in a few seconds.",
  invalidRequest: "The request was not valid.",
  /** Refusals before any route (apps/server/src/plugins/http-refusals.ts). */
  unreadableRequest: "The request could not be read.",
  headersTooLarge: "The request's headers are too large.",
  requestTimeout: "The request took too long to arrive.",
  notSupported: "This kind of request is not supported.",
  badAddress: "The address of this request is not valid.",
  /** Text PostgreSQL cannot store (a NUL, an unpaired surrogate), which no form sends. */
  unstorableText: "This text holds a character that cannot be stored (a NUL or broken Unicode).",
} as const;
