/**
 * Access reminders (modules/alerts/reminders.ts): 5 days before access to an instrument ends, and on its
 * last day, the subscriber is told on the channels they chose, once.
 */
import { startPushDouble } from "@kalpa/push-double";
import { afterAll, describe, expect, it } from "vitest";
import { alertEvents } from "../../src/db/schema";
import { pruneAlerts, writeAccessReminders } from "../../src/modules/alerts/reminders";
import { acceptRda, firstAdmin, giveAccess, signedInUser } from "../helpers/access";
import { useAccountsApp } from "../helpers/accounts";

const double = await startPushDouble({ port: 0 });
afterAll(() => double.close());
const h = useAccountsApp({ env: { PUSH_SERVICE_HOSTS: `127.0.0.1:${double.port}` } });
const none = { Nifty: [], BankNifty: [], CrudeOil: [] };

describe("access reminders", () => {
  it("tells a subscriber 5 days before their access ends, once, on the channels they chose", async () => {
    const admin = await firstAdmin(h);
    const user = await signedInUser(h);
    await giveAccess(admin.browser, user.id, ["CrudeOil"], 5);
    await acceptRda(user.browser);
    const status = (await user.browser.get("/api/subscription/status")).json().data;
    expect(status.subscriptions.CrudeOil.daysLeft).toBe(5);
    const subscription = double.subscribe();
    await user.browser.post("/api/alerts/push-subscriptions", subscription);
    await user.browser.put("/api/alerts/preferences", {
      channels: { push: { ...none, CrudeOil: ["access-expiring"] }, telegram: none, email: none },
      quietHours: null,
    });

    const now = h.clock.now();
    expect(await writeAccessReminders(h.t.database.db, now)).toBe(1);
    // Written once, however many passes (and processes) look.
    expect(await writeAccessReminders(h.t.database.db, now)).toBe(0);
    await double.waitFor(1, 10_000, subscription);
    const [payload] = double.messages(subscription).map((text) => JSON.parse(text ?? "{}"));
    expect(payload.title).toBe(
      `Crude Oil: access ends in 5 days, on ${status.subscriptions.CrudeOil.lastDay}`,
    );
    expect(payload.url).toBe("/trading-services");
    expect(double.received(subscription)[0]?.urgency).toBe("normal");
  });

  it("prunes delivered events after 30 days, with their deliveries", async () => {
    const events = await h.t.database.db.select().from(alertEvents);
    expect(events.length).toBeGreaterThan(0);
    expect(await pruneAlerts(h.t.database.db, h.clock.now())).toBe(0);
    const later = new Date(h.clock.now().getTime() + 31 * 24 * 3_600_000);
    expect(await pruneAlerts(h.t.database.db, later)).toBe(events.length);
    expect(await h.t.database.db.select().from(alertEvents)).toEqual([]);
  });

  it("writes nothing on the days between", async () => {
    const admin = await firstAdmin(h);
    const user = await signedInUser(h);
    await giveAccess(admin.browser, user.id, ["Nifty"], 4);
    await writeAccessReminders(h.t.database.db, h.clock.now());
    const keys = (await h.t.database.db.select().from(alertEvents)).map((event) => event.key);
    expect(keys.filter((key) => key.startsWith(`expiring:${user.id}:`))).toEqual([]);
  });
});
