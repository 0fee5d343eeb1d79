/** Hindi strings of the policies page; the policies' own text stays in English (the binding text). */
import type { policyPageEn } from "./en";

export const policyPageHi: typeof policyPageEn = {
  lastUpdated: "पिछला अपडेट: {{date}}",
  onThisPage: "इस पेज पर",
  englishOnly: "नीतियाँ अंग्रेज़ी में प्रकाशित हैं; अंग्रेज़ी पाठ ही मान्य पाठ है।",
  contactTitle: "सहायता के लिए संपर्क",
  contactLoading: "संपर्क की जानकारी लोड हो रही है…",
  contactUnavailable: "संपर्क की जानकारी अभी उपलब्ध नहीं है। कृपया थोड़ी देर बाद फिर से कोशिश करें।",
  name: "नाम",
  email: "ई-मेल",
  phone: "फ़ोन",
  whatsapp: "WhatsApp",
  chat: "WhatsApp पर बात करें",
  opensInNewTab: "(नए टैब में खुलता है)",
  hours: "सहायता WhatsApp, फ़ोन और ई-मेल पर 24/7 उपलब्ध है।",
};
