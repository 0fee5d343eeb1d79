/** Telugu strings of Settings; the same keys as en.ts. */
import type { settingsPageEn } from "./en";

export const settingsPageTe: typeof settingsPageEn = {
  heading: "సెట్టింగ్‌లు",
  lead: "పరిశోధన సేవలకు మీ యాక్సెస్, మీ ఖాతా సెట్టింగ్‌లు.",
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
  },
  general: {
    heading: "సాధారణ సెట్టింగ్‌లు",
    account: "ఖాతా",
    accountHint: "మీ పేరు, మొబైల్ నంబర్, ఫోటో, పాస్‌వర్డ్.",
    editProfile: "ప్రొఫైల్ సవరించండి",
    language: "భాష",
    languageHint: "ఈ పరికరంలో సైట్ భాష.",
    exportHeading: "మీ డేటా",
    exportHint: "మీ ప్రొఫైల్, యాక్సెస్, యాక్టివ్ సెషన్‌లను JSON ఫైల్‌గా డౌన్‌లోడ్ చేయండి.",
    export: "ఎగుమతి చేయండి",
    exporting: "ఎగుమతి అవుతోంది…",
    exportFailed: "మీ డేటా డౌన్‌లోడ్ కాలేదు. దయచేసి మళ్లీ ప్రయత్నించండి.",
    exported: "మీ డేటా డౌన్‌లోడ్ అయింది.",
  },
};
