/** Telugu strings of Settings; the same keys as en.ts. */
import type { settingsPageEn } from "./en";

export const settingsPageTe: typeof settingsPageEn = {
  heading: "సెట్టింగ్‌లు",
  lead: "పరిశోధన సేవలకు మీ యాక్సెస్, మీ ఖాతా సెట్టింగ్‌లు.",
  refunds: {
    heading: "తిరిగి చెల్లింపులు",
    line_one:
      "{{instrument}} కోసం {{amount}}: {{count}} రోజు మిగిలి ఉండగా {{date}}న యాక్సెస్ ముగిసింది",
    line_other:
      "{{instrument}} కోసం {{amount}}: {{count}} రోజులు మిగిలి ఉండగా {{date}}న యాక్సెస్ ముగిసింది",
  },
  access: {
    heading: "యాక్సెస్ వివరాలు",
    status: "యాక్సెస్",
    none: "ఇంకా యాక్టివ్ యాక్సెస్ లేదు",
    noneHint:
      "ఒక సాధనం యొక్క మోడల్ అవుట్‌పుట్‌లను అన్‌లాక్ చేయడానికి సహకరించండి. ప్రతి యాక్టివ్ యాక్సెస్, దాని గడువు ఇక్కడ కనిపిస్తాయి.",
    plan: "ప్లాన్",
    planValue: "ఒక్కో సాధనానికి నెలకు ₹{{price}}",
    change: "మార్చండి",
    upgrade: "ప్లాన్ అప్‌గ్రేడ్ చేయండి",
    loading: "మీ యాక్సెస్ లోడ్ అవుతోంది…",
    failed: "మీ యాక్సెస్‌ను లోడ్ చేయలేకపోయాము.",
    retry: "మళ్లీ ప్రయత్నించండి",
    instrumentsLabel: "సాధనం వారీగా మీ యాక్సెస్",
    active: "యాక్టివ్",
    expired: "గడువు ముగిసింది",
    inactive: "నిష్క్రియం",
    lastDay: "చివరి రోజు",
    daysLeft: "మిగిలిన రోజులు",
    noEndDate: "ముగింపు తేదీ లేదు",
    left_one: "{{count}} రోజు మిగిలి ఉంది",
    left_other: "{{count}} రోజులు మిగిలి ఉన్నాయి",
    lastDayToday: "ఈ రోజే చివరి రోజు",
    expiredAgo_one: "{{count}} రోజు క్రితం గడువు ముగిసింది",
    expiredAgo_other: "{{count}} రోజుల క్రితం గడువు ముగిసింది",
    contribute: "యాక్సెస్‌ను పునరుద్ధరించడానికి లేదా జోడించడానికి ఒక సాధనానికి సహకరించండి.",
  },
  general: {
    heading: "సాధారణ సెట్టింగ్‌లు",
    account: "ఖాతా",
    accountHint: "మీ పేరు, మొబైల్ నంబర్, ఫోటో, పాస్‌వర్డ్.",
    editProfile: "ప్రొఫైల్ సవరించండి",
    language: "భాష",
    languageHint: "ఈ పరికరంలో సైట్ భాష; మీ ఖాతాలో కూడా సేవ్ అవుతుంది.",
    exportHeading: "మీ డేటా",
    exportHint: "మీ ప్రొఫైల్, యాక్సెస్, యాక్టివ్ సెషన్‌లను JSON ఫైల్‌గా డౌన్‌లోడ్ చేయండి.",
    export: "ఎగుమతి చేయండి",
    exporting: "ఎగుమతి అవుతోంది…",
    exportFailed: "మీ డేటా డౌన్‌లోడ్ కాలేదు. దయచేసి మళ్లీ ప్రయత్నించండి.",
    exported: "మీ డేటా డౌన్‌లోడ్ అయింది.",
  },
};
