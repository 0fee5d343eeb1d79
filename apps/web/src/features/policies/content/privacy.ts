import { contact, list, type PolicyDocument, p, sub } from "./types";

/** Privacy policy, written to India's Digital Personal Data Protection Act, 2023 (the "DPDP Act"). */
export const privacyPolicy: PolicyDocument = {
  intro: [
    "{brand} offers educational market research, model-generated and simulated option signals, a paper-trade journal and daily forecasts. This policy explains what personal data we process when you use the {brand} website, why, for how long, and the rights you have as a Data Principal under the Digital Personal Data Protection Act, 2023 (DPDP Act). The operator of {brand}, named under “Grievance officer and contact” below, is the Data Fiduciary for this data.",
    "We ask for your consent through a clear notice before we process your personal data, and we process only what the purposes below need.",
  ],
  sections: [
    {
      id: "data-we-collect",
      heading: "Personal data we collect",
      blocks: [
        p("We collect personal data only from you and from your use of the service:"),
        list(
          "Account details you give when you register: your name, e-mail address, mobile number and chosen username.",
          "Your password, which we never store as you typed it: we keep only a salted one-way hash (argon2id), from which the password cannot be recovered.",
          "A profile image, if you choose to upload one.",
          "Session and device data: a random session token (stored by us only as a hash), when the session started and when it was last used, and the browser and device description your browser sends, so that you can see and end your sessions.",
          "Your IP address, used with rate limits to protect sign-in, registration and recovery against abuse.",
          "Records of your contributions and of the access granted for each instrument (instrument, start and end dates, status).",
          "Your acceptance of the risk disclosure agreement: the version accepted and when.",
          "One-time codes sent to your e-mail for verification and recovery, stored only as hashes.",
        ),
        p(
          "We do not collect payment card or bank details, government identity numbers, your trading account credentials or your holdings. We do not use tracking or advertising cookies (see the Cookie Policy).",
        ),
      ],
    },
    {
      id: "purposes",
      heading: "Purposes of processing",
      blocks: [
        p("We process your personal data, on the basis of your consent, for these purposes only:"),
        list(
          "To create and verify your account, sign you in and keep your session secure.",
          "To give you the access you have contributed for, for the instruments and the period agreed, and to show it in your dashboard and settings.",
          "To record that you accepted the risk disclosure agreement before you use signals or dashboards.",
          "To send you service e-mails you need: verification codes, username and password recovery, and security notices. We do not send marketing e-mail.",
          "To answer your questions and grievances when you contact us.",
          "To detect and prevent fraud, abuse and attacks on the service, and to meet obligations under Indian law.",
        ),
        sub("Who else processes it"),
        p(
          "We do not sell or rent your personal data or share it for advertising. It is processed on our behalf only by the providers that host the service and deliver its e-mail, under contract and only for these purposes, and it may be disclosed where Indian law requires it.",
        ),
        sub("Children"),
        p(
          "The service is meant for adults. We do not knowingly accept registrations from anyone under 18 years of age; if we learn that an account belongs to a child, we delete it.",
        ),
      ],
    },
    {
      id: "retention",
      heading: "Retention and security",
      blocks: [
        p("We keep personal data only as long as the purpose needs it, and then erase it:"),
        list(
          "Sessions: a session lasts at most 30 days; the record of a session is deleted 7 days after it ends (by logout, expiry, a password change or a sign-in elsewhere).",
          "Accounts that are never verified are deleted 7 days after registration.",
          "One-time codes expire within minutes and are deleted within a day.",
          "Account data (your details, profile image, access and contribution records and risk disclosure acceptance) is kept while your account exists. When your account is erased we delete it, except records we must keep for longer under Indian law (for example accounting and tax records of contributions), which we keep only for the period that law sets and use for nothing else.",
        ),
        sub("How we protect it"),
        p(
          "We use reasonable security safeguards: encrypted connections (HTTPS), hashed passwords, session tokens and codes, HttpOnly cookies, limits on sign-in and recovery attempts, and access to data only for those who need it to run the service. If a personal data breach occurs, we will inform the Data Protection Board of India and the affected users as the DPDP Act requires.",
        ),
      ],
    },
    {
      id: "your-rights",
      heading: "Your rights as a Data Principal",
      blocks: [
        p("Under the DPDP Act you have the right:"),
        list(
          "To access information: a summary of the personal data we process about you and the processing we do. You can also download your own data as a file from Settings.",
          "To correction, completion and updating: you can change your name and mobile number in your profile, and ask us to correct anything else.",
          "To erasure of personal data that is no longer needed for the purpose it was given for, subject to the retention the law requires.",
          "To grievance redressal: to have a complaint about how we handle your data answered by our grievance officer.",
          "To nominate another individual who may exercise these rights on your behalf in the event of your death or incapacity.",
        ),
        p(
          "To exercise any of these rights, write to the grievance officer from the e-mail address registered with your account (so that we can confirm it is you). We answer within 30 days. You also have duties under the Act: please give us accurate details and do not file false or frivolous complaints.",
        ),
      ],
    },
    {
      id: "withdrawal-of-consent",
      heading: "Withdrawal of consent",
      blocks: [
        p(
          "You may withdraw your consent at any time, as easily as you gave it: write to the grievance officer, or sign out and ask us to erase your account. Withdrawal does not affect processing that took place before it.",
        ),
        p(
          "Once you withdraw consent we stop processing your personal data and erase it within a reasonable time, except what Indian law requires us to keep. Because an account cannot work without the data above, withdrawing consent ends your account and any access it held.",
        ),
      ],
    },
    {
      id: "grievance-officer",
      heading: "Grievance officer and contact",
      blocks: [
        p(
          "For any question, request or complaint about your personal data, contact our grievance officer. We acknowledge every grievance and resolve it within 30 days.",
        ),
        contact,
        p(
          "If you are not satisfied with our answer, you may complain to the Data Protection Board of India once you have used this grievance redressal. We may update this policy; the date at the top shows when it last changed.",
        ),
      ],
    },
  ],
};
