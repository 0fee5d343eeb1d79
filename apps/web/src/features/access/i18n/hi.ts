/** Hindi strings of access; the same keys as en.ts. The agreement's own text stays in English. */
import type { accessGateEn } from "./en";

export const accessGateHi: typeof accessGateEn = {
  backToDashboard: "डैशबोर्ड पर वापस",
  agreement: {
    description:
      "कृपया पूरा एग्रीमेंट पढ़ें और उसे स्वीकार करें। स्वीकार करने के बाद ही डैशबोर्ड और मॉडल से बने आउटपुट खुलेंगे।",
    textLabel: "एग्रीमेंट का पाठ",
    version: "वर्ज़न {{version}}, {{effective}} से लागू",
    declaration: "घोषणा",
    confirm: "मैंने रिस्क डिस्क्लोज़र एग्रीमेंट पढ़कर समझ लिया है, और मैं इसे स्वीकार करता/करती हूँ।",
    accept: "स्वीकार करें",
    accepting: "स्वीकार हो रहा है…",
    later: "अभी नहीं",
    download: "एग्रीमेंट डाउनलोड करें (Word)",
    signedCopy:
      "एक्सेस मिलने से पहले हस्ताक्षर की हुई कॉपी भी हम तक पहुँचनी चाहिए: एग्रीमेंट डाउनलोड करें, उस पर हस्ताक्षर करें और योगदान पेज पर बताए तरीके से भेजें।",
    blockedTitle: "रिस्क डिस्क्लोज़र एग्रीमेंट स्वीकार करें",
    read: "एग्रीमेंट पढ़ें",
    backHome: "होम पर वापस",
  },
  terms: {
    blockedTitle: "सबसे ज़रूरी नियम और शर्तें स्वीकार करें",
    read: "शर्तें पढ़ें और स्वीकार करें",
  },
};
