/**
 * Hindi, as a trader reads it: everyday Hindi with the words traders use in English written as they say
 * them (OTP, अकाउंट, लॉग इन, टारगेट, स्टॉप), and CE, PE, NIFTY, strikes and prices left as they are.
 */
import type { ServerDictionary } from "./dictionary";

const SETTINGS_ALERTS = "सेटिंग्स → अलर्ट";

export const hi: ServerDictionary = {
  messages: {
    required: "कृपया सभी फ़ील्ड भरें",
    nameTooLong: "नाम ज़्यादा से ज़्यादा 100 अक्षरों का हो सकता है।",
    emailTooLong: "ईमेल ज़्यादा से ज़्यादा 254 अक्षरों का हो सकता है।",
    usernameTooLong: "यूज़रनेम ज़्यादा से ज़्यादा 30 अक्षरों का हो सकता है।",
    passwordTooLong: "पासवर्ड ज़्यादा से ज़्यादा 128 अक्षरों का हो सकता है।",
    commonPassword:
      "यह पासवर्ड सबसे ज़्यादा इस्तेमाल होने वाले पासवर्डों में से एक है। कृपया कोई कम आम पासवर्ड चुनें।",
    usernameTaken: "यह यूज़रनेम पहले से लिया जा चुका है। कृपया कोई दूसरा चुनें।",
    emailTaken: "इस ईमेल से पहले से एक अकाउंट बना हुआ है। कृपया साइन इन करें या अपना यूज़रनेम रिकवर करें।",
    registered: "आपके ईमेल पर OTP भेजा गया है। अपना अकाउंट वेरिफ़ाई करने के लिए उसे डालें।",
    otpResent: "आपके ईमेल पर नया OTP भेजा गया है।",
    accountVerified: "ईमेल वेरिफ़ाई हो गया। अब आप साइन इन कर सकते हैं।",
    alreadyVerified: "यह अकाउंट पहले से वेरिफ़ाई है। कृपया साइन इन करें।",
    otpExpired: "इस OTP का समय खत्म हो गया है। कृपया नया OTP मँगाएँ।",
    otpTooManyTries: "कई बार गलत OTP डाला गया। कृपया नया OTP मँगाएँ।",
    loginSuccess: "लॉग इन हो गया! आपको डैशबोर्ड पर ले जा रहे हैं...",
    invalidCredentials: "यूज़रनेम या पासवर्ड गलत है।",
    notVerified: "आपका ईमेल अभी वेरिफ़ाई नहीं हुआ है। कृपया आपके ईमेल पर भेजे गए OTP से साइन-अप पूरा करें।",
    loggedOut: "आप लॉग आउट हो गए हैं।",
    forgotUsernameSent:
      "अगर इस ईमेल से कोई अकाउंट है, तो हमने उसका यूज़रनेम वहाँ भेज दिया है। कृपया अपना इनबॉक्स और स्पैम फ़ोल्डर देखें।",
    forgotPasswordSent:
      "अगर इस ईमेल से कोई अकाउंट है, तो हमने वहाँ एक OTP भेज दिया है। कृपया अपना इनबॉक्स और स्पैम फ़ोल्डर देखें।",
    resetOtpVerified: "OTP वेरिफ़ाई हो गया।",
    resetOtpRejected: "OTP गलत है या उसका समय खत्म हो गया है। कृपया कोड जाँचें या नया मँगाएँ।",
    resetNotVerified: "नया पासवर्ड चुनने से पहले कृपया आपके ईमेल पर भेजा गया OTP वेरिफ़ाई करें।",
    passwordReset: "पासवर्ड रीसेट हो गया। कृपया नए पासवर्ड से साइन इन करें।",
    currentPasswordWrong: "मौजूदा पासवर्ड गलत है।",
    samePassword: "नया पासवर्ड मौजूदा पासवर्ड से अलग होना चाहिए।",
    profileUpdated: "प्रोफ़ाइल अपडेट हो गई।",
    profileOneField: "कृपया एक बार में एक ही चीज़ बदलें: नाम या मोबाइल नंबर।",
    imageUpdated: "प्रोफ़ाइल फ़ोटो अपडेट हो गई।",
    imageRemoved: "प्रोफ़ाइल फ़ोटो हटा दी गई।",
    imageInvalid: "कृपया PNG, JPEG या WebP फ़ोटो अपलोड करें।",
    imageTooLarge: "फ़ोटो 2 MB या उससे छोटी होनी चाहिए।",
    noImage: "कोई प्रोफ़ाइल फ़ोटो अपलोड नहीं की गई है।",
    anotherDevice: "आपने किसी दूसरे डिवाइस से लॉग इन किया है।",
    passwordChangedSignInAgain: "आपका पासवर्ड बदल दिया गया है। कृपया दोबारा साइन इन करें।",
    signupNotFound: "इस यूज़रनेम का कोई साइन-अप वेरिफ़िकेशन के लिए बाकी नहीं है। कृपया दोबारा रजिस्टर करें।",
    languageUnsupported: 'कृपया भाषा चुनें: "en" (अंग्रेज़ी), "te" (तेलुगु) या "hi" (हिंदी)।',
    invalidEmail: "कृपया सही ईमेल पता डालें",
    invalidMobile: "कृपया सही 10 अंकों का मोबाइल नंबर डालें",
    invalidUsername: "यूज़रनेम में सिर्फ़ अक्षर, अंक और अंडरस्कोर (_) हो सकते हैं",
    passwordTooShort: "पासवर्ड कम से कम 6 अक्षरों का होना चाहिए",
    passwordsDoNotMatch: "दोनों पासवर्ड एक जैसे नहीं हैं",
    invalidOtpFormat: "कृपया सही 6 अंकों का OTP डालें",
    invalidOtp: "OTP गलत है।",
    passwordUpdated: "पासवर्ड अपडेट हो गया।",
    forcedLogout: "आपको लॉग आउट कर दिया गया है।",
    pleaseLogin: "आगे बढ़ने के लिए कृपया लॉग इन करें",
    unableToVerify: "एक्सेस की जाँच नहीं हो पाई। कृपया दोबारा कोशिश करें।",
    contributionRequiredBody: "इस इंस्ट्रूमेंट के मॉडल वाले आउटपुट देखने के लिए कृपया कॉन्ट्रिब्यूट करें।",
    forecastLocked: "यह सेक्शन देखने के लिए कृपया कॉन्ट्रिब्यूट करें",
    riskDisclosureRequired: "मॉडल वाले आउटपुट देखने के लिए कृपया रिस्क डिस्क्लोज़र एग्रीमेंट पढ़कर स्वीकार करें।",
    riskDisclosureAccepted: "रिस्क डिस्क्लोज़र एग्रीमेंट स्वीकार हो गया।",
    riskDisclosureOutdated:
      "आपके खोलने के बाद रिस्क डिस्क्लोज़र एग्रीमेंट बदल गया है। कृपया इसका मौजूदा वर्शन पढ़ें।",
    termsRequired: "मॉडल वाले आउटपुट देखने के लिए कृपया सबसे ज़रूरी नियम और शर्तें (MITC) पढ़कर स्वीकार करें।",
    termsAccepted: "सबसे ज़रूरी नियम और शर्तें (MITC) स्वीकार हो गईं।",
    termsOutdated: "आपके खोलने के बाद सबसे ज़रूरी नियम और शर्तें (MITC) बदल गई हैं। कृपया इनका मौजूदा वर्शन पढ़ें।",
    termsNotInForce: "स्वीकार करने के लिए कोई शर्तें नहीं हैं: ऑपरेटर की कोई रिसर्च एनालिस्ट प्रोफ़ाइल नहीं है।",
    preferencesSaved: "अलर्ट की आपकी पसंद सेव हो गई।",
    pushSubscribed: "इस ब्राउज़र पर अलर्ट आएँगे।",
    pushUnsubscribed: "इस ब्राउज़र पर अब अलर्ट नहीं आएँगे।",
    pushServiceNotAllowed:
      "यह साइट इस ब्राउज़र की पुश सर्विस पर अलर्ट नहीं भेजती। Chrome, Firefox, Edge या Safari आज़माएँ।",
    pushEndpointInvalid: "पुश सब्सक्रिप्शन सही नहीं है।",
    pushKeysInvalid: "पुश सब्सक्रिप्शन की keys सही नहीं हैं।",
    tooManyDevices: "बहुत सारे ब्राउज़रों पर अलर्ट चालू हैं। जिसे अब इस्तेमाल नहीं करते, उस पर बंद कर दें।",
    telegramUnavailable: "इस साइट पर Telegram अलर्ट सेट नहीं किए गए हैं।",
    telegramUnreachable: "अभी Telegram से संपर्क नहीं हो पा रहा है। कृपया एक मिनट बाद दोबारा कोशिश करें।",
    telegramLinkReady: "लिंक को Telegram में खोलें और 15 मिनट के अंदर Start दबाएँ।",
    telegramUnlinked: "Telegram अलर्ट बंद हो गए और चैट अनलिंक हो गई।",
    tooManyPushSubscriptions:
      "पिछले एक घंटे में ब्राउज़रों पर अलर्ट बहुत बार चालू किए गए। कृपया कुछ देर बाद कोशिश करें।",
    tooManyTelegramLinks: "पिछले एक घंटे में बहुत सारे Telegram लिंक माँगे गए। कृपया कुछ देर बाद कोशिश करें।",
    emailUnsubscribed: `अलर्ट ईमेल बंद हो गए। ब्राउज़र और Telegram के अलर्ट पहले जैसे ही रहेंगे; ईमेल आप ${SETTINGS_ALERTS} में फिर से चुन सकते हैं।`,
    unsubscribeLinkInvalid: `यह लिंक सही नहीं है। इसे ईमेल से दोबारा खोलें, या साइन इन करके ${SETTINGS_ALERTS} में अपनी पसंद बदलें।`,
    notFound: "जो माँगा गया था वह नहीं मिला।",
    internal: "हमारी तरफ़ से कुछ गड़बड़ हो गई। कृपया थोड़ी देर बाद दोबारा कोशिश करें।",
    rateLimited: "बहुत सारी रिक्वेस्ट आ गईं। कृपया थोड़ा रुककर दोबारा कोशिश करें।",
    badOrigin: "यह रिक्वेस्ट इस साइट से नहीं आई थी, इसलिए मना कर दी गई।",
    databaseUnavailable: "अभी डेटाबेस से संपर्क नहीं हो पा रहा है।",
    draining: "यह सर्वर बंद हो रहा है। कृपया दोबारा कोशिश करें।",
    starting: "साइट अभी-अभी शुरू हुई है और यह डेटा तैयार कर रही है। कुछ ही सेकंड में यह यहाँ होगा।",
    invalidRequest: "रिक्वेस्ट सही नहीं थी।",
    unreadableRequest: "रिक्वेस्ट पढ़ी नहीं जा सकी।",
    headersTooLarge: "रिक्वेस्ट के हेडर बहुत बड़े हैं।",
    requestTimeout: "रिक्वेस्ट आने में बहुत देर लगी।",
    notSupported: "इस तरह की रिक्वेस्ट सपोर्ट नहीं होती।",
    badAddress: "इस रिक्वेस्ट का पता सही नहीं है।",
    unstorableText: "इस टेक्स्ट में ऐसा कैरेक्टर है जिसे सेव नहीं किया जा सकता (NUL या टूटा हुआ यूनिकोड)।",
  },
  parametric: {
    tryAgainInSeconds: (seconds) =>
      `बहुत ज़्यादा कोशिशें हो गईं। कृपया ${seconds} सेकंड बाद दोबारा कोशिश करें।`,
    tryAgainInMinutes: (minutes) =>
      `बहुत ज़्यादा कोशिशें हो गईं। कृपया ${minutes} मिनट बाद दोबारा कोशिश करें।`,
    resendCooldown: (seconds) => `दूसरा OTP मँगाने से पहले कृपया ${seconds} सेकंड रुकें।`,
    accessExpired: (service, date) =>
      `${service} का एक्सेस ${date} को खत्म हो गया। कृपया अपना एक्सेस रिन्यू करें।`,
    accessNotFound: (service) => `${service} का एक्सेस नहीं मिला। यह कंटेंट देखने के लिए कृपया कॉन्ट्रिब्यूट करें।`,
    accessInactive: (service) =>
      `${service} का एक्सेस अभी बंद है। इसे चालू कराने के लिए कृपया सपोर्ट से संपर्क करें।`,
  },
  mail: {
    hello: "नमस्ते,",
    footer: (brand) => `यह ईमेल ${brand} ने भेजा है, क्योंकि उसकी वेबसाइट पर इसके लिए रिक्वेस्ट की गई थी।`,
    signOff: (brand) => `— ${brand}`,
    otpSubject: {
      signup: (brand) => `${brand}: आपका वेरिफ़िकेशन कोड`,
      reset: (brand) => `${brand}: आपका पासवर्ड रीसेट कोड`,
    },
    otpIs: (brand) => `आपका ${brand} वन-टाइम पासवर्ड (OTP) है:`,
    otpUse: (purpose, minutes, brand) =>
      `${purpose === "signup" ? "अपना ईमेल वेरिफ़ाई करके साइन-अप पूरा करने" : "अपना पासवर्ड रीसेट करने"} के लिए इसे डालें। यह ${minutes} मिनट तक ही चलेगा और सिर्फ़ एक बार इस्तेमाल हो सकता है। इसे किसी को न बताएँ: ${brand} आपसे यह कभी नहीं माँगेगा।`,
    otpIgnore: {
      signup: "अगर आपने साइन-अप नहीं किया है, तो इस ईमेल को अनदेखा कर दें।",
      reset:
        "अगर आपने पासवर्ड रीसेट करने के लिए नहीं कहा है, तो इस ईमेल को अनदेखा कर दें; आपका पासवर्ड जैसा है वैसा ही रहेगा।",
    },
    usernameSubject: (brand) => `${brand}: आपका यूज़रनेम`,
    usernameIs: (brand) => `आपके ${brand} अकाउंट का यूज़रनेम है:`,
    usernameUse:
      "साइन इन करने के लिए इसे अपने पासवर्ड के साथ इस्तेमाल करें। अगर आपने यह नहीं माँगा था, तो इस ईमेल को अनदेखा कर दें।",
  },
  alertMail: {
    why: (brand) =>
      `आपको यह ईमेल इसलिए मिला है क्योंकि आपने ${brand} की ${SETTINGS_ALERTS} में ईमेल अलर्ट चुने हैं।`,
    openIt: (url) => `यहाँ खोलें: ${url}`,
    openOn: (brand) => `${brand} पर खोलें`,
    stop: (url) => `अलर्ट ईमेल बंद करें: ${url}`,
    stopLink: "अलर्ट ईमेल बंद करें",
  },
  alerts: {
    newSignalTitle: (model) => `${model}: नया सिग्नल`,
    newSignalBody: (contract, low, high, target, stop) =>
      `${contract} खरीदें, ${low} से ${high} के बीच; टारगेट ${target}, स्टॉप ${stop}।`,
    triggeredTitle: (model) => `${model}: एंट्री ट्रिगर हुई`,
    triggeredBody: (contract, entry, target, stop) =>
      `${contract} में ${entry} पर एंट्री हुई; टारगेट ${target}, स्टॉप ${stop}।`,
    closedTitle: (model, result) => `${model}: ट्रेड बंद ${result}`,
    closedBody: (contract, exit, reason, result) =>
      `${contract} से ${exit} पर एग्ज़िट (${reason}); चार्जेज़ से पहले पेपर पर ${result}।`,
    closeReason: {
      target: "टारगेट हिट",
      stop: "स्टॉप हिट",
      eod: "दिन का अंत",
      expiry: "एक्सपायरी",
      closed: "बंद",
    },
    paper: "पेपर ट्रेड, सिर्फ़ शैक्षिक रिसर्च के लिए।",
    expiringTitle: (instrument, days, lastDay) =>
      `${instrument}: एक्सेस ${days === 0 ? "आज खत्म हो रहा है" : `${days} दिन में, ${lastDay} को खत्म होगा`}`,
    expiringBody: (instrument, days, lastDay) =>
      `${instrument} के लाइव मॉडल आउटपुट का आपका एक्सेस ${days === 0 ? "आज खत्म हो रहा है" : `${days} दिन में, ${lastDay} को खत्म होगा`}। इसे जारी रखने के लिए कॉन्ट्रिब्यूट करें।`,
    byAlgorithm: (model, version) =>
      `यह कॉल एक एल्गोरिदम ने दी है, किसी इंसान ने नहीं चुनी: ${model} मॉडल, ${version}।`,
    byHand: (model) =>
      `इसे ऑपरेटर ने ${model} मॉडल के नाम से खुद हाथ से डाला है, यह उसके एल्गोरिदम ने नहीं दी।`,
    version: (version) => `वर्शन ${version}`,
    versionNotRecorded: "वर्शन दर्ज नहीं",
    analyst: (name, registrationNumber) =>
      `रिसर्च एनालिस्ट: ${name} · SEBI रजि. नं. ${registrationNumber}`,
    ledger: (ref) => `लेजर ${ref}`,
    pushByAlgorithm: (model, version) => `एल्गोरिदम की कॉल: ${model} ${version}`,
    pushByHand: (model) => `हाथ से डाली गई, ${model} एल्गोरिदम की नहीं`,
    pushVersionNotRecorded: "(वर्शन दर्ज नहीं)",
    pushAnalyst: (name, registrationNumber) => `RA ${name}, ${registrationNumber}`,
  },
  telegram: {
    linked: (username) =>
      `Kalpa अकाउंट ${username} से लिंक हो गया। ${SETTINGS_ALERTS} में आपने जो अलर्ट चुने हैं, वे यहाँ आएँगे। /stop से बंद करें, /status से देखें।`,
    badLink: `यह लिंक एक्सपायर हो चुका है या पहले ही इस्तेमाल हो चुका है। नया लिंक पाने के लिए Kalpa पर ${SETTINGS_ALERTS} खोलें।`,
    stopped: `इस चैट पर अलर्ट बंद हो गए और चैट अनलिंक हो गई। ${SETTINGS_ALERTS} से इसे फिर लिंक करें।`,
    notLinked: `यह चैट किसी Kalpa अकाउंट से लिंक नहीं है। लिंक करने के लिए Kalpa पर ${SETTINGS_ALERTS} खोलें।`,
    privateOnly: `Kalpa सिर्फ़ प्राइवेट चैट में अलर्ट भेजता है: ग्रुप में एक सब्सक्राइबर के अलर्ट सभी सदस्यों तक पहुँच जाएँगे। ${SETTINGS_ALERTS} वाला लिंक इस बॉट के साथ अपनी खुद की चैट में खोलें।`,
    ended: {
      password_reset: `इस चैट पर Kalpa अलर्ट बंद हो गए हैं: अकाउंट का पासवर्ड रीसेट हुआ है, जिससे पहले बने सारे लिंक खत्म हो जाते हैं। यहाँ फिर से अलर्ट पाने के लिए साइन इन करें और ${SETTINGS_ALERTS} से यह चैट लिंक करें।`,
      password_changed: `इस चैट पर Kalpa अलर्ट बंद हो गए हैं: अकाउंट का पासवर्ड बदला गया है, जिससे पहले बने सारे लिंक खत्म हो जाते हैं। यहाँ फिर से अलर्ट पाने के लिए ${SETTINGS_ALERTS} से यह चैट लिंक करें।`,
      admin_logout: `इस चैट पर Kalpa अलर्ट बंद हो गए हैं: ऑपरेटर ने अकाउंट को हर जगह से साइन आउट कर दिया है। यहाँ फिर से अलर्ट पाने के लिए साइन इन करें और ${SETTINGS_ALERTS} से यह चैट लिंक करें।`,
      operator_unlink: `इस चैट पर Kalpa अलर्ट बंद हो गए हैं: ऑपरेटर ने इसे अकाउंट से अनलिंक कर दिया है। यहाँ फिर से अलर्ट पाने के लिए ${SETTINGS_ALERTS} से यह चैट लिंक करें।`,
      user_unlink: `इस चैट पर Kalpa अलर्ट बंद हो गए हैं: इसे ${SETTINGS_ALERTS} में अनलिंक किया गया है। जब चाहें, वहीं से इसे फिर लिंक कर लें।`,
    },
    status: (username, lines) =>
      `${username} से लिंक है।\n${lines.length > 0 ? lines.join("\n") : `Telegram के लिए अभी कोई अलर्ट नहीं चुना गया है: ${SETTINGS_ALERTS} में चुनें।`}`,
  },
};
