/** Telugu strings of access; the same keys as en.ts. The agreement's own text stays in English. */
import type { accessGateEn } from "./en";

export const accessGateTe: typeof accessGateEn = {
  backToDashboard: "డాష్‌బోర్డ్‌కు తిరిగి వెళ్ళండి",
  agreement: {
    description:
      "దయచేసి ఒప్పందాన్ని పూర్తిగా చదివి అంగీకరించండి. మీరు అంగీకరించిన తర్వాతే డాష్‌బోర్డ్‌లు, మోడల్ రూపొందించిన అవుట్‌పుట్‌లు తెరుచుకుంటాయి.",
    textLabel: "ఒప్పంద పాఠం",
    version: "వెర్షన్ {{version}}, అమలు {{effective}} నుండి",
    declaration: "ప్రకటన",
    confirm: "నేను రిస్క్ డిస్‌క్లోజర్ ఒప్పందాన్ని చదివి అర్థం చేసుకున్నాను, దానిని అంగీకరిస్తున్నాను.",
    accept: "అంగీకరించండి",
    accepting: "అంగీకరిస్తోంది…",
    later: "ఇప్పుడు కాదు",
    download: "ఒప్పందాన్ని డౌన్‌లోడ్ చేయండి (Word)",
    signedCopy:
      "యాక్సెస్ ఇవ్వడానికి ముందు సంతకం చేసిన ప్రతి కూడా మాకు చేరాలి: ఒప్పందాన్ని డౌన్‌లోడ్ చేసి, సంతకం చేసి, సహకారం పేజీలో చెప్పినట్లు పంపండి.",
    blockedTitle: "రిస్క్ డిస్‌క్లోజర్ ఒప్పందాన్ని అంగీకరించండి",
    read: "ఒప్పందాన్ని చదవండి",
    backHome: "హోమ్‌కు తిరిగి వెళ్ళండి",
  },
  terms: {
    blockedTitle: "ముఖ్యమైన నిబంధనలు మరియు షరతులను అంగీకరించండి",
    read: "నిబంధనలను చదివి అంగీకరించండి",
  },
};
