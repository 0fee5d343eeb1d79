/**
 * The account e-mails, as plain text and HTML. Every value put into the HTML is escaped (a username is user
 * input). They greet no one by name: anyone may sign up with someone else's address, and a name chosen by a
 * stranger has no place in mail that carries the brand. The OTP mail's text carries the code and how long it lasts.
 */
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
 * default, that a request on the website caused it).
 */
export function mailHtml(brand: string, paragraphs: string[], footer?: string): string {
  const body = paragraphs.map((paragraph) => `<p>${paragraph}</p>`).join("\n");
  return `<!doctype html>
<html><body style="font-family: Arial, sans-serif; color: #1f2937; line-height: 1.5">
<h2 style="margin: 0 0 16px">${escapeHtml(brand)}</h2>
${body}
<p style="color: #6b7280; font-size: 12px">${footer ?? `This e-mail was sent by ${escapeHtml(brand)} because of a request made on its website.`}</p>
</body></html>`;
}

const html = (brand: string, paragraphs: string[]) => mailHtml(brand, paragraphs);

export type OtpPurpose = "signup" | "reset";

export function otpMail(options: {
  brand: string;
  to: string;
  code: string;
  purpose: OtpPurpose;
}): MailMessage {
  const { brand, code } = options;
  const action =
    options.purpose === "signup"
      ? "verify your email and finish signing up"
      : "reset your password";
  const subject =
    options.purpose === "signup"
      ? `${brand}: your verification code`
      : `${brand}: your password reset code`;
  const ignore =
    options.purpose === "signup"
      ? "If you did not sign up, you can ignore this e-mail."
      : "If you did not ask to reset your password, you can ignore this e-mail; your password stays as it is.";
  return {
    to: options.to,
    subject,
    text: [
      "Hello,",
      "",
      `Your ${brand} one-time password (OTP) is: ${code}`,
      "",
      `Enter it to ${action}. It expires in ${OTP_TTL_MINUTES} minutes and can be used once. Never share it: ${brand} will never ask you for it.`,
      "",
      ignore,
      "",
      `— ${brand}`,
    ].join("\n"),
    html: html(brand, [
      "Hello,",
      `Your ${escapeHtml(brand)} one-time password (OTP) is:`,
      `<strong style="font-size: 28px; letter-spacing: 6px">${escapeHtml(code)}</strong>`,
      `Enter it to ${action}. It expires in ${OTP_TTL_MINUTES} minutes and can be used once. Never share it: ${escapeHtml(brand)} will never ask you for it.`,
      escapeHtml(ignore),
    ]),
  };
}

export function usernameMail(options: {
  brand: string;
  to: string;
  username: string;
}): MailMessage {
  const { brand, username } = options;
  return {
    to: options.to,
    subject: `${brand}: your username`,
    text: [
      "Hello,",
      "",
      `The username of your ${brand} account is: ${username}`,
      "",
      "Use it with your password to sign in. If you did not ask for it, you can ignore this e-mail.",
      "",
      `— ${brand}`,
    ].join("\n"),
    html: html(brand, [
      "Hello,",
      `The username of your ${escapeHtml(brand)} account is: <strong>${escapeHtml(username)}</strong>`,
      "Use it with your password to sign in. If you did not ask for it, you can ignore this e-mail.",
    ]),
  };
}
