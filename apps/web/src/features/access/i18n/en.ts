/**
 * English strings of access (spec sections 2, 4 and 8): the risk disclosure agreement dialog, the notice on
 * screens it blocks, and the operator console guard's way back. The spec's own messages come from
 * the contracts (ACCESS_MESSAGES); the agreement's text is the contracts' document, in English.
 */
import { addEnglish } from "@/i18n";

export const accessGateEn = {
  backToDashboard: "Back to Dashboard",
  agreement: {
    description:
      "Please read the agreement in full and accept it. Dashboards and model-generated outputs open once you have accepted it.",
    textLabel: "Agreement text",
    version: "Version {{version}}, effective {{effective}}",
    declaration: "Declaration",
    confirm: "I have read and understood the Risk Disclosure Agreement, and I accept it.",
    accept: "Accept",
    accepting: "Accepting…",
    later: "Not now",
    download: "Download the agreement (Word)",
    signedCopy:
      "Before access can be granted, a signed copy must also reach us: download the agreement, sign it and send it as the Contribution page explains.",
    blockedTitle: "Accept the risk disclosure agreement",
    read: "Read the agreement",
    backHome: "Back to Home",
  },
  /** With the operator's research-analyst profile: its terms summary, accepted on /terms-summary. */
  terms: {
    blockedTitle: "Accept the Most Important Terms and Conditions",
    read: "Read and accept the terms",
  },
};

addEnglish({ accessGate: accessGateEn });

declare module "@/i18n/registry" {
  interface FeatureStrings {
    accessGate: typeof accessGateEn;
  }
}
