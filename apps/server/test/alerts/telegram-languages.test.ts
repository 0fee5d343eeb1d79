/**
 * Telegram in the subscriber's language (decision 040), end to end against the Bot API double: a
 * subscriber whose account is in Telugu links their chat and is answered in Telugu, a signal reaches the
 * chat in Telugu with its disclosures (the model, its version, that an algorithm made the call) and its
 * ledger line, and /status, /stop and the group-chat refusal follow the account's language. Someone with
 * no linked account is answered in the language their Telegram app is set to.
 */
import { MODEL_NAMES } from "@kalpa/contracts/api/models";
import { currentModelVersion } from "@kalpa/market/models/model-versions";
import { startTelegramDouble } from "@kalpa/telegram-double";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DICTIONARIES } from "../../src/i18n/language";
import { modelLine } from "../../src/modules/alerts/content";
import {
  acceptRda,
  firstAdmin,
  giveAccess,
  SUBSCRIBED_INSTRUMENT,
  signedInUser,
} from "../helpers/access";
import { useAccountsApp } from "../helpers/accounts";
import { tradeRecords } from "../journal/fixtures";

const BOT = {
  token: "223456789:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw",
  username: "kalpa_lang_bot",
  firstName: "Kalpa",
};
const double = await startTelegramDouble({ port: 0, bots: [BOT] });
afterAll(() => double.close());
const h = useAccountsApp({
  env: { TELEGRAM_BOT_TOKEN: BOT.token, TELEGRAM_API_ROOT: double.apiRoot },
});

const CHAT = 5151;
const te = DICTIONARIES.te;
const none = { Nifty: [], BankNifty: [], CrudeOil: [] };
let telugu: Awaited<ReturnType<typeof signedInUser>>;

async function lastReply(chatId: number, count: number) {
  const sent = await double.waitForSent(count, 10_000, chatId);
  return sent.at(-1)?.text;
}

beforeAll(async () => {
  const admin = await firstAdmin(h);
  telugu = await signedInUser(h);
  const set = await telugu.browser.put("/api/account/language", { language: "te" });
  expect(set.statusCode, set.body).toBe(204);
  await giveAccess(admin.browser, telugu.id, [SUBSCRIBED_INSTRUMENT]);
  await acceptRda(telugu.browser);
  const saved = await telugu.browser.put("/api/alerts/preferences", {
    channels: {
      push: none,
      telegram: { ...none, BankNifty: ["new-signal"] },
      email: none,
    },
    quietHours: null,
  });
  expect(saved.statusCode, saved.body).toBe(200);
});

describe("Telegram in the subscriber's language", () => {
  it("links the chat and answers in Telugu, though the Telegram app is in English", async () => {
    const link = await telugu.browser.post("/api/alerts/telegram/link");
    expect(link.statusCode, link.body).toBe(200);
    const token = new URL(link.json().data.url).searchParams.get("start") ?? "";
    double.userSends(`/start ${token}`, { userId: CHAT, firstName: "Ravi", languageCode: "en" });
    expect(await lastReply(CHAT, 1)).toBe(te.telegram.linked(telugu.username));
  });

  it("sends a signal in Telugu, with the model, its version, the algorithm and the ledger", async () => {
    const before = double.sent(CHAT).length;
    const entryTime = Date.now() - 10 * 60_000;
    const [generated] = tradeRecords({ model: "BankNifty:HFT", entryTime, entryPrice: 100 });
    if (!generated) throw new Error("no record");
    const decidedAt = Date.now();
    const [committed] = await h.t.signals.record([
      { ...generated, stamps: { tickAt: decidedAt - 5, decidedAt, decidedAfterMs: 5 } },
    ]);
    const text = (await lastReply(CHAT, before + 1)) ?? "";
    const lines = text.split("\n");
    expect(lines[0]).toBe("BANKNIFTY · HFT: కొత్త సిగ్నల్");
    // The trade in Telugu, the contract and prices as traders write them.
    expect(lines[2]).toContain("కొనండి");
    expect(lines[2]).toContain(generated.signal.symbol);
    expect(lines[2]).toContain(generated.signal.optionType);
    expect(lines[2]).toContain(te.alerts.paper);
    // The disclosure that an algorithm made the call, naming the model and its version, in Telugu.
    const model = {
      name: MODEL_NAMES["BankNifty:HFT"],
      version: currentModelVersion("BankNifty:HFT").version,
    };
    expect(text).toContain(modelLine(model, "te"));
    expect(text).toContain(model.version);
    expect(text).toContain("అల్గారిథమ్");
    const ledger = committed?.timing.ledger;
    expect(lines.at(-1)).toBe(`లెడ్జర్ #${ledger?.seq} · ${ledger?.hash.slice(0, 12)}`);
    expect(text).not.toContain("new signal");
  });

  it("answers /status and the group-chat refusal in Telugu, and /stop too", async () => {
    let count = double.sent(CHAT).length;
    double.userSends("/status", { userId: CHAT, languageCode: "en" });
    expect(await lastReply(CHAT, ++count)).toBe(
      te.telegram.status(telugu.username, ["BankNifty: new-signal"]),
    );
    const GROUP = -900_151;
    double.userSends("/status", { userId: CHAT, chatId: GROUP, languageCode: "en" });
    expect(await lastReply(GROUP, 1)).toBe(te.telegram.privateOnly);
    double.userSends("/stop", { userId: CHAT, languageCode: "en" });
    expect(await lastReply(CHAT, ++count)).toBe(te.telegram.stopped);
  });

  it("answers someone with no linked account in their Telegram app's language", async () => {
    double.userSends("/start not-a-token", { userId: 7171, languageCode: "hi" });
    expect(await lastReply(7171, 1)).toBe(DICTIONARIES.hi.telegram.badLink);
    double.userSends("/stop", { userId: 7272, languageCode: "fr" });
    expect(await lastReply(7272, 1)).toBe(DICTIONARIES.en.telegram.notLinked);
  });
});
