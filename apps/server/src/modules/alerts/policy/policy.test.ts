/**
 * The send-time policy without a database: access and the risk disclosure, choices turned off since a
 * delivery was queued, and quiet hours (a signal dropped, a reminder put off to their end).
 */
import {
  type AlertPreferences,
  DEFAULT_ALERT_PREFERENCES,
  type PushPayload,
} from "@kalpa/contracts/api/alerts";
import type { AccessKey } from "@kalpa/contracts/names";
import { describe, expect, it } from "vitest";
import type { SubscriptionState } from "../../access/rules";
import type { Delivery } from "../channels/channel";
import { type AccessNow, sendingVerdict } from "./policy";

const NOW = new Date("2026-11-27T05:00:00.000Z"); // 10:30 in India
const content: PushPayload = { title: "t", body: "b", url: "/", tag: "t" };

const delivery = (id: number, userId: number, over: Partial<Delivery> = {}): Delivery => ({
  id,
  userId,
  channel: "push",
  target: String(id),
  attempts: 1,
  event: "new-signal",
  instrument: "BankNifty",
  content,
  ...over,
});

const grant = (instrument: AccessKey): SubscriptionState => ({
  instrument,
  active: true,
  startedAt: new Date("2026-11-01T00:00:00.000Z"),
  expiresAt: new Date("2026-12-31T00:00:00.000Z"),
});
const open = (...instruments: AccessKey[]): AccessNow => ({
  states: new Map(instruments.map((instrument) => [instrument, grant(instrument)])),
  riskDisclosure: { accepted: true },
});

const choosing = (events: string[], quietHours: AlertPreferences["quietHours"] = null) =>
  ({
    ...DEFAULT_ALERT_PREFERENCES,
    quietHours,
    channels: {
      ...DEFAULT_ALERT_PREFERENCES.channels,
      push: { Nifty: [], BankNifty: events, CrudeOil: ["access-expiring"] },
    },
  }) as AlertPreferences;

describe("what may be sent at the moment of sending", () => {
  it("sends to subscribers with open access who chose it, by channel, in the order given", () => {
    const verdict = sendingVerdict(
      [delivery(1, 10), delivery(2, 11, { channel: "telegram" }), delivery(3, 10)],
      {
        access: new Map([
          [10, open("BankNifty")],
          [11, open("BankNifty")],
        ]),
        preferences: new Map([
          [10, choosing(["new-signal"])],
          [
            11,
            {
              ...choosing([]),
              channels: {
                ...choosing([]).channels,
                telegram: { Nifty: [], BankNifty: ["new-signal"], CrudeOil: [] },
              },
            },
          ],
        ]),
        now: NOW,
      },
    );
    expect(verdict.ready.get("push")?.map((d) => d.id)).toEqual([1, 3]);
    expect(verdict.ready.get("telegram")?.map((d) => d.id)).toEqual([2]);
    expect(verdict.skipped).toEqual({ noAccess: [], unwanted: [], quiet: [] });
  });

  it("skips those without access, without the risk disclosure, or who turned the choice off", () => {
    const noDisclosure = { ...open("BankNifty"), riskDisclosure: { accepted: false } };
    const verdict = sendingVerdict(
      [delivery(1, 10), delivery(2, 11), delivery(3, 12), delivery(4, 13)],
      {
        access: new Map([
          [10, open("Nifty")],
          [11, noDisclosure],
          [12, open("BankNifty")],
        ]),
        preferences: new Map([[12, choosing(["closed"])]]),
        now: NOW,
      },
    );
    expect(verdict.ready.size).toBe(0);
    expect(verdict.skipped).toEqual({ noAccess: [1, 2, 4], unwanted: [3], quiet: [] });
  });

  it("drops a signal in quiet hours and puts a reminder off to their end", () => {
    // 10:00 to 11:00 in India; it is 10:30.
    const quiet = choosing(["new-signal"], { from: "10:00", to: "11:00" });
    const access = new Map([[10, open("BankNifty", "CrudeOil")]]);
    const verdict = sendingVerdict(
      [delivery(1, 10), delivery(2, 10, { event: "access-expiring", instrument: "CrudeOil" })],
      { access, preferences: new Map([[10, quiet]]), now: NOW },
    );
    expect(verdict.skipped.quiet).toEqual([1]);
    expect(verdict.later.get(2)?.toISOString()).toBe("2026-11-27T05:30:00.000Z");
    expect(verdict.ready.size).toBe(0);
  });
});
