import type { policyPageEn } from "./en";

export const policyPageTe: typeof policyPageEn = {
  lastUpdated: "చివరిగా నవీకరించినది: {{date}}",
  onThisPage: "ఈ పేజీలో",
  englishOnly: "విధానాలు ఆంగ్లంలో మాత్రమే ప్రచురించబడ్డాయి; ఆంగ్ల పాఠమే చెల్లుబాటు అయ్యే పాఠం.",
  contactTitle: "సహాయ సంప్రదింపు వివరాలు",
  contactLoading: "సంప్రదింపు వివరాలు లోడ్ అవుతున్నాయి…",
  contactUnavailable: "సంప్రదింపు వివరాలు ప్రస్తుతం అందుబాటులో లేవు. దయచేసి తర్వాత మళ్లీ ప్రయత్నించండి.",
  name: "పేరు",
  email: "ఇ-మెయిల్",
  phone: "ఫోన్",
  whatsapp: "వాట్సాప్",
  chat: "వాట్సాప్‌లో చాట్ చేయండి",
  opensInNewTab: "(కొత్త ట్యాబ్‌లో తెరుచుకుంటుంది)",
  hours: "వాట్సాప్, ఫోన్ మరియు ఇ-మెయిల్ ద్వారా 24/7 సహాయం అందుబాటులో ఉంది.",
};
