/**
 * What each channel says of a signal besides the trade: the model and its version with the disclosure that
 * an algorithm made the call, and, while the operator has a research-analyst profile (decision 031), the
 * analyst and SEBI's registration number, beside the ledger line. Push says it in one short line.
 */
import type { PushPayload } from "@kalpa/contracts/api/alerts";
import { MODEL_NAMES } from "@kalpa/contracts/api/models";
import { currentModelVersion } from "@kalpa/market/models/model-versions";
import { BEFORE_VERSIONS, MANUAL_MODEL_VERSION } from "@kalpa/market/signals/signal";
import { describe, expect, it } from "vitest";
import { DICTIONARIES } from "../../src/i18n/language";
import { alertMail } from "../../src/modules/alerts/channels/email/sender";
import {
  alertText,
  contentIn,
  pushBody,
  signalAlertContent,
  storedSignalAlertContent,
  withAnalyst,
} from "../../src/modules/alerts/content";
import { bankNiftyTradeRecords } from "./trades";

const ANALYST = { name: "Kalpa Research LLP", registrationNumber: "INH000012345" };
const LEDGER = {
  seq: 1234,
  hash: "3fa9c01b2d4e5f60718293a4b5c6d7e8f90a1b2c3d4e5f60718293a4b5c6d7e8",
};
const VERSION = currentModelVersion("BankNifty:KalpaVruksha").version;

function newSignalAlert(): PushPayload {
  const [generated] = bankNiftyTradeRecords();
  if (!generated) throw new Error("no record");
  return signalAlertContent(generated.signal, "new-signal", "BankNifty", LEDGER);
}

const mail = (content: PushPayload) =>
  alertMail({
    brand: "Kalpa",
    origin: "https://kalpa.example",
    to: "someone@example.com",
    content,
    unsubscribeUrl: "https://kalpa.example/alerts/unsubscribe?token=x",
  });

describe("a signal alert's disclosure", () => {
  it("carries the model and the version that made the call", () => {
    expect(newSignalAlert().model).toEqual({ name: "KalpaVruksha", version: VERSION });
  });

  it("without a profile: the model, its version and the algorithm, no analyst, on every channel", () => {
    const content = withAnalyst(newSignalAlert(), null);
    const modelLine = `This call is made by an algorithm, not chosen by a person: the KalpaVruksha model, version ${VERSION}.`;
    const text = alertText(content).split("\n");
    expect(text.slice(-2)).toEqual([modelLine, "Ledger #1234 · 3fa9c01b2d4e"]);
    expect(text.join("\n")).not.toContain("Research analyst");
    const email = mail(content);
    expect(email.text.split("\n")).toContain(modelLine);
    expect(email.text).not.toContain("Research analyst");
    expect(email.html).toContain(modelLine);
    const push = pushBody(content).split("\n");
    expect(push).toEqual([content.body, `By an algorithm: KalpaVruksha ${VERSION}`]);
  });

  it("with a profile: the analyst and the registration number too, beside the ledger line", () => {
    const content = withAnalyst(newSignalAlert(), ANALYST);
    expect(content.analyst).toEqual(ANALYST);
    const analystLine = "Research analyst: Kalpa Research LLP · SEBI Reg. No. INH000012345";
    const text = alertText(content).split("\n");
    expect(text.slice(-3)).toEqual([
      `This call is made by an algorithm, not chosen by a person: the KalpaVruksha model, version ${VERSION}.`,
      analystLine,
      "Ledger #1234 · 3fa9c01b2d4e",
    ]);
    const email = mail(content);
    expect(email.text.split("\n")).toContain(analystLine);
    expect(email.html).toContain(
      "Research analyst: Kalpa Research LLP · SEBI Reg. No. INH000012345",
    );
    expect(pushBody(content).split("\n")[1]).toBe(
      `By an algorithm: KalpaVruksha ${VERSION} · RA Kalpa Research LLP, INH000012345`,
    );
  });

  it("a profile removed since the alert was written: the analyst is not named", () => {
    const named = withAnalyst(newSignalAlert(), ANALYST);
    const removed = withAnalyst(named, null);
    expect(removed.analyst).toBeUndefined();
    expect(alertText(removed)).not.toContain("Research analyst");
  });

  it("keeps push short: a long registered name is cut, the number never", () => {
    const long = { name: "A".repeat(200), registrationNumber: "INH000012345" };
    const line = pushBody(withAnalyst(newSignalAlert(), long)).split("\n")[1] ?? "";
    expect(line.length).toBeLessThan(100);
    expect(line.endsWith(", INH000012345")).toBe(true);
    expect(line).toContain("…");
  });

  it("the operator's own signal is not said to be an algorithm's; an unrecorded version is said so", () => {
    const manual = { ...newSignalAlert(), model: { name: "HFT", version: MANUAL_MODEL_VERSION } };
    expect(alertText(manual)).toContain("Entered by hand by the operator");
    expect(alertText(manual)).not.toContain("made by an algorithm, not chosen");
    expect(pushBody(manual)).toContain("By hand, not by the HFT algorithm");
    const old = { ...newSignalAlert(), model: { name: "HFT", version: BEFORE_VERSIONS } };
    expect(alertText(old)).toContain("the HFT model, version not recorded.");
  });

  it("an access reminder has no model line", () => {
    const reminder: PushPayload = { title: "t", body: "b", url: "/", tag: "expiring:Nifty" };
    expect(alertText(reminder)).toBe("t\n\nb");
    expect(pushBody(reminder)).toBe("b");
  });
});

