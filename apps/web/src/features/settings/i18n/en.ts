/** English strings of Settings (spec section 2: Access Details and General Settings). */
import { addEnglish } from "@/i18n";

export const settingsPageEn = {
  heading: "Settings",
  lead: "Your access to the research services and the settings of your account.",
  refunds: {
    heading: "Refunds",
    line_one: "{{amount}} for {{instrument}}: access ended on {{date}} with {{count}} day left",
    line_other: "{{amount}} for {{instrument}}: access ended on {{date}} with {{count}} days left",
  },
  access: {
    heading: "Access Details",
    status: "Access",
    none: "No active access yet",
    noneHint:
      "Contribute for an instrument to unlock its model-generated outputs. Each active access and its expiry will be listed here.",
    plan: "Plan",
    planValue: "₹{{price}} per instrument per month",
    change: "Change",
    upgrade: "Upgrade Plan",
    loading: "Loading your access…",
    failed: "Your access could not be loaded.",
    retry: "Retry",
    instrumentsLabel: "Your access by instrument",
    active: "Active",
    expired: "Expired",
    inactive: "Inactive",
    lastDay: "Last day",
    daysLeft: "Days left",
    noEndDate: "No end date",
    left_one: "{{count}} day left",
    left_other: "{{count}} days left",
    lastDayToday: "Last day today",
    expiredAgo_one: "Expired {{count}} day ago",
    expiredAgo_other: "Expired {{count}} days ago",
    contribute: "Contribute for an instrument to renew or add access.",
  },
  general: {
    heading: "General Settings",
    account: "Account",
    accountHint: "Your name, mobile number, photo and password.",
    editProfile: "Edit profile",
    language: "Language",
    languageHint: "The language of the site on this device; saved on your account too.",
    exportHeading: "Your data",
    exportHint: "Download your profile, access and active sessions as a JSON file.",
    export: "Export",
    exporting: "Exporting…",
    exportFailed: "Your data could not be downloaded. Please try again.",
    exported: "Your data was downloaded.",
  },
};

addEnglish({ settingsPage: settingsPageEn });

declare module "@/i18n/registry" {
  interface FeatureStrings {
    settingsPage: typeof settingsPageEn;
  }
}
