/** English strings of signing in, account recovery, registration and signing out. */
import { addEnglish } from "@/i18n";

export const loginEn = {
  subtitle: "Welcome back. Sign in to continue to your research dashboard.",
  username: "Username",
  password: "Password",
  submit: "Sign In",
  submitting: "Signing In...",
  forgot: "Forgot username or password?",
  noAccount: "New here?",
  createAccount: "Create an account",
  verifyEmail: "Verify your email now",
};

export const recoveryEn = {
  title: "Account Recovery",
  description: "Choose what you need help with.",
  chooseUsername: "Forgot Username",
  chooseUsernameHint: "We'll email you the username of your account.",
  choosePassword: "Forgot Password",
  choosePasswordHint: "Set a new password with a one-time code sent to your email.",
  email: "Email",
  emailValid: "Valid address",
  usernameEmailHint: "The email address you registered with.",
  passwordEmailHint: "We'll send a 6-digit OTP to this address.",
  sendUsername: "Send Username",
  sending: "Sending...",
  usernameSentTitle: "Check your email",
  usernameSentFallback:
    "If an account uses this email, its username is on its way. Please check your inbox and spam folder.",
  backToSignIn: "Back to Sign In",
  stepOf: "Step {{step}} of {{total}}",
  stepTitles: {
    "1": "Your email address",
    "2": "Enter the code",
    "3": "Choose a new password",
  },
  sendOtp: "Send OTP",
  otpSentFallback: "OTP sent. Please check your inbox and spam folder.",
  otp: "Enter OTP",
  otpHint: "The 6-digit code sent to {{email}}.",
  verifyOtp: "Verify OTP",
  verifying: "Verifying...",
  noCode: "Didn't get the code?",
  resendOtp: "Resend OTP",
  resending: "Resending...",
  newPassword: "New Password",
  newPasswordHint: "At least 6 characters.",
  confirmPassword: "Confirm New Password",
  passwordsMatch: "Passwords match",
  resetPassword: "Reset Password",
  resetting: "Resetting...",
  doneTitle: "Password reset",
};

export const signupEn = {
  subtitle: "Create your account in three quick steps.",
  progress: "Sign-up progress",
  progressText: "Step {{step}} of {{total}}: {{name}}",
  steps: {
    details: "Details",
    verify: "Verify",
    complete: "Complete",
  },
  name: "Full Name",
  email: "Email",
  mobile: "Mobile Number",
  mobileHint: "10 digits, without +91.",
  username: "Username",
  usernameHint: "Letters, numbers and underscores.",
  password: "Password",
  passwordHint: "At least 6 characters.",
  confirmPassword: "Confirm Password",
  sendOtp: "Send OTP",
  sendingOtp: "Sending OTP...",
  otpSentFallback: "OTP sent to your email.",
  verifyTitle: "Verify your email",
  verifyBody: "Enter the 6-digit OTP we emailed you to verify the account {{username}}.",
  otp: "Enter OTP",
  verifyOtp: "Verify OTP",
  verifying: "Verifying...",
  noCode: "Didn't get the code?",
  resendOtp: "Resend OTP",
  resending: "Resending...",
  completeTitle: "You're all set!",
  redirecting_one: "Redirecting you to sign in in {{count}} second…",
  redirecting_other: "Redirecting you to sign in in {{count}} seconds…",
  goToSignIn: "Go to Sign In",
  haveAccount: "Already have an account?",
  signIn: "Sign in",
};

export const logoutEn = {
  heading: "Ready to Leave?",
  body: "You'll be signed out of your account on this device.",
  confirm: "Yes, Logout",
  confirming: "Logging out...",
  stay: "Stay Logged In",
};

addEnglish({ login: loginEn, recovery: recoveryEn, signup: signupEn, logout: logoutEn });

declare module "@/i18n/registry" {
  interface FeatureStrings {
    login: typeof loginEn;
    recovery: typeof recoveryEn;
    signup: typeof signupEn;
    logout: typeof logoutEn;
  }
}
