/** Hindi strings of the help page; the same keys as en.ts. */
import type { helpPageEn } from "./en";

export const helpPageHi: typeof helpPageEn = {
  intro: "कहीं अटक गए? अपना सवाल WhatsApp पर भेजें, फ़ाउंडर की टीम जवाब देगी। सहायता 24/7 उपलब्ध है।",
  queryTitle: "सवाल पूछें",
  queryBody:
    "यह बटन WhatsApp में भेजने को तैयार मैसेज खोलता है। उसमें अपना सवाल लिखें, और अगर खाता है तो अपना यूज़रनेम भी।",
  queryButton: "WhatsApp पर सवाल भेजें",
  queryMessage: "नमस्ते, मुझे {{brand}} के बारे में मदद चाहिए। मेरा सवाल: ",
  opensInNewTab: "(नए टैब में खुलता है)",
  loading: "सहायता की जानकारी लोड हो रही है…",
  unavailable: "सहायता की जानकारी लोड नहीं हो सकी। कृपया अपना कनेक्शन जाँचें और फिर से कोशिश करें।",
  channelsTitle: "सहायता के तरीके",
  whatsappTitle: "WhatsApp",
  whatsappBody: "24/7 — हम तक पहुँचने का सबसे तेज़ तरीका।",
  phoneTitle: "फ़ोन",
  phoneBody: "दिन हो या रात, कभी भी कॉल करें।",
  emailTitle: "ई-मेल",
  emailBody: "विस्तार वाले सवालों और डॉक्यूमेंट के लिए।",
  selfHelpTitle: "ख़ुद हल करें",
  recoveryTitle: "यूज़रनेम या पासवर्ड भूल गए?",
  recoveryBody: "साइन इन पेज से, अपने ई-मेल पर आए कोड की मदद से खाता वापस पाएँ।",
  recoveryLink: "साइन इन पर जाएँ",
  faqTitle: "अक्सर पूछे जाने वाले सवाल",
  faqBody: "एक्सेस, योगदान, सिग्नल और पेपर-ट्रेड जर्नल के बारे में छोटे जवाब।",
  faqLink: "सवाल-जवाब पढ़ें",
  policiesTitle: "नीतियाँ",
  policiesBody: "हम आपके डेटा को कैसे संभालते हैं, हमारी शर्तें, और जोखिम का अस्वीकरण।",
  privacyLink: "गोपनीयता नीति",
  disclaimerLink: "अस्वीकरण",
};
