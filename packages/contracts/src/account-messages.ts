/**
 * Messages of the account forms and the account API (sign-up, sign-in, recovery, profile): only the pages
 * and server modules that handle accounts load them. The rest of the product's wording is in messages.ts.
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
  /** PUT /api/account/language with anything but en, te or hi (400). */
  languageUnsupported: 'Please choose a language: "en" (English), "te" (Telugu) or "hi" (Hindi).',
  /** Rate limits: says when to try again. */
  tryAgainIn: (seconds: number) => {
    const minutes = Math.ceil(seconds / 60);
    return seconds < 60
      ? `Too many attempts. Please try again in ${seconds} second${seconds === 1 ? "" : "s"}.`
      : `Too many attempts. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`;
  },
} as const;
