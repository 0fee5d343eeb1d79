/**
 * How the operator's calendar reaches every process, and the operators' weekly reminder:
 *
 * - a change announces itself to the other processes (a server-side event), which read the table again;
 * - every process reads the table every so often anyway (a change from the command line, a lost event);
 * - the reminder goes out once a week from 30 days before an unconfirmed day, whatever the number of
 *   processes asking at once (a compare-and-set on operator_reminders).
 */
import { calendarStatusOf, installCalendarEdits } from "@kalpa/market/calendar/calendar-book";
import { sessionsOn } from "@kalpa/market/calendar/sessions";
import pino from "pino";
import type { Server } from "socket.io";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createAdmin } from "../../src/cli/commands";
import type { Database } from "../../src/db/client";
import type { MailMessage } from "../../src/mail/mailer";
import { remindOperators } from "../../src/modules/calendar/reminder";
import { createCalendarRepository } from "../../src/modules/calendar/repository";
import { createCalendarSync } from "../../src/modules/calendar/sync";
import { openTestDatabase } from "../helpers/test-database";

const log = pino({ level: "silent" });
const DAY = 24 * 60 * 60_000;
let database: Database;

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  installCalendarEdits({ days: [], years: [] });
  await database.close();
});
afterEach(() => installCalendarEdits({ days: [], years: [] }));

/** The part of socket.io's server the sync uses, with the events it sent and its listeners. */
function fakeHub() {
  const listeners = new Map<string, () => void>();
  const sent: string[] = [];
  const io = {
    on: (event: string, listener: () => void) => listeners.set(event, listener),
    serverSideEmit: (event: string) => sent.push(event),
  };
  return { io: io as unknown as Server, listeners, sent };
}

const HOLIDAY = {
  day: "2026-12-01",
  nse: "closed" as const,
  mcx: "closed" as const,
  name: "Holiday",
  sessions: [],
  source: "circular",
  updatedBy: "cli",
  updatedAt: new Date("2026-11-25T05:00:00Z"),
};

describe("the calendar in every process", () => {
  it("is read again when another process announces a change", async () => {
    const repository = createCalendarRepository(database.db);
    const here = fakeHub();
    const there = fakeHub();
    const mine = createCalendarSync({ repository, io: here.io, clustered: true, log });
    const theirs = createCalendarSync({ repository, io: there.io, clustered: true, log });
    try {
      await repository.upsertDay(HOLIDAY);
      await mine.changed();
      expect(here.sent).toEqual(["kalpa:calendar-changed"]);
      expect(sessionsOn("NSE", "2026-12-01")).toEqual([]);
      // The other process had nothing installed: the event makes it read the table.
      installCalendarEdits({ days: [], years: [] });
      expect(sessionsOn("NSE", "2026-12-01")).toHaveLength(1);
      there.listeners.get("kalpa:calendar-changed")?.();
      await theirs.load();
      expect(sessionsOn("NSE", "2026-12-01")).toEqual([]);
      expect(theirs.stored().days.map((row) => row.day)).toEqual(["2026-12-01"]);
    } finally {
      mine.stop();
      theirs.stop();
      await repository.deleteDay("2026-12-01");
    }
  });

  it("is read again every so often, with no event (a change from the command line)", async () => {
    const repository = createCalendarRepository(database.db);
    const sync = createCalendarSync({ repository, clustered: false, log, reloadMs: 50 });
    try {
      await sync.load();
      expect(calendarStatusOf("2027-03-01")).toBe("provisional");
      await repository.setYear({
        year: 2027,
        status: "confirmed",
        source: "circular",
        updatedBy: "cli",
        updatedAt: new Date(),
      });
      await expect.poll(() => calendarStatusOf("2027-03-01"), { timeout: 2000 }).toBe("confirmed");
    } finally {
      sync.stop();
    }
  });
});

describe("the operators' weekly reminder", () => {
  const sent: MailMessage[] = [];
  const deps = () => ({
    repository: createCalendarRepository(database.db),
    mail: { queue: (message: MailMessage) => void sent.push(message) },
    site: {
      brandName: "Kalpa",
      publicUrl: "https://kalpa.example",
      operatorEmail: "desk@kalpa.example",
    },
    log,
  });

  it("goes out from 30 days before an unconfirmed day, once a week, whoever asks", async () => {
    await createAdmin(
      { db: database.db, clock: () => new Date(), out: () => {} },
      {
        username: "operator_one",
        email: "operator.one@example.in",
        name: "Operator",
        mobile: "9000000001",
        password: "Adm!n-Reminder-1",
      },
    );
    // 25 Nov 2026: 1 Jan 2027 is 37 days away.
    expect(await remindOperators(deps(), new Date("2026-11-25T05:00:00Z"))).toBe(false);
    expect(sent).toEqual([]);

    // 2 Dec 2026: two processes ask at the same moment; one e-mail each for the two addresses.
    const at = new Date("2026-12-02T05:00:00Z");
    const outcomes = await Promise.all([remindOperators(deps(), at), remindOperators(deps(), at)]);
    expect(outcomes.filter(Boolean)).toHaveLength(1);
    expect(sent.map((mail) => mail.to).sort()).toEqual([
      "desk@kalpa.example",
      "operator.one@example.in",
    ]);
    expect(sent[0]?.subject).toBe("Kalpa: the 2027 market calendar is not confirmed");
    expect(sent[0]?.text).toContain("on 1 Jan 2027, in 30 days");
    expect(sent[0]?.text).toContain("https://kalpa.example/admin?view=calendar");

    // Within the week: nothing; a week later: again.
    expect(await remindOperators(deps(), new Date(at.getTime() + 6 * DAY))).toBe(false);
    expect(sent).toHaveLength(2);
    expect(await remindOperators(deps(), new Date(at.getTime() + 7 * DAY))).toBe(true);
    expect(sent).toHaveLength(4);

    // Confirmed: no more.
    installCalendarEdits({
      days: [],
      years: [{ year: 2027, status: "confirmed", source: "circular" }],
    });
    expect(await remindOperators(deps(), new Date(at.getTime() + 14 * DAY))).toBe(false);
    expect(sent).toHaveLength(4);
  });
});
