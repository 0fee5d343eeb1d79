/**
 * The account e-mails, as plain text and HTML, in the account's language (the browser's before there is an
 * account; decision 040). Every value put into the HTML is escaped (a username is user input). They greet
 * no one by name: anyone may sign up with someone else's address, and a name chosen by a stranger has no
 * place in mail that carries the brand. The OTP mail's text carries the code and how long it lasts.
 */
import { dictionaryOf, type Language } from "../../i18n/language";
import type { MailMessage } from "../../mail/mailer";
import { OTP_TTL_MINUTES } from "./policy";

export function escapeHtml(value: string): string {
  return value
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&#39;");
}

/**
 * A mail's HTML: the brand, the paragraphs (already escaped) and a small-print footer (already escaped; by
 * default, that a request on the website caused it, in `language`). `lang` is set on the document, so a
 * mail client picks the script's fonts and a screen reader its voice.
 */
export function mailHtml(
  brand: string,
  paragraphs: string[],
  footer?: string,
  language: Language = "en",
): string {
  const body = paragraphs.map((paragraph) => `<p>${paragraph}</p>`).join("\n");
  return `<!doctype html>
<html lang="${language}"><body style="font-family: Arial, sans-serif; color: #1f2937; line-height: 1.5">
<h2 style="margin: 0 0 16px">${escapeHtml(brand)}</h2>
${body}
<p style="color: #6b7280; font-size: 12px">${footer ?? escapeHtml(dictionaryOf(language).mail.footer(brand))}</p>
</body></html>`;
}

export type OtpPurpose = "signup" | "reset";

export function otpMail(options: {
  brand: string;
  to: string;
  code: string;
  purpose: OtpPurpose;
  language?: Language;
}): MailMessage {
  const { brand, code, purpose } = options;
  const language = options.language ?? "en";
  const words = dictionaryOf(language).mail;
  const use = words.otpUse(purpose, OTP_TTL_MINUTES, brand);
  const ignore = words.otpIgnore[purpose];
  return {
    to: options.to,
    subject: words.otpSubject[purpose](brand),
    text: [
      words.hello,
      "",
      `${words.otpIs(brand)} ${code}`,
      "",
      use,
      "",
      ignore,
      "",
      words.signOff(brand),
    ].join("\n"),
    html: mailHtml(
      brand,
      [
        escapeHtml(words.hello),
        escapeHtml(words.otpIs(brand)),
        `<strong style="font-size: 28px; letter-spacing: 6px">${escapeHtml(code)}</strong>`,
        escapeHtml(use),
        escapeHtml(ignore),
      ],
      undefined,
      language,
    ),
  };
}

export function usernameMail(options: {
  brand: string;
  to: string;
  username: string;
  language?: Language;
}): MailMessage {
  const { brand, username } = options;
  const language = options.language ?? "en";
  const words = dictionaryOf(language).mail;
  return {
    to: options.to,
    subject: words.usernameSubject(brand),
    text: [
      words.hello,
      "",
      `${words.usernameIs(brand)} ${username}`,
      "",
      words.usernameUse,
      "",
      words.signOff(brand),
    ].join("\n"),
    html: mailHtml(
      brand,
      [
        escapeHtml(words.hello),
        `${escapeHtml(words.usernameIs(brand))} <strong>${escapeHtml(username)}</strong>`,
        escapeHtml(words.usernameUse),
      ],
      undefined,
      language,
    ),
  };
}
