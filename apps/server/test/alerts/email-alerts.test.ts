/**
 * Alerts by e-mail, end to end: a signal transition committed as the engine commits it reaches
 * the subscriber's inbox (the SMTP trap) with RFC 8058's List-Unsubscribe and List-Unsubscribe-Post
 * header fields; the link stops alert e-mails without a session, as a mail provider's one-click POST or
 * the page's own, and nothing else; a made-up or altered link changes nothing.
 */
import { ALERT_MESSAGES, type AlertPreferences } from "@kalpa/contracts/api/alerts";
import { TERMS_SUMMARY_VERSION } from "@kalpa/contracts/api/research-analyst";
import { currentModelVersion } from "@kalpa/market/models/model-versions";
import { describe, expect, it } from "vitest";
import { acceptRda, firstAdmin, giveAccess, signedInUser } from "../helpers/access";
import { useAccountsApp } from "../helpers/accounts";
import type { TrappedMail } from "../helpers/mail-trap";
import { TEST_RA_PROFILE } from "../helpers/research-analyst";
import { commitTrade, ledgerOfTransitions } from "./trades";

const h = useAccountsApp();
const none = { Nifty: [], BankNifty: [], CrudeOil: [] };
const signals: AlertPreferences["channels"]["email"] = {
  ...none,
  BankNifty: ["new-signal", "triggered", "closed"],
};

async function emailSubscriber() {
  const admin = await firstAdmin(h);
  const user = await signedInUser(h);
  await giveAccess(admin.browser, user.id, ["BankNifty"]);
  await acceptRda(user.browser);
  const saved = await user.browser.put("/api/alerts/preferences", {
    channels: { push: none, telegram: none, email: signals },
    quietHours: null,
  });
  expect(saved.statusCode, saved.body).toBe(200);
  return user;
}

const bankNiftyTrade = () => commitTrade(h.t.signals);

/** The alert mails to an address (not its sign-up code), once `count` have come. */
const alertMailsTo = (address: string) =>
  h.trap.mailsFor(address).filter((mail) => mail.headers.has("list-unsubscribe"));
