import { contact, list, type PolicyDocument, p } from "./types";

export const cookiePolicy: PolicyDocument = {
  intro: [
    "This policy explains the cookies and browser storage {brand} uses. In short: one cookie to keep you signed in, one short-lived cookie during password recovery, and a few browser storage entries that remember your choices. No tracking, analytics or advertising cookies.",
  ],
  sections: [
    {
      id: "session-cookie",
      heading: "The session cookie",
      blocks: [
        p(
          "When you sign in, our server sets one cookie that holds a random session token. It is strictly necessary: without it you cannot stay signed in.",
        ),
        list(
          "HttpOnly, so scripts in the page cannot read it; SameSite=Lax; sent only over HTTPS on the live site.",
          "It lasts at most 30 days and is removed when you log out.",
          "It identifies your session to our server only; we store the token only as a hash.",
        ),
      ],
    },
    {
      id: "reset-cookie",
      heading: "The password reset cookie",
      blocks: [
        p(
          "When you verify a password reset code, our server sets a second HttpOnly cookie that lets you choose a new password. It is sent only to the account recovery part of our server, lasts 15 minutes and is removed once the password is reset.",
        ),
      ],
    },
    {
      id: "browser-storage",
      heading: "Session and local storage",
      blocks: [
        p(
          "Your browser also keeps a few entries for us. They never hold a password or a credential:",
        ),
        list(
          "Session storage: the record that you accepted the welcome notice (accepted, version 1). It is cleared when you close the browser session.",
          "Local storage: interface hints, such as whether you appear signed in, your username and name for the greeting, your access summary, and your chosen language (English or Telugu).",
        ),
      ],
    },
    {
      id: "no-tracking",
      heading: "No tracking or advertising",
      blocks: [
        p(
          "We do not use analytics, tracking, profiling or advertising cookies, and we do not let third parties set cookies through our pages.",
        ),
        p(
          "Links to the messaging app, e-mail or phone leave our website; the app or service you open applies its own cookie and privacy rules.",
        ),
      ],
    },
    {
      id: "your-choices",
      heading: "Your choices and contact",
      blocks: [
        p(
          "Because we use only what the service needs, there is nothing to opt out of. You can delete cookies and site data in your browser's settings at any time; you will then be signed out and see the welcome notice again. If you block cookies for our site, you cannot sign in.",
        ),
        contact,
      ],
    },
  ],
};
