/**
 * English strings. Where the spec names a label or message, this is the spec's wording; route titles come
 * straight from the contracts' route table.
 */

import { APP_ROUTES, type AppPath } from "@kalpa/contracts/routes";
import { consentEn } from "@/features/consent/i18n/en";
import { contactPageEn } from "@/features/contact/i18n/en";
import { dashboardPageEn } from "@/features/dashboard/i18n/en";
import { faqEn } from "@/features/faq/i18n/en";
import { helpPageEn } from "@/features/help/i18n/en";
import { landingEn } from "@/features/landing/i18n/en";
import { policyPageEn } from "@/features/policies/i18n/en";
import { settingsPageEn } from "@/features/settings/i18n/en";

function routeTitle(path: AppPath): string {
  const route = APP_ROUTES.find((candidate) => candidate.path === path);
  if (!route) throw new Error(`No route ${path} in APP_ROUTES`);
  return route.title;
}

export const en = {
  consent: consentEn,
  faq: faqEn,
  dashboardPage: dashboardPageEn,
  settingsPage: settingsPageEn,
  common: {
    loading: "Loading…",
    inDevelopment: "In development",
    close: "Close",
    back: "Back",
    retry: "Retry",
  },
  skipLink: "Skip to main content",
  nav: {
    label: "Main",
    brandHome: "{{brand}} home",
    home: "Home",
    paperTrade: "Paper Trade",
    contribution: "Contribution",
    login: "Login",
    register: "Register",
    faq: "FAQ",
    contact: "Contact Us",
    openMenu: "Open menu",
    closeMenu: "Close menu",
    dashboard: "Dashboard",
    openAccountMenu: "Open account menu",
    closeAccountMenu: "Close account menu",
    accountLabel: "Account",
    signedInAs: "Signed in as",
    profile: "Profile",
    settings: "Settings",
    help: "Help",
    logout: "Logout",
  },
  footer: {
    tagline:
      "Educational market research and model-generated option signals for NIFTY 50, BANKNIFTY and Crude Oil.",
    quickLinks: "Quick links",
    tradingHours: "Trading hours",
    support: "Support",
    supportHours: "24/7",
    timesNote: "Market times are in IST.",
    contact: "Contact",
    contactLoading: "Loading contact details…",
    contactUnavailable: "Contact details are unavailable right now.",
    email: "E-mail",
    phone: "Phone",
    whatsapp: "Chat on WhatsApp",
    opensInNewTab: "(opens in a new tab)",
    policies: "Policies",
    language: "Language",
    disclaimer:
      "For education only: every signal and trade shown here is model-generated and simulated, not investment advice. We are not a registered investment adviser and are not registered with SEBI; any position you take is at your own risk.",
    copyright: "© {{year}} {{brand}}",
  },
  policyPage: policyPageEn,
  contactPage: contactPageEn,
  helpPage: helpPageEn,
  landing: landingEn,
  policies: {
    privacy: "Privacy Policy",
    terms: "Terms of Service",
    disclaimer: "Disclaimer",
    cookie: "Cookie Policy",
    tabsLabel: "All policies",
  },
  notFound: {
    title: "Page not found",
    body: "The page you are looking for does not exist or has moved.",
    backHome: "Back to Home",
  },
  access: {
    title: "Authentication Required",
    goToLogin: "Go to Login",
  },
  login: {
    subtitle: "Welcome back. Sign in to continue to your research dashboard.",
    username: "Username",
    password: "Password",
    submit: "Sign In",
    submitting: "Signing In...",
    forgot: "Forgot username or password?",
    noAccount: "New here?",
    createAccount: "Create an account",
    verifyEmail: "Verify your email now",
  },
  recovery: {
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
  },
  signup: {
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
    redirecting: "Redirecting you to sign in in {{seconds}} seconds…",
    goToSignIn: "Go to Sign In",
    haveAccount: "Already have an account?",
    signIn: "Sign in",
  },
  logout: {
    heading: "Ready to Leave?",
    body: "You'll be signed out of your account on this device.",
    confirm: "Yes, Logout",
    confirming: "Logging out...",
    stay: "Stay Logged In",
  },
  forcedLogout: {
    title: "You have been signed out",
    dismiss: "Dismiss",
  },
  profile: {
    loadFailed: "We couldn't load your profile. Please check your connection and try again.",
    photo: "Profile photo",
    photoAlt: "Profile photo of {{name}}",
    initialsAlt: "{{name}}'s initials",
    uploadPhoto: "Upload Photo",
    changePhoto: "Change Photo",
    uploading: "Uploading...",
    removePhoto: "Remove Photo",
    removing: "Removing...",
    photoHint: "PNG, JPEG or WebP, up to 2 MB.",
    uploadFailed: "Failed to upload the image. Please try again.",
    removeFailed: "Failed to remove the image. Please try again.",
    details: "Account details",
    name: "Name",
    username: "Username",
    email: "Email",
    mobile: "Mobile Number",
    readOnly: "This cannot be changed.",
    update: "Update",
    updateField: "Update {{field}}",
    save: "Save",
    saving: "Saving...",
    cancel: "Cancel",
    updateFailed: "Failed to update your profile. Please try again.",
    security: "Security",
    securityBody: "Change the password you use to sign in.",
    changePassword: "Change Password",
    changePasswordDescription: "Enter your current password, then choose a new one.",
    currentPassword: "Current Password",
    newPassword: "New Password",
    newPasswordHint: "At least 6 characters.",
    confirmNewPassword: "Confirm New Password",
    updatePassword: "Update Password",
    updatingPassword: "Updating...",
  },
  dashboard: {
    welcome: "Welcome, {{name}}",
    accountLinks: "Your account",
  },
  routeError: {
    title: "Something went wrong",
    body: "This page could not be loaded. Reloading usually fixes it.",
    reload: "Reload page",
  },
  routes: {
    home: {
      title: routeTitle("/"),
      summary:
        "The landing page will hold live prices for NIFTY 50, BANKNIFTY and Crude Oil, our three research services, and how our model-generated, educational signals work.",
    },
    pricing: {
      title: routeTitle("/pricing"),
      summary:
        "This page will compare the Nifty, BankNifty and CrudeOil research plans ({{price}} per month per instrument) and what each one includes.",
    },
    login: {
      title: routeTitle("/login"),
      summary:
        "The sign-in form will live here: username and password, with help recovering a forgotten username or password.",
    },
    signup: {
      title: routeTitle("/signup"),
      summary:
        "Registration will take three steps here: your details, a one-time code sent to your e-mail, and confirmation.",
    },
    contact: {
      title: routeTitle("/contact"),
      summary: "The founder's contact card will appear here, with e-mail and phone.",
    },
    help: {
      title: routeTitle("/help"),
      summary:
        "Answers to common questions and a quick way to send us your query on WhatsApp will be here.",
    },
    logout: {
      title: routeTitle("/logout"),
      summary: "This page will confirm signing out, with the option to stay signed in.",
    },
    faq: {
      title: routeTitle("/faq"),
      summary:
        "Frequently asked questions about our research, access and contributions will be listed here.",
    },
    paperTrade: {
      title: routeTitle("/paper-trade"),
      summary:
        "The public journal of simulated trades will appear here, grouped by day with totals, filterable by model and by the last 7, 15 or 30 days.",
    },
    policies: {
      title: routeTitle("/policies/:policyType?"),
      summary: "The full text of our {{policy}} will be published here.",
    },
    dashboard: {
      title: routeTitle("/dashboard"),
      summary:
        "Your dashboard will soon hold live market cards, the Trading Knowledge Hub and your access details.",
    },
    tradingServices: {
      title: routeTitle("/trading-services"),
      summary:
        "You will pick a research service here (Nifty, BankNifty or CrudeOil) before arranging your contribution.",
    },
    whatsappContact: {
      title: routeTitle("/whatsapp-contact"),
      summary:
        "This page will summarise the services you chose and open WhatsApp with a pre-filled message to arrange your contribution with the founder.",
    },
    profile: {
      title: routeTitle("/profile"),
      summary:
        "Your name, username, e-mail and mobile number will be shown here, with the option to change your password.",
    },
    settings: {
      title: routeTitle("/settings"),
      summary: "Your access details and general settings will be shown here.",
    },
    liveTrade: {
      title: routeTitle("/live-trade"),
      summary:
        "Model-generated signals for the instruments you have access to will stream here in real time.",
    },
    liveTradeBankNifty: {
      title: routeTitle("/live-trade/banknifty"),
      summary: "BankNifty's two models, KalpaVruksha and HFT, will be available here.",
    },
    liveTradeBankNiftyKalpaVruksha: {
      title: routeTitle("/live-trade/banknifty/kalpavruksha"),
      summary:
        "Live, model-generated BankNifty option signals from the KalpaVruksha model will appear here.",
    },
    liveTradeBankNiftyHft: {
      title: routeTitle("/live-trade/banknifty/hft"),
      summary:
        "Live, model-generated BankNifty option signals from the HFT model will appear here.",
    },
    liveTradeNifty: {
      title: routeTitle("/live-trade/nifty"),
      summary:
        "Live, model-generated Nifty 50 option signals from the KalpaVruksha model will appear here.",
    },
    liveTradeCrudeOil: {
      title: routeTitle("/live-trade/crudeoil"),
      summary:
        "Live, model-generated Crude Oil option signals from the Yamuna model will appear here.",
    },
  },
};

/** Every translation mirrors the English shape (checked by the compiler). */
export type TranslationResource = typeof en;
export type RouteKey = keyof TranslationResource["routes"];
