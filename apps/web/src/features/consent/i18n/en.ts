/** The landing consent modal's text (spec section 2, "Landing consent modal"), registered with i18n. */
import { addEnglish } from "@/i18n";
import { consentEn } from "./strings";

export { consentEn };

addEnglish({ consent: consentEn });

declare module "@/i18n/registry" {
  interface FeatureStrings {
    consent: typeof consentEn;
  }
}
