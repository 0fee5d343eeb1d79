/**
 * The operator's calendar over HTTP: admin only, CSRF-checked, validated (a refused change
 * changes nothing), audited, and applied at once: a holiday put on an expiry Tuesday moves the next expiry
 * to the Monday, and removing it moves it back. The year's status, the console's reminder, and the market
 * overview's word on the market day's calendar.
 */
import { installCalendarEdits } from "@kalpa/market/calendar/calendar-book";
import { nextExpiry } from "@kalpa/market/calendar/expiries";
import { sessionsOn } from "@kalpa/market/calendar/sessions";
import { squareOffAt } from "@kalpa/market/signals/square-off";
import { eq, like } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { auditLog, calendarDays } from "../../src/db/schema";
import { createMarketState } from "../../src/engine/market-state";
import { firstAdmin, signedInUser } from "../helpers/access";
import { type Browser, useAccountsApp } from "../helpers/accounts";

/** 25 Nov 2026, 10:30 in India. */
const NOW = new Date("2026-11-25T05:00:00Z");
const HOLIDAY = {
  nse: "closed",
  mcx: "evening",
  name: "Operator holiday",
  sessions: [],
  source: "NSE/CMTR/99999",
};

describe("/api/admin/calendar", () => {
  const h = useAccountsApp();
  let admin: Browser;
  let adminName: string;
  let trader: Browser;

  beforeAll(async () => {
    const first = await firstAdmin(h);
    admin = first.browser;
    adminName = first.username;
    trader = (await signedInUser(h)).browser;
  });
  beforeEach(() => h.clock.freeze(NOW));
  afterAll(() => installCalendarEdits({ days: [], years: [] }));

  const calendarOf = async (query = "year=2026&from=2026-11-25") => {
    const res = await admin.get(`/api/admin/calendar?${query}`);
    expect(res.statusCode).toBe(200);
    return res.json().data;
  };
  const niftyWeekly = async () =>
    (await calendarOf()).expiries.find(
      (e: { symbol: string; kind: string }) => e.symbol === "NIFTY" && e.kind === "weekly",
    )?.day;
  const auditOf = (target: string) =>
    h.t.database.db.select().from(auditLog).where(eq(auditLog.target, target));

  it("answers admins only: 401 signed out, 403 for a trader", async () => {
    expect((await h.browser().get("/api/admin/calendar")).statusCode).toBe(401);
    expect((await trader.get("/api/admin/calendar")).statusCode).toBe(403);
    expect((await trader.put("/api/admin/calendar/days/2026-12-01", HOLIDAY)).statusCode).toBe(403);
    expect((await trader.delete("/api/admin/calendar/days/2026-12-01")).statusCode).toBe(403);
    expect(
      (await trader.put("/api/admin/calendar/years/2027", { status: "confirmed", source: "x" }))
        .statusCode,
    ).toBe(403);
  });

  it("lists the shipped year with each day's source, its status and the next expiries", async () => {
    const view = await calendarOf();
    expect(view).toMatchObject({ year: 2026, status: "confirmed", statusOrigin: "shipped" });
    expect(view.days.find((d: { day: string }) => d.day === "2026-03-03")).toEqual({
      day: "2026-03-03",
      nse: "closed",
      mcx: "evening",
      name: "Holi",
      sessions: [],
      origin: "shipped",
      source: "calendar-2026.ts",
      updatedBy: null,
      updatedAt: null,
      shipped: null,
    });
    expect(view.notes.join(" ")).toMatch(/8 Nov 2026.*not recorded/);
    expect(view.expiries).toEqual([
      { symbol: "NIFTY", kind: "weekly", day: "2026-12-01" },
      { symbol: "NIFTY", kind: "monthly", day: "2026-12-29" },
      { symbol: "BANKNIFTY", kind: "monthly", day: "2026-12-29" },
      { symbol: "CRUDEOIL", kind: "monthly", day: "2026-12-16" },
    ]);
    expect(view.expiriesFrom).toBe("calendar");
    expect(view.years).toEqual([2018, 2019, 2020, 2021, 2022, 2023, 2024, 2025, 2026, 2027]);
    const provisional = await calendarOf("year=2027");
    expect(provisional).toMatchObject({ year: 2027, status: "provisional" });
    expect(provisional.days.map((d: { day: string }) => d.day)).toEqual([
      "2027-01-01",
      "2027-01-26",
      "2027-03-26",
      "2027-04-14",
    ]);
  });

  it("refuses a change from another site (CSRF) and changes nothing", async () => {
    const res = await admin.put("/api/admin/calendar/days/2026-12-01", HOLIDAY, {
      origin: "https://evil.example",
    });
    expect(res.statusCode).toBe(403);
    expect(await niftyWeekly()).toBe("2026-12-01");
    expect(await h.t.database.db.select().from(calendarDays)).toEqual([]);
  });

  it.each([
    ["2026-02-30", HOLIDAY, "day", "2026-02-30 is not a day of the calendar."],
    [
      "2026-12-01",
      { ...HOLIDAY, sessions: [{ exchange: "NSE", kind: "muhurat", open: "18:00", close: "7pm" }] },
      "sessions.0.close",
      "Expected a time as HH:MM (00:00 to 23:59)",
    ],
    [
      "2026-12-01",
      {
        ...HOLIDAY,
        sessions: [{ exchange: "NSE", kind: "muhurat", open: "19:00", close: "18:00" }],
      },
      "sessions.0",
      "NSE's Muhurat session must open before it closes (19:00-18:00).",
    ],
    [
      "2026-12-01",
      { ...HOLIDAY, nse: "open" },
      "mcx",
      "MCX trades its evening session only on an NSE holiday: choose NSE closed, or MCX regular.",
    ],
    [
      "2026-10-01",
      HOLIDAY,
      "day",
      "Thursday 1 Oct 2026 is more than 31 days ago: a past day's bars, signals and expiries are history, and its calendar stays as it was.",
    ],
    ["2026-12-01", { ...HOLIDAY, source: "  " }, "source", "The source is required"],
  ])("refuses %s with a bad field and changes nothing", async (day, body, path, message) => {
    const res = await admin.put(`/api/admin/calendar/days/${day}`, body);
    expect(res.statusCode).toBe(400);
    const answer = res.json();
    expect(answer).toMatchObject({ success: false, code: "VALIDATION_ERROR" });
    expect(answer.issues).toContainEqual({ path, message });
    expect(await h.t.database.db.select().from(calendarDays)).toEqual([]);
    expect(await auditOf(`calendar:${day}`)).toEqual([]);
    expect(await niftyWeekly()).toBe("2026-12-01");
  });

  it("moves the next expiry when a holiday is put on an expiry Tuesday, and back when it is removed", async () => {
    expect(await niftyWeekly()).toBe("2026-12-01");
    const put = await admin.put("/api/admin/calendar/days/2026-12-01", HOLIDAY);
    expect(put.statusCode).toBe(200);
    expect(put.json()).toMatchObject({
      message: "1 Dec 2026 saved: every process uses it now.",
      data: { day: "2026-12-01", origin: "operator", updatedBy: adminName, shipped: null },
    });
    expect(await niftyWeekly()).toBe("2026-11-30");
    // This process's calendar moved too (the engine reads the same book).
    expect(nextExpiry("NIFTY", "2026-11-25", "weekly")).toBe("2026-11-30");
    const listed = (await calendarOf()).days.find((d: { day: string }) => d.day === "2026-12-01");
    expect(listed).toMatchObject({ origin: "operator", source: "NSE/CMTR/99999" });
    const [set] = await auditOf("calendar:2026-12-01");
    expect(set).toMatchObject({
      actor: adminName,
      action: "calendar.day_set",
      details: { before: null, after: { day: "2026-12-01", nse: "closed", mcx: "evening" } },
    });

    const removed = await admin.delete("/api/admin/calendar/days/2026-12-01");
    expect(removed.statusCode).toBe(200);
    expect(removed.json().data).toEqual({ day: "2026-12-01", restored: null });
    expect(await niftyWeekly()).toBe("2026-12-01");
    expect((await auditOf("calendar:2026-12-01")).map((row) => row.action).sort()).toEqual([
      "calendar.day_removed",
      "calendar.day_set",
    ]);
    const again = await admin.delete("/api/admin/calendar/days/2026-12-01");
    expect(again.statusCode).toBe(404);
    expect(again.json().error).toBe(
      "1 Dec 2026 has no operator's row to remove: the shipped calendar is all it has.",
    );
  });

  it("replaces a shipped day, and removing the row restores it", async () => {
    // Christmas (Friday 25 Dec 2026) opened for trading.
    const put = await admin.put("/api/admin/calendar/days/2026-12-25", {
      ...HOLIDAY,
      nse: "open",
      mcx: "regular",
      name: "Trading day (holiday withdrawn)",
    });
    expect(put.json().data).toMatchObject({
      origin: "operator",
      shipped: { nse: "closed", mcx: "closed", name: "Christmas" },
    });
    const removed = await admin.delete("/api/admin/calendar/days/2026-12-25");
    expect(removed.json().data.restored).toMatchObject({ origin: "shipped", name: "Christmas" });
  });

  it("records an MCX morning-only day (New Year's Eve closing early): stored, and MCX trades 09:00-17:00", async () => {
    const put = await admin.put("/api/admin/calendar/days/2026-12-31", {
      nse: "open",
      mcx: "morning",
      name: "MCX morning session only",
      sessions: [],
      source: "MCX/TRD/999/2026",
    });
    expect(put.statusCode).toBe(200);
    const [row] = await h.t.database.db
      .select()
      .from(calendarDays)
      .where(eq(calendarDays.day, "2026-12-31"));
    expect(row).toMatchObject({ nse: "open", mcx: "morning" });
    const hhmm = (ms: number) => new Date(ms + 5.5 * 3_600_000).toISOString().slice(11, 16);
    const mcx = sessionsOn("MCX", "2026-12-31").map((s) => `${hhmm(s.open)}-${hhmm(s.close)}`);
    expect(mcx).toEqual(["09:00-17:00"]);
    // The square-off is 25 minutes before the early close.
    expect(hhmm(squareOffAt("MCX", "2026-12-31") ?? 0)).toBe("16:35");
    await admin.delete("/api/admin/calendar/days/2026-12-31");
    expect(sessionsOn("MCX", "2026-12-31").map((s) => hhmm(s.close))).toEqual(["23:55"]);
  });

  it("sets a year's status, audited, and the reminder follows it", async () => {
    h.clock.freeze(new Date("2026-12-02T05:00:00Z"));
    const reminder = async () => (await admin.get("/api/admin/calendar/reminder")).json().data;
    expect(await reminder()).toEqual({
      today: "2026-12-02",
      reminder: { day: "2027-01-01", status: "provisional", daysAway: 30 },
    });
    h.clock.freeze(new Date("2026-12-01T05:00:00Z"));
    expect((await reminder()).reminder).toBeNull();

    const refused = await admin.put("/api/admin/calendar/years/2030", {
      status: "confirmed",
      source: "x",
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toBe("2030 is too far ahead: calendars can be set up to 2028.");

    const set = await admin.put("/api/admin/calendar/years/2027", {
      status: "confirmed",
      source: "NSE/CMTR/70000",
    });
    expect(set.json()).toMatchObject({
      data: { year: 2027, status: "confirmed" },
      message: "The 2027 calendar is confirmed now.",
    });
    expect(await calendarOf("year=2027")).toMatchObject({
      status: "confirmed",
      statusOrigin: "operator",
      sources: ["NSE/CMTR/70000"],
    });
    h.clock.freeze(new Date("2026-12-02T05:00:00Z"));
    expect((await reminder()).reminder).toBeNull();
    const [audited] = await h.t.database.db
      .select()
      .from(auditLog)
      .where(like(auditLog.action, "calendar.year_set"));
    expect(audited).toMatchObject({
      actor: adminName,
      target: "calendar:2027",
      details: { status: "confirmed", source: "NSE/CMTR/70000", before: null },
    });
    await admin.put("/api/admin/calendar/years/2027", { status: "provisional", source: "back" });
  });
});

describe("the market overview's calendar", () => {
  it("says whether the market clock's day is confirmed", () => {
    const state = createMarketState();
    const at = (iso: string) => () => ({ now: Date.parse(iso), speed: 1, simulated: true });
    state.setClock(at("2026-11-25T05:00:00Z"));
    expect(state.overview().calendar).toBe("confirmed");
    state.setClock(at("2027-01-05T05:00:00Z"));
    expect(state.overview().calendar).toBe("provisional");
    state.setClock(at("2028-01-05T05:00:00Z"));
    expect(state.overview().calendar).toBe("unknown");
  });
});
