/**
 * English: the spec's wording, exactly as the contracts and the modules have always written it. Fixed
 * messages are the contracts' constants themselves, so they cannot drift from what the web shows.
 */
import { ACCOUNT_MESSAGES, VALIDATION_MESSAGES } from "@kalpa/contracts/account-messages";
import { ALERT_MESSAGES } from "@kalpa/contracts/api/alerts";
import {
  ACCESS_MESSAGES,
  AUTH_MESSAGES,
  RESEARCH_ANALYST_MESSAGES,
  RISK_DISCLOSURE_MESSAGES,
  SERVER_MESSAGES,
} from "@kalpa/contracts/messages";
import type { ServerDictionary } from "./dictionary";

export const EN_MESSAGES = {
  // Sign-up, sign-in, recovery, profile (ACCOUNT_MESSAGES).
  required: ACCOUNT_MESSAGES.required,
  nameTooLong: ACCOUNT_MESSAGES.nameTooLong,
  emailTooLong: ACCOUNT_MESSAGES.emailTooLong,
  usernameTooLong: ACCOUNT_MESSAGES.usernameTooLong,
  passwordTooLong: ACCOUNT_MESSAGES.passwordTooLong,
  commonPassword: ACCOUNT_MESSAGES.commonPassword,
  usernameTaken: ACCOUNT_MESSAGES.usernameTaken,
  emailTaken: ACCOUNT_MESSAGES.emailTaken,
  registered: ACCOUNT_MESSAGES.registered,
  otpResent: ACCOUNT_MESSAGES.otpResent,
  accountVerified: ACCOUNT_MESSAGES.accountVerified,
  alreadyVerified: ACCOUNT_MESSAGES.alreadyVerified,
  otpExpired: ACCOUNT_MESSAGES.otpExpired,
  otpTooManyTries: ACCOUNT_MESSAGES.otpTooManyTries,
  loginSuccess: ACCOUNT_MESSAGES.loginSuccess,
  invalidCredentials: ACCOUNT_MESSAGES.invalidCredentials,
  notVerified: ACCOUNT_MESSAGES.notVerified,
  loggedOut: ACCOUNT_MESSAGES.loggedOut,
  forgotUsernameSent: ACCOUNT_MESSAGES.forgotUsernameSent,
  forgotPasswordSent: ACCOUNT_MESSAGES.forgotPasswordSent,
  resetOtpVerified: ACCOUNT_MESSAGES.resetOtpVerified,
  resetOtpRejected: ACCOUNT_MESSAGES.resetOtpRejected,
  resetNotVerified: ACCOUNT_MESSAGES.resetNotVerified,
  passwordReset: ACCOUNT_MESSAGES.passwordReset,
  currentPasswordWrong: ACCOUNT_MESSAGES.currentPasswordWrong,
  samePassword: ACCOUNT_MESSAGES.samePassword,
  profileUpdated: ACCOUNT_MESSAGES.profileUpdated,
  profileOneField: ACCOUNT_MESSAGES.profileOneField,
  imageUpdated: ACCOUNT_MESSAGES.imageUpdated,
  imageRemoved: ACCOUNT_MESSAGES.imageRemoved,
  imageInvalid: ACCOUNT_MESSAGES.imageInvalid,
  imageTooLarge: ACCOUNT_MESSAGES.imageTooLarge,
  noImage: ACCOUNT_MESSAGES.noImage,
  anotherDevice: ACCOUNT_MESSAGES.anotherDevice,
  passwordChangedSignInAgain: ACCOUNT_MESSAGES.passwordChangedSignInAgain,
  signupNotFound: ACCOUNT_MESSAGES.signupNotFound,
  languageUnsupported: ACCOUNT_MESSAGES.languageUnsupported,
  // The forms' field rules (VALIDATION_MESSAGES; "Please fill in all fields" is `required`'s text).
  invalidEmail: VALIDATION_MESSAGES.invalidEmail,
  invalidMobile: VALIDATION_MESSAGES.invalidMobile,
  invalidUsername: VALIDATION_MESSAGES.invalidUsername,
  passwordTooShort: VALIDATION_MESSAGES.passwordTooShort,
  passwordsDoNotMatch: VALIDATION_MESSAGES.passwordsDoNotMatch,
  invalidOtpFormat: VALIDATION_MESSAGES.invalidOtp,
  // AUTH_MESSAGES the server sends.
  invalidOtp: AUTH_MESSAGES.invalidOtp,
  passwordUpdated: AUTH_MESSAGES.passwordUpdated,
  forcedLogout: AUTH_MESSAGES.forcedLogout,
  // Access.
  pleaseLogin: ACCESS_MESSAGES.pleaseLogin,
  unableToVerify: ACCESS_MESSAGES.unableToVerify,
  contributionRequiredBody: ACCESS_MESSAGES.contributionRequiredBody,
  forecastLocked: ACCESS_MESSAGES.forecastLocked,
  riskDisclosureRequired: ACCESS_MESSAGES.riskDisclosureRequired,
  riskDisclosureAccepted: RISK_DISCLOSURE_MESSAGES.accepted,
  riskDisclosureOutdated: RISK_DISCLOSURE_MESSAGES.outdatedVersion,
  termsRequired: RESEARCH_ANALYST_MESSAGES.termsRequired,
  termsAccepted: RESEARCH_ANALYST_MESSAGES.termsAccepted,
  termsOutdated: RESEARCH_ANALYST_MESSAGES.termsOutdated,
  termsNotInForce: RESEARCH_ANALYST_MESSAGES.termsNotInForce,
  // Alerts.
  preferencesSaved: ALERT_MESSAGES.preferencesSaved,
  pushSubscribed: ALERT_MESSAGES.pushSubscribed,
  pushUnsubscribed: ALERT_MESSAGES.pushUnsubscribed,
  pushServiceNotAllowed: ALERT_MESSAGES.pushServiceNotAllowed,
  pushEndpointInvalid: ALERT_MESSAGES.pushEndpointInvalid,
  pushKeysInvalid: ALERT_MESSAGES.pushKeysInvalid,
  tooManyDevices: ALERT_MESSAGES.tooManyDevices,
  telegramUnavailable: ALERT_MESSAGES.telegramUnavailable,
  telegramUnreachable: ALERT_MESSAGES.telegramUnreachable,
  telegramLinkReady: ALERT_MESSAGES.telegramLinkReady,
  telegramUnlinked: ALERT_MESSAGES.telegramUnlinked,
  tooManyPushSubscriptions: ALERT_MESSAGES.tooManyPushSubscriptions,
  tooManyTelegramLinks: ALERT_MESSAGES.tooManyTelegramLinks,
  emailUnsubscribed: ALERT_MESSAGES.emailUnsubscribed,
  unsubscribeLinkInvalid: ALERT_MESSAGES.unsubscribeLinkInvalid,
  // The server's own.
  notFound: SERVER_MESSAGES.notFound,
  internal: SERVER_MESSAGES.internal,
  rateLimited: SERVER_MESSAGES.rateLimited,
  badOrigin: SERVER_MESSAGES.badOrigin,
  databaseUnavailable: SERVER_MESSAGES.databaseUnavailable,
  draining: SERVER_MESSAGES.draining,
  starting: SERVER_MESSAGES.starting,
  invalidRequest: SERVER_MESSAGES.invalidRequest,
  unreadableRequest: SERVER_MESSAGES.unreadableRequest,
  headersTooLarge: SERVER_MESSAGES.headersTooLarge,
  requestTimeout: SERVER_MESSAGES.requestTimeout,
  notSupported: SERVER_MESSAGES.notSupported,
  badAddress: SERVER_MESSAGES.badAddress,
  unstorableText: SERVER_MESSAGES.unstorableText,
} as const satisfies Record<string, string>;

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