async function mailsFor(address: string, count: number): Promise<TrappedMail[]> {
  const deadline = Date.now() + 10_000;
  while (alertMailsTo(address).length < count && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return alertMailsTo(address);
}

/** The path and query of a mail's List-Unsubscribe URL. */
function unsubscribePathOf(mail: TrappedMail): string {
  const header = mail.headers.get("list-unsubscribe") ?? "";
  const url = new URL(/^<([^>]+)>$/.exec(header)?.[1] ?? "http://missing/");
  return `${url.pathname}${url.search}`;
}

describe("e-mail alerts", () => {
  it("mails each transition with a one-click unsubscribe, and the link stops them without a session", async () => {
    const user = await emailSubscriber();
    const address = user.account.email;
    const signalId = await bankNiftyTrade();
    const mails = await mailsFor(address, 3);
    expect(mails.map((mail) => mail.subject)).toEqual([
      "Kalpa: BANKNIFTY · KalpaVruksha: new signal",
      "Kalpa: BANKNIFTY · KalpaVruksha: entry triggered",
      "Kalpa: BANKNIFTY · KalpaVruksha: closed +₹3250",
    ]);
    const [first] = mails as [TrappedMail];
    // Each names the ledger entry its transition was committed with: seq and the hash's first 12.
    const transitions = await ledgerOfTransitions(h.t.database.db, signalId);
    expect(transitions).toHaveLength(3);
    mails.forEach((mail, i) => {
      const { seq, hash } = transitions[i]?.ledger ?? { seq: 0, hash: "" };
      expect(mail.text.split(/\r?\n/)).toContain(`Ledger #${seq} · ${hash.slice(0, 12)}`);
      expect(mail.html).toContain(`Ledger #${seq} · ${hash.slice(0, 12)}`);
    });
    expect(first.text).toContain("Paper trade, educational research only.");
    expect(first.text).toContain("/live-trade/banknifty/kalpavruksha");
    expect(first.headers.get("list-unsubscribe-post")).toBe("List-Unsubscribe=One-Click");
    const path = unsubscribePathOf(first);
    expect(path).toMatch(/^\/alerts\/unsubscribe\?token=\d+\.[A-Za-z0-9_-]{43}$/);
    // The same link in the text and the HTML for a reader whose mail program shows no button.
    expect(first.text).toContain(path);
    expect(first.html).toContain(path);

    // A GET (a mail scanner, or the reader opening it) changes nothing: it is the page asking first.
    // (The page itself is the web app's: e2e/tests/alerts.spec.ts opens it.)
    await h.browser().get(path);
    const before = (await user.browser.get("/api/alerts/preferences")).json().data;
    expect(before.channels.email).toEqual(signals);

    // The mail provider's one-click POST: no cookie, no Origin, the form body.
    const oneClick = await h.t.app.inject({
      method: "POST",
      url: path,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "List-Unsubscribe=One-Click",
    });
    expect(oneClick.statusCode, oneClick.body).toBe(200);
    expect(oneClick.json().message).toBe(ALERT_MESSAGES.emailUnsubscribed);
    const after = (await user.browser.get("/api/alerts/preferences")).json().data;
    expect(after.channels.email).toEqual(none);
    expect(after.channels.push).toEqual(before.channels.push);

    // No more alert e-mails.
    await bankNiftyTrade();
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(alertMailsTo(address)).toHaveLength(3);
  });

  it("names the model, its version and the algorithm; the research analyst too while there is a profile", async () => {
    const version = currentModelVersion("BankNifty:KalpaVruksha").version;
    const modelLine = `This call is made by an algorithm, not chosen by a person: the KalpaVruksha model, version ${version}.`;
    const analystLine = "Research analyst: Kalpa Research LLP · SEBI Reg. No. INH000012345";
    const user = await emailSubscriber();
    const address = user.account.email;
    await bankNiftyTrade();
    // The whole trade's three mails, before the profile is set.
    const [plain] = await mailsFor(address, 3);
    const lines = (plain as TrappedMail).text.split(/\r?\n/);
    // Beside the ledger line, before it.
    const ledgerAt = lines.findIndex((line) => line.startsWith("Ledger #"));
    expect(lines[ledgerAt - 2]).toBe(modelLine);
    expect(lines).not.toContain(analystLine);

    const admin = await firstAdmin(h);
    const set = await admin.browser.put("/api/admin/research-analyst", TEST_RA_PROFILE);
    expect(set.statusCode, set.body).toBe(200);
    try {
      const accepted = await user.browser.post("/api/terms-summary/accept", {
        version: TERMS_SUMMARY_VERSION,
      });
      expect(accepted.statusCode, accepted.body).toBe(200);
      const already = alertMailsTo(address).length;
      await bankNiftyTrade();
      const mails = await mailsFor(address, already + 1);
      const named = mails[already] as TrappedMail;
      const namedLines = named.text.split(/\r?\n/);
      const at = namedLines.findIndex((line) => line.startsWith("Ledger #"));
      expect(namedLines.slice(at - 3, at)).toEqual([modelLine, analystLine, ""]);
      expect(named.html).toContain(analystLine);
      // Let the rest of the trade's mails arrive before the profile goes.
      await mailsFor(address, already + 3);
    } finally {
      await admin.browser.delete("/api/admin/research-analyst");
    }
  });

  it("takes the one-click body as multipart/form-data too, and again (it is idempotent)", async () => {
    const user = await emailSubscriber();
    await bankNiftyTrade();
    const [mail] = await mailsFor(user.account.email, 1);
    const path = unsubscribePathOf(mail as TrappedMail);
    const boundary = "----kalpa-test";
    const body = `--${boundary}\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--${boundary}--\r\n`;
    for (let i = 0; i < 2; i += 1) {
      const answer = await h.t.app.inject({
        method: "POST",
        url: path,
        headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
        payload: body,
      });
      expect(answer.statusCode, answer.body).toBe(200);
    }
    const after = (await user.browser.get("/api/alerts/preferences")).json().data;
    expect(after.channels.email).toEqual(none);
  });

  it("refuses a made-up or altered link and changes nothing", async () => {
    const user = await emailSubscriber();
    await bankNiftyTrade();
    const [mail] = await mailsFor(user.account.email, 1);
    const path = unsubscribePathOf(mail as TrappedMail);
    const token = new URL(path, "http://x").searchParams.get("token") as string;
    const [id, mac] = token.split(".") as [string, string];
    const forged = [
      // Someone else's account with this account's code.
      `${Number(id) + 1}.${mac}`,
      // One character of the code changed: the first, and the last (whose spare bits a lax decoder
      // would ignore).
      `${id}.${mac.startsWith("A") ? "B" : "A"}${mac.slice(1)}`,
      `${id}.${mac.slice(0, -1)}${mac.endsWith("A") ? "B" : "A"}`,
      `${id}.`,
      "",
    ];
    for (const bad of forged) {
      const answer = await h.t.app.inject({
        method: "POST",
        url: `/alerts/unsubscribe?token=${encodeURIComponent(bad)}`,
      });
      expect(answer.statusCode, bad).toBe(400);
      expect(answer.json().error).toBe(ALERT_MESSAGES.unsubscribeLinkInvalid);
    }
    const missing = await h.t.app.inject({ method: "POST", url: "/alerts/unsubscribe" });
    expect(missing.statusCode).toBe(400);
    const after = (await user.browser.get("/api/alerts/preferences")).json().data;
    expect(after.channels.email).toEqual(signals);
  });
});
