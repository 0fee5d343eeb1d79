/**
 * English strings of Settings → Alerts. The confirmations are the server's own wording
 * (ALERT_MESSAGES), so the page says the same as the API in English.
 */
import { ALERT_MESSAGES } from "@kalpa/contracts/api/alerts";
import { addEnglish } from "@/i18n";

export const alertSettingsEn = {
  heading: "Alerts",
  lead: "Choose what you are told about each instrument, and where: this browser, Telegram or e-mail.",
  loading: "Loading your alert choices…",
  failed: "Your alert choices could not be loaded.",
  retry: "Retry",
  instruments: {
    Nifty: "NIFTY 50",
    BankNifty: "BANKNIFTY",
    CrudeOil: "Crude Oil",
  },
  events: {
    "new-signal": "New signal",
    triggered: "Entry triggered",
    closed: "Closed with result",
    "access-expiring": "Access ending",
  },
  instrument: "Instrument",
  needsAccess: "Needs access",
  needsAccessHint:
    "Signal alerts need access to the instrument; “Access ending” reminders work for any instrument.",
  channels: {
    push: "This browser",
    telegram: "Telegram",
    email: "E-mail",
  },
  push: {
    switchLabel: "Alerts on this browser",
    on: "On: this browser shows alerts, even when the site is closed.",
    off: "Off: this browser shows no alerts.",
    checking: "Checking this browser…",
    busy: "Working…",
    unsupported:
      "This browser cannot show alerts from a website. On an iPhone or iPad, add this site to your home screen (Share → Add to Home Screen), open it from there and turn alerts on in its Settings.",
    denied:
      "Notifications from this site are blocked in this browser. Allow them in the browser's site settings (the icon beside the address, then Notifications → Allow), reload the page and turn alerts on again.",
    dismissed: "Alerts stay off: the browser's question was closed without allowing notifications.",
    failed: "Alerts could not be turned on in this browser. Please try again.",
    subscribed: ALERT_MESSAGES.pushSubscribed as string,
    unsubscribed: ALERT_MESSAGES.pushUnsubscribed as string,
    gridHint: "These choices apply to every browser where alerts are on.",
  },
  telegram: {
    unavailable: ALERT_MESSAGES.telegramUnavailable as string,
    loading: "Checking Telegram…",
    failed: "Telegram's state could not be loaded.",
    linked: "Linked",
    linkedHint: "Alerts go to your Telegram chat with the site's bot.",
    chat: "Chat {{name}}, linked {{time}}.",
    chatUnnamed: "Linked {{time}}.",
    endsHint:
      "A password reset or change unlinks it, and the chat is told why. Not your chat? Unlink it and change your password.",
    notLinked: "Link your Telegram chat to receive alerts there.",
    link: "Link Telegram",
    linking: "Getting a link…",
    unlink: "Unlink",
    unlinking: "Unlinking…",
    linkReady: ALERT_MESSAGES.telegramLinkReady as string,
    pending:
      "Waiting for you to press Start in Telegram. If Telegram did not open, open or copy this link:",
    expires: "The link works until {{time}}.",
    expired: "The link has expired. Ask for a new one.",
    copy: "Copy link",
    copied: "Link copied.",
    nowLinked: "Telegram is linked: alerts will go to your chat.",
    unlinked: ALERT_MESSAGES.telegramUnlinked as string,
  },
  email: {
    hint: "Alerts go to your account's e-mail address. Each e-mail has a link that stops them, without signing in.",
  },
  unsubscribe: {
    body: "Kalpa will stop sending alert e-mails to your address. Alerts on your browsers and Telegram stay as they are.",
    confirm: "Stop alert e-mails",
    confirming: "Stopping…",
    done: ALERT_MESSAGES.emailUnsubscribed as string,
    invalid: ALERT_MESSAGES.unsubscribeLinkInvalid as string,
    failed: "Alert e-mails could not be stopped just now. Please try again.",
    settings: "Open Settings → Alerts",
    home: "Go to the home page",
  },
  quiet: {
    legend: "Quiet hours",
    hint: "India time (IST). Signal alerts that fall in them are not sent; an access reminder waits until they end.",
    from: "From (IST)",
    to: "Until (IST)",
  },
  save: "Save alert choices",
  saving: "Saving…",
  saved: ALERT_MESSAGES.preferencesSaved as string,
  unsaved: "You have unsaved changes.",
  saveFailed: "Your alert choices could not be saved. Please try again.",
};

addEnglish({ alertSettings: alertSettingsEn });

declare module "@/i18n/registry" {
  interface FeatureStrings {
    alertSettings: typeof alertSettingsEn;
  }
}
