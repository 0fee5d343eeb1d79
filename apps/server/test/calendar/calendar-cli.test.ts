/**
 * npm run admin -- calendar …: the operator's calendar from the command line, by the console's rules, each
 * change audited as "cli": a Muhurat window recorded, a holiday that moves the next expiry, a refused change
 * that changes nothing, the year confirmed.
 */
import { installCalendarEdits } from "@kalpa/market/calendar/calendar-book";
import { eq } from "drizzle-orm";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { runAdminCli } from "../../src/cli/run";
import { auditLog, calendarDays } from "../../src/db/schema";
import { useAccountsApp } from "../helpers/accounts";

describe("npm run admin -- calendar", () => {
  const h = useAccountsApp();
  beforeEach(() => h.clock.freeze(new Date("2026-11-25T05:00:00Z")));
  afterAll(() => installCalendarEdits({ days: [], years: [] }));

  async function cli(...argv: string[]) {
    const out: string[] = [];
    const err: string[] = [];
    const code = await runAdminCli({
      argv: ["calendar", ...argv],
      openDatabase: async () => ({ ...h.t.database, close: async () => {} }),
      clock: h.clock.now,
      out: (line) => out.push(line),
      err: (line) => err.push(line),
      readPassword: async () => "",
    });
    return { code, out: out.join("\n"), err: err.join("\n") };
  }

  it("lists a year with its status, its days and their sources, and the next expiries", async () => {
    const listed = await cli("list", "2027");
    expect(listed).toMatchObject({ code: 0, err: "" });
    expect(listed.out).toContain("2027: PROVISIONAL calendar.");
    expect(listed.out).toContain(
      "  Tuesday 26 Jan 2027  Republic Day: NSE closed, MCX closed  [shipped]",
    );
    expect(listed.out).toContain(
      "Next expiries from 25 Nov 2026: NIFTY weekly 1 Dec 2026; NIFTY monthly 29 Dec 2026; BANKNIFTY monthly 29 Dec 2026; CRUDEOIL monthly 16 Dec 2026.",
    );
  });

  it("records the 2026 Muhurat window on its Sunday, audited as cli", async () => {
    const set = await cli(
      "set-day",
      "2026-11-08",
      "--name",
      "Muhurat trading",
      "--nse",
      "closed",
      "--mcx",
      "closed",
      "--sessions",
      "NSE muhurat 18:00-19:00, MCX muhurat 18:00-19:15",
      "--source",
      "NSE circular (as recorded by the operator)",
    );
    expect(set).toMatchObject({ code: 0, err: "" });
    expect(set.out).toContain(
      "Set Sunday 8 Nov 2026: Muhurat trading: NSE closed, MCX closed, NSE muhurat 18:00-19:00, MCX muhurat 18:00-19:15.",
    );
    const [audited] = await h.t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, "calendar:2026-11-08"));
    expect(audited).toMatchObject({ actor: "cli", action: "calendar.day_set" });
    expect((await cli("list", "2026")).out).toMatch(
      /Sunday 8 Nov 2026 {2}Muhurat trading: .*\[operator \(cli\): NSE circular/,
    );
  });

  it("puts a holiday on an expiry Tuesday: the next expiry moves; removing it moves it back", async () => {
    const set = await cli(
      "set-day",
      "2026-12-01",
      "--name",
      "Holiday",
      "--nse",
      "closed",
      "--mcx",
      "evening",
      "--source",
      "NSE/CMTR/1",
    );
    expect(set.code).toBe(0);
    expect((await cli("list")).out).toContain("NIFTY weekly 30 Nov 2026;");
    const removed = await cli("remove-day", "2026-12-01");
    expect(removed.out).toBe(
      "Removed the operator's row of Tuesday 1 Dec 2026: it is an ordinary day again.",
    );
    expect((await cli("list")).out).toContain("NIFTY weekly 1 Dec 2026;");
    expect((await cli("remove-day", "2026-12-01")).err).toBe(
      "1 Dec 2026 has no operator's row to remove: the shipped calendar is all it has.",
    );
  });

  it("refuses a bad change with every problem named, and changes nothing", async () => {
    const refused = await cli(
      "set-day",
      "2026-12-05",
      "--name",
      "Saturday",
      "--nse",
      "open",
      "--mcx",
      "sometimes",
      "--source",
      "x",
    );
    expect(refused.code).toBe(1);
    expect(refused.err).toBe(
      "Cannot set 2026-12-05:\n  - --mcx: use regular, morning, evening, closed",
    );
    const weekend = await cli(
      "set-day",
      "2026-12-05",
      "--name",
      "Saturday",
      "--nse",
      "open",
      "--mcx",
      "closed",
      "--sessions",
      "NSE special 09:15-15:30",
      "--source",
      "x",
    );
    expect(weekend.err).toBe(
      'Cannot set 2026-12-05:\n  - nse: Saturday 5 Dec 2026 is a weekend: NSE has no regular session then. Choose "closed" and add the day\'s trading as a special or Muhurat session.',
    );
    expect((await cli("set-day", "2026-12-05", "--sessions", "NSE at 9")).err).toBe(
      '"NSE at 9" is not a session: write "<NSE|MCX> <muhurat|special> <HH:MM>-<HH:MM>".',
    );
    const rows = await h.t.database.db
      .select()
      .from(calendarDays)
      .where(eq(calendarDays.day, "2026-12-05"));
    expect(rows).toEqual([]);
  });

  it("confirms a year", async () => {
    expect((await cli("year", "2027", "certain", "--source", "x")).err).toBe(
      "Cannot set 2027:\n  - status: use confirmed or provisional",
    );
    const confirmed = await cli("year", "2027", "confirmed", "--source", "NSE/CMTR/70000");
    expect(confirmed.out).toBe("The 2027 calendar is confirmed now.");
    expect((await cli("list", "2027")).out).toContain(
      "2027: CONFIRMED calendar (set by the operator).",
    );
  });
});
