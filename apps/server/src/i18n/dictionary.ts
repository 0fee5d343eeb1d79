/**
 * The shape of the server's dictionary (issue 38, decision 040): everything the server writes to a user,
 * in one place per language (en.ts, te.ts, hi.ts). English is the spec's wording and is taken from the
 * contracts' message constants as they are; Telugu and Hindi follow it key for key (dictionary.test.ts
 * fails on a key missing in one language). The operator's console and mail to the operator stay English.
 */
import type { SignalCloseReason } from "@kalpa/contracts/signals";
import type { EN_MESSAGES } from "./en";

/** A server message shown to users (a JSON body's `error` or `message`), by key. */
export type MessageKey = keyof typeof EN_MESSAGES;

export interface ServerDictionary {
  /** The server's fixed messages, by key. */
  messages: Record<MessageKey, string>;
  /** Messages with a number or a name in them. */
  parametric: {
    tryAgainInSeconds(seconds: number): string;
    tryAgainInMinutes(minutes: number): string;
    resendCooldown(seconds: number): string;
    /** `service` is the access key (Nifty, BankNifty, CrudeOil), `date` a day ("27 Nov 2026"). */
    accessExpired(service: string, date: string): string;
    accessNotFound(service: string): string;
    accessInactive(service: string): string;
  };
  /** The account e-mails (auth/mail-templates.ts). */
  mail: {
    hello: string;
    /** The small print under every mail that a request on the site caused. */
    footer(brand: string): string;
    signOff(brand: string): string;
    otpSubject: { signup(brand: string): string; reset(brand: string): string };
    /** Followed by the code. */
    otpIs(brand: string): string;
    otpUse(purpose: "signup" | "reset", minutes: number, brand: string): string;
    otpIgnore: { signup: string; reset: string };
    usernameSubject(brand: string): string;
    /** Followed by the username. */
    usernameIs(brand: string): string;
    usernameUse: string;
  };
  /** Alert e-mails (alerts/channels/email/sender.ts). */
  alertMail: {
    why(brand: string): string;
    openIt(url: string): string;
    openOn(brand: string): string;
    stop(url: string): string;
    /** The HTML link's words. */
    stopLink: string;
  };
  /** What an alert says (alerts/content.ts). */
  alerts: {
    newSignalTitle(model: string): string;
    newSignalBody(
      contract: string,
      low: string,
      high: string,
      target: string,
      stop: string,
    ): string;
    triggeredTitle(model: string): string;
    triggeredBody(contract: string, entry: string, target: string, stop: string): string;
    closedTitle(model: string, result: string): string;
    closedBody(contract: string, exit: string, reason: string, result: string): string;
    closeReason: Record<SignalCloseReason | "closed", string>;
    paper: string;
    expiringTitle(instrument: string, days: number, lastDay: string): string;
    expiringBody(instrument: string, days: number, lastDay: string): string;
    /** The model line: made by an algorithm (the model's name, its version words). */
    byAlgorithm(model: string, version: string): string;
    byHand(model: string): string;
    version(version: string): string;
    versionNotRecorded: string;
    analyst(name: string, registrationNumber: string): string;
    ledger(ref: string): string;
    /** A push body's short disclosure line. */
    pushByAlgorithm(model: string, version: string): string;
    pushByHand(model: string): string;
    pushVersionNotRecorded: string;
    pushAnalyst(name: string, registrationNumber: string): string;
  };
  /** The Telegram bot's replies (alerts/channels/telegram/telegram.ts). */
  telegram: {
    linked(username: string): string;
    badLink: string;
    stopped: string;
    notLinked: string;
    privateOnly: string;
    ended: {
      password_reset: string;
      password_changed: string;
      admin_logout: string;
      operator_unlink: string;
      user_unlink: string;
    };
    status(username: string, lines: string[]): string;
  };
}