describe("an alert in each subscriber's language (decision 040)", () => {
  const [generated] = bankNiftyTradeRecords();
  if (!generated) throw new Error("no record");
  const stored = storedSignalAlertContent(generated.signal, "new-signal", "BankNifty", LEDGER);
  const english = signalAlertContent(generated.signal, "new-signal", "BankNifty", LEDGER);

  it("is stored once with every language's words, and sent without the others", () => {
    expect(contentIn(stored, "en")).toEqual(english);
    for (const language of ["te", "hi"] as const) {
      const sent = contentIn(stored, language);
      expect(sent).not.toHaveProperty("localized");
      expect(sent.title).not.toBe(english.title);
      expect(sent.body).toContain(`${generated.signal.strike} ${generated.signal.optionType}`);
      expect({ ...sent, title: "", body: "" }).toEqual({
        ...english,
        title: "",
        body: "",
      });
    }
  });

  for (const language of ["te", "hi"] as const) {
    it(`keeps every disclosure in ${language}: the model, its version, the algorithm, the analyst`, () => {
      const sent = withAnalyst(contentIn(stored, language), ANALYST);
      const words = DICTIONARIES[language].alerts;
      const text = alertText(sent, language);
      expect(text).toContain(
        words.byAlgorithm(MODEL_NAMES["BankNifty:KalpaVruksha"], words.version(VERSION)),
      );
      expect(text).toContain(words.analyst(ANALYST.name, ANALYST.registrationNumber));
      expect(text).toContain("SEBI");
      expect(text.split("\n").at(-1)).toBe(words.ledger(`#1234 · ${LEDGER.hash.slice(0, 12)}`));
      const push = pushBody(sent, language);
      expect(push).toContain(VERSION);
      expect(push).toContain(ANALYST.registrationNumber);
      const email = alertMail({
        brand: "Kalpa",
        origin: "https://kalpa.example",
        to: "someone@example.com",
        content: sent,
        unsubscribeUrl: "https://kalpa.example/alerts/unsubscribe?token=x",
        language,
      });
      expect(email.subject).toBe(`Kalpa: ${sent.title}`);
      expect(email.text).toContain(words.analyst(ANALYST.name, ANALYST.registrationNumber));
      expect(email.text).toContain(
        DICTIONARIES[language].alertMail.stop("https://kalpa.example/alerts/unsubscribe?token=x"),
      );
      expect(email.html).toContain(`<html lang="${language}">`);
    });
  }

  it("says the operator's own signal was entered by hand, in Hindi too", () => {
    const manual = { name: "HFT", version: MANUAL_MODEL_VERSION };
    expect(alertText({ ...contentIn(stored, "hi"), model: manual }, "hi")).toContain(
      DICTIONARIES.hi.alerts.byHand("HFT"),
    );
  });
});