export const en: ServerDictionary = {
  messages: EN_MESSAGES,
  parametric: {
    tryAgainInSeconds: (seconds) =>
      `Too many attempts. Please try again in ${plural(seconds, "second")}.`,
    tryAgainInMinutes: (minutes) =>
      `Too many attempts. Please try again in ${plural(minutes, "minute")}.`,
    resendCooldown: ACCOUNT_MESSAGES.resendCooldown,
    accessExpired: ACCESS_MESSAGES.expired,
    accessNotFound: ACCESS_MESSAGES.notFound,
    accessInactive: ACCESS_MESSAGES.inactive,
  },
  mail: {
    hello: "Hello,",
    footer: (brand) => `This e-mail was sent by ${brand} because of a request made on its website.`,
    signOff: (brand) => `— ${brand}`,
    otpSubject: {
      signup: (brand) => `${brand}: your verification code`,
      reset: (brand) => `${brand}: your password reset code`,
    },
    otpIs: (brand) => `Your ${brand} one-time password (OTP) is:`,
    otpUse: (purpose, minutes, brand) =>
      `Enter it to ${purpose === "signup" ? "verify your email and finish signing up" : "reset your password"}. It expires in ${minutes} minutes and can be used once. Never share it: ${brand} will never ask you for it.`,
    otpIgnore: {
      signup: "If you did not sign up, you can ignore this e-mail.",
      reset:
        "If you did not ask to reset your password, you can ignore this e-mail; your password stays as it is.",
    },
    usernameSubject: (brand) => `${brand}: your username`,
    usernameIs: (brand) => `The username of your ${brand} account is:`,
    usernameUse:
      "Use it with your password to sign in. If you did not ask for it, you can ignore this e-mail.",
  },
  alertMail: {
    why: (brand) =>
      `You get this e-mail because you chose e-mail alerts in ${brand}'s Settings → Alerts.`,
    openIt: (url) => `Open it: ${url}`,
    openOn: (brand) => `Open it on ${brand}`,
    stop: (url) => `Stop alert e-mails: ${url}`,
    stopLink: "Stop alert e-mails",
  },
  alerts: {
    newSignalTitle: (model) => `${model}: new signal`,
    newSignalBody: (contract, low, high, target, stop) =>
      `Buy ${contract} between ${low} and ${high}; target ${target}, stop ${stop}.`,
    triggeredTitle: (model) => `${model}: entry triggered`,
    triggeredBody: (contract, entry, target, stop) =>
      `${contract} entered at ${entry}; target ${target}, stop ${stop}.`,
    closedTitle: (model, result) => `${model}: closed ${result}`,
    closedBody: (contract, exit, reason, result) =>
      `${contract} exited at ${exit} (${reason}); ${result} on paper before charges.`,
    closeReason: { target: "target", stop: "stop", eod: "eod", expiry: "expiry", closed: "closed" },
    paper: "Paper trade, educational research only.",
    expiringTitle: (instrument, days, lastDay) =>
      `${instrument}: access ${days === 0 ? "ends today" : `ends in ${days} days, on ${lastDay}`}`,
    expiringBody: (instrument, days, lastDay) =>
      `Your access to ${instrument}'s live model output ${days === 0 ? "ends today" : `ends in ${days} days, on ${lastDay}`}. Contribute to keep it.`,
    byAlgorithm: (model, version) =>
      `This call is made by an algorithm, not chosen by a person: the ${model} model, ${version}.`,
    byHand: (model) =>
      `Entered by hand by the operator under the ${model} model's name, not made by its algorithm.`,
    version: (version) => `version ${version}`,
    versionNotRecorded: "version not recorded",
    analyst: (name, registrationNumber) =>
      `Research analyst: ${name} · SEBI Reg. No. ${registrationNumber}`,
    ledger: (ref) => `Ledger ${ref}`,
    pushByAlgorithm: (model, version) => `By an algorithm: ${model} ${version}`,
    pushByHand: (model) => `By hand, not by the ${model} algorithm`,
    pushVersionNotRecorded: "(version not recorded)",
    pushAnalyst: (name, registrationNumber) => `RA ${name}, ${registrationNumber}`,
  },
  telegram: {
    linked: (username) =>
      `Linked to the Kalpa account ${username}. You will get the alerts you chose in Settings → Alerts. /stop ends them, /status shows them.`,
    badLink:
      "This link has expired or was already used. Open Settings → Alerts on Kalpa for a new one.",
    stopped:
      "Alerts to this chat are stopped and the chat is unlinked. Link it again from Settings → Alerts.",
    notLinked:
      "This chat is not linked to a Kalpa account. Open Settings → Alerts on Kalpa to link it.",
    privateOnly:
      "Kalpa sends alerts to private chats only: in a group, one subscriber's alerts would reach everyone in it. Open the link from Settings → Alerts in your own chat with this bot.",
    ended: {
      password_reset:
        "Kalpa alerts to this chat have stopped: the account's password was reset, which ends every link made before. To get alerts here again, sign in and link this chat from Settings → Alerts.",
      password_changed:
        "Kalpa alerts to this chat have stopped: the account's password was changed, which ends every link made before. To get alerts here again, link this chat from Settings → Alerts.",
      admin_logout:
        "Kalpa alerts to this chat have stopped: the operator signed the account out everywhere. To get alerts here again, sign in and link this chat from Settings → Alerts.",
      operator_unlink:
        "Kalpa alerts to this chat have stopped: the operator unlinked it from the account. To get alerts here again, link this chat from Settings → Alerts.",
      user_unlink:
        "Kalpa alerts to this chat have stopped: it was unlinked in Settings → Alerts. Link it again there whenever you like.",
    },
    status: (username, lines) =>
      `Linked to ${username}.\n${lines.length > 0 ? lines.join("\n") : "No alerts chosen for Telegram yet: choose them in Settings → Alerts."}`,
  },
};
