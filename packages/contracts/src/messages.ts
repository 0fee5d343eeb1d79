/**
 * The spec's wording for messages (sections 5 and 8). Both the forms and the server use these strings, so a
 * message reads the same whichever side produced it.
 */

export const VALIDATION_MESSAGES = {
  fillAllFields: "Please fill in all fields",
  invalidEmail: "Please enter a valid email address",
  invalidMobile: "Please enter a valid 10-digit mobile number",
  invalidUsername: "Username can only contain letters, numbers, and underscores",
  passwordTooShort: "Password must be at least 6 characters long",
  passwordsDoNotMatch: "Passwords do not match",
  invalidOtp: "Please enter a valid 6-digit OTP",
} as const;

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

/**
 * Account messages of the product's own (the spec shows the client's fallbacks only). Recovery answers are
 * worded so they read the same whether or not the address has an account.
 */
export const ACCOUNT_MESSAGES = {
  required: "Please fill in all fields",
  nameTooLong: "Name must be at most 100 characters long.",
  emailTooLong: "Email must be at most 254 characters long.",
  usernameTooLong: "Username must be at most 30 characters long.",
  passwordTooLong: "Password must be at most 128 characters long.",
  commonPassword:
    "This password is one of the most commonly used passwords. Please choose a less common one.",
  usernameTaken: "This username is already taken. Please choose another one.",
  emailTaken: "An account with this email already exists. Please sign in or recover your username.",
  registered: "OTP sent to your email. Please enter it to verify your account.",
  otpResent: "A new OTP has been sent to your email.",
  accountVerified: "Email verified successfully. You can now sign in.",
  alreadyVerified: "This account is already verified. Please sign in.",
  otpExpired: "This OTP has expired. Please request a new one.",
  otpTooManyTries: "Too many incorrect attempts. Please request a new OTP.",
  resendCooldown: (seconds: number) =>
    `Please wait ${seconds} second${seconds === 1 ? "" : "s"} before requesting another OTP.`,
  loginSuccess: "Login successful! Redirecting to your dashboard...",
  invalidCredentials: "Invalid username or password.",
  notVerified:
    "Your email is not verified yet. Please complete sign-up with the OTP we sent to your email.",
  loggedOut: "Logged out successfully.",
  forgotUsernameSent:
    "If an account uses this email, we have sent its username there. Please check your inbox and spam folder.",
  forgotPasswordSent:
    "If an account uses this email, we have sent an OTP there. Please check your inbox and spam folder.",
  resetOtpVerified: "OTP verified successfully.",
  /** Every refused reset code reads the same, so the answer cannot tell whether an address has an account. */
  resetOtpRejected: "Invalid or expired OTP. Please check the code or request a new one.",
  resetNotVerified: "Please verify the OTP sent to your email before choosing a new password.",
  passwordReset: "Password reset successfully. Please sign in with your new password.",
  currentPasswordWrong: "Current password is incorrect.",
  samePassword: "The new password must be different from the current one.",
  profileUpdated: "Profile updated successfully.",
  profileOneField: "Please update one field at a time: name or mobile.",
  imageUpdated: "Profile image updated successfully.",
  imageRemoved: "Profile image removed.",
  imageInvalid: "Please upload a PNG, JPEG or WebP image.",
  imageTooLarge: "The image must be 2 MB or smaller.",
  noImage: "No profile image has been uploaded.",
  anotherDevice: "You have been logged in from another device.",
  /** force-logout reason for a browser whose session ended because the password changed or was reset. */
  passwordChangedSignInAgain: "Your password was changed. Please sign in again.",
  /** resend-otp for a username with no account waiting for verification. */
  signupNotFound: "No sign-up is waiting for this username. Please register again.",
  /** Rate limits: says when to try again. */
  tryAgainIn: (seconds: number) => {
    const minutes = Math.ceil(seconds / 60);
    return seconds < 60
      ? `Too many attempts. Please try again in ${seconds} second${seconds === 1 ? "" : "s"}.`
      : `Too many attempts. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`;
  },
} as const;

/** Messages of the server's own, for situations the spec does not show. */
export const SERVER_MESSAGES = {
  notFound: "The requested resource was not found.",
  internal: "Something went wrong on our side. Please try again later.",
  rateLimited: "Too many requests. Please wait a moment and try again.",
  badOrigin: "This request did not come from this site and was refused.",
  databaseUnavailable: "The database is not reachable right now.",
  invalidRequest: "The request was not valid.",
} as const;
