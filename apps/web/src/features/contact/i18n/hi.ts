/** Hindi strings of the contact page; the same keys as en.ts. */
import type { contactPageEn } from "./en";

export const contactPageHi: typeof contactPageEn = {
  intro:
    "एक्सेस, योगदान या अपने खाते के बारे में कोई सवाल? फ़ाउंडर से सीधे ई-मेल या फ़ोन पर बात करें। सहायता 24/7 उपलब्ध है।",
  founder: "फ़ाउंडर",
  cardLabel: "फ़ाउंडर का संपर्क कार्ड",
  email: "ई-मेल",
  phone: "फ़ोन",
  sendEmail: "ई-मेल भेजें",
  call: "कॉल करें",
  emailAction: "{{name}} को ई-मेल भेजें",
  callAction: "{{name}} को कॉल करें",
  loading: "संपर्क की जानकारी लोड हो रही है…",
  unavailable: "संपर्क की जानकारी लोड नहीं हो सकी। कृपया अपना कनेक्शन जाँचें और फिर से कोशिश करें।",
  supportHours: "सहायता 24/7",
};
