/** The FAQ modal's text: thirteen questions about this product (spec section 2, "FAQ"). */
import { addEnglish } from "@/i18n";

export const faqEn = {
  title: "Frequently Asked Questions",
  description: "Short answers about the research, access, contributions and your account.",
  open: "Open the FAQ",
  pageLead:
    "Thirteen short answers about what {{brand}} is, how access and contributions work, and how we look after your data.",
};

addEnglish({ faq: faqEn });

declare module "@/i18n/registry" {
  interface FeatureStrings {
    faq: typeof faqEn;
  }
}
