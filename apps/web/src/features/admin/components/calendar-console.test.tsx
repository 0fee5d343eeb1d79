import type { CalendarDay, CalendarYearView } from "@kalpa/contracts/api/calendar";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { TEST_ADMIN } from "@/test/admin";
import { fail, type MockHandlers, ok } from "@/test/mock-api";
import { renderApp } from "@/test/render-app";

const SLOW = { timeout: 5000 };

function shippedDay(day: string, name: string, fields: Partial<CalendarDay> = {}): CalendarDay {
  return {
    day,
    nse: "closed",
    mcx: "evening",
    name,
    sessions: [],
    origin: "shipped",
    source: `calendar-${day.slice(0, 4)}.ts`,
    updatedBy: null,
    updatedAt: null,
    shipped: null,
    ...fields,
  };
}

const OPERATOR_DAY: CalendarDay = shippedDay("2026-12-01", "Operator holiday", {
  origin: "operator",
  source: "NSE/CMTR/99999",
  updatedBy: "admin",
  updatedAt: "2026-11-25T05:00:00.000Z",
});

function yearView(overrides: Partial<CalendarYearView> = {}): CalendarYearView {
  return {
    year: 2026,
    status: "confirmed",
    statusOrigin: "shipped",
    sources: ["NSE circular on trading holidays for 2026"],
    notes: ["Muhurat trading, Sunday 8 Nov 2026: the window is not recorded here."],
    days: [
      shippedDay("2026-03-03", "Holi"),
      shippedDay("2026-12-25", "Christmas", { mcx: "closed" }),
    ],
    from: "2026-11-25",
    expiries: [
      { symbol: "NIFTY", kind: "weekly", day: "2026-12-01" },
      { symbol: "BANKNIFTY", kind: "monthly", day: "2026-12-29" },
    ],
    expiriesFrom: "calendar",
    years: [2025, 2026, 2027],
    ...overrides,
  };
}

const PROVISIONAL_2027 = yearView({
  year: 2027,
  status: "provisional",
  sources: ["Provisional: the fixed-date holidays."],
  notes: [],
  days: [
    shippedDay("2027-01-26", "Republic Day", { mcx: "closed" }),
    shippedDay("2027-04-14", "Ambedkar Jayanti"),
  ],
});

function renderCalendar(path: string, api: MockHandlers = {}) {
  return renderApp(path, {
    session: TEST_ADMIN,
    api: {
      "GET /api/admin/calendar": (request) =>
        ok(
          new URLSearchParams(request.search).get("year") === "2027"
            ? PROVISIONAL_2027
            : yearView(),
        ),
      "GET /api/admin/calendar/reminder": () => ok({ today: "2026-11-25", reminder: null }),
      ...api,
    },
  });
}

async function calendarPanel() {
  return within(await screen.findByRole("region", { name: "Calendar" }, SLOW));
}

describe("the console's Calendar view", () => {
  it("lists the year's days with their source, its status and the next expiries", async () => {
    renderCalendar("/admin?view=calendar");
    const panel = await calendarPanel();
    const status = await panel.findByTestId("calendar-status");
    expect(status.dataset.status).toBe("confirmed");
    expect(status.textContent).toContain("2026: Confirmed");
    expect(screen.getByRole("link", { name: "Calendar" }).getAttribute("aria-current")).toBe(
      "page",
    );
    const holi = panel.getByTestId("calendar-day-2026-03-03");
    expect(holi.textContent).toContain("Tue 3 Mar 2026");
    expect(holi.textContent).toContain("Holi");
    expect(holi.textContent).toContain("Shipped");
    expect(holi.textContent).toContain("NSE closed");
    expect(holi.textContent).toContain("MCX evening only");
    // Only an operator's row can be removed.
    expect(within(holi).queryByRole("button", { name: /Remove/ })).toBeNull();
    expect(panel.getByText(/window is not recorded/)).toBeTruthy();
    const expiries = panel.getByTestId("calendar-expiries");
    expect(expiries.textContent).toContain("NIFTY weekly");
    expect(expiries.textContent).toContain("Tue 1 Dec 2026");
  });

  it('marks a provisional year plainly: "Provisional" on the year and on each of its days', async () => {
    renderCalendar("/admin?view=calendar&year=2027");
    const panel = await calendarPanel();
    const status = await panel.findByTestId("calendar-status");
    expect(status.dataset.status).toBe("provisional");
    expect(status.textContent).toContain("2027: Provisional");
    expect(status.textContent).toContain("Provisional calendar: only the holidays known ahead");
    const republicDay = panel.getByTestId("calendar-day-2027-01-26");
    expect(republicDay.textContent).toContain("Provisional");
    expect(republicDay.textContent).toContain("MCX closed");
  });

  it("adds a holiday with the form; the view is fetched again and the next expiry has moved", async () => {
    let days = yearView().days;
    let nifty = "2026-12-01";
    const { api } = renderCalendar("/admin?view=calendar", {
      "GET /api/admin/calendar": () =>
        ok(
          yearView({
            days,
            expiries: [{ symbol: "NIFTY", kind: "weekly", day: nifty }],
          }),
        ),
      "PUT /api/admin/calendar/days/2026-12-01": () => {
        days = [...days, OPERATOR_DAY];
        nifty = "2026-11-30";
        return ok(OPERATOR_DAY, "1 Dec 2026 saved: every process uses it now.");
      },
    });
    const user = userEvent.setup();
    await calendarPanel();
    const form = within(screen.getByRole("region", { name: "Add or change a day" }));
    // Nothing is sent until the form is whole.
    await user.click(form.getByRole("button", { name: "Save the day" }));
    expect(await form.findByText("Check the highlighted fields.")).toBeTruthy();
    expect(form.getByText("Choose a day.")).toBeTruthy();
    expect(api.callsTo("PUT /api/admin/calendar/days/2026-12-01")).toHaveLength(0);

    await user.type(form.getByLabelText("Day"), "2026-12-01");
    await user.type(form.getByLabelText("Name"), "Operator holiday");
    await user.type(form.getByLabelText("Source"), "NSE/CMTR/99999");
    await user.click(form.getByRole("button", { name: "Add a session" }));
    await user.click(form.getByRole("button", { name: "Remove session 1" }));
    await user.click(form.getByRole("button", { name: "Save the day" }));
    expect(await form.findByText("1 Dec 2026 saved: every process uses it now.")).toBeTruthy();
    expect(api.callsTo("PUT /api/admin/calendar/days/2026-12-01")[0]?.body).toEqual({
      nse: "closed",
      mcx: "evening",
      name: "Operator holiday",
      sessions: [],
      source: "NSE/CMTR/99999",
    });
    const panel = await calendarPanel();
    await waitFor(() =>
      expect(panel.getByTestId("calendar-expiries").textContent).toContain("Mon 30 Nov 2026"),
    );
    const added = panel.getByTestId("calendar-day-2026-12-01");
    expect(added.textContent).toContain("Operator");
    expect(added.textContent).toContain("NSE/CMTR/99999");
  });

  it("shows the server's refusal beside the field", async () => {
    renderCalendar("/admin?view=calendar", {
      "PUT /api/admin/calendar/days/2026-12-01": () => ({
        status: 400,
        body: {
          success: false,
          code: "VALIDATION_ERROR",
          error: "MCX trades its evening session only on an NSE holiday.",
          issues: [
            { path: "mcx", message: "MCX trades its evening session only on an NSE holiday." },
          ],
        },
      }),
    });
    const user = userEvent.setup();
    await calendarPanel();
    const form = within(screen.getByRole("region", { name: "Add or change a day" }));
    await user.type(form.getByLabelText("Day"), "2026-12-01");
    await user.type(form.getByLabelText("Name"), "Half day");
    await user.selectOptions(form.getByLabelText("NSE"), "open");
    await user.type(form.getByLabelText("Source"), "x");
    await user.click(form.getByRole("button", { name: "Save the day" }));
    await waitFor(() =>
      expect(form.getByLabelText("MCX").getAttribute("aria-invalid")).toBe("true"),
    );
    expect(
      form.getAllByText("MCX trades its evening session only on an NSE holiday."),
    ).toHaveLength(2);
  });

  it("removes an operator's row after a confirmation, and changes a day from the list", async () => {
    const { api } = renderCalendar("/admin?view=calendar", {
      "GET /api/admin/calendar": () => ok(yearView({ days: [OPERATOR_DAY] })),
      "DELETE /api/admin/calendar/days/2026-12-01": () =>
        ok(
          { day: "2026-12-01", restored: null },
          "The operator's row of 1 Dec 2026 is removed: it is an ordinary day again.",
        ),
    });
    const user = userEvent.setup();
    const panel = await calendarPanel();
    const row = await panel.findByTestId("calendar-day-2026-12-01");
    await user.click(within(row).getByRole("button", { name: "Change 1 Dec 2026" }));
    const form = within(screen.getByRole("region", { name: "Add or change a day" }));
    expect((form.getByLabelText("Name") as HTMLInputElement).value).toBe("Operator holiday");
    expect((form.getByLabelText("Source") as HTMLInputElement).value).toBe("NSE/CMTR/99999");

    await user.click(
      within(row).getByRole("button", { name: "Remove the operator's row of 1 Dec 2026" }),
    );
    const dialog = await screen.findByRole("dialog");
    expect(api.callsTo("DELETE /api/admin/calendar/days/2026-12-01")).toHaveLength(0);
    await user.click(within(dialog).getByRole("button", { name: "Remove" }));
    expect(
      await panel.findByText(
        "The operator's row of 1 Dec 2026 is removed: it is an ordinary day again.",
      ),
    ).toBeTruthy();
    expect(api.callsTo("DELETE /api/admin/calendar/days/2026-12-01")).toHaveLength(1);
  });

  it("sets the year's status with its source", async () => {
    const { api } = renderCalendar("/admin?view=calendar&year=2027", {
      "PUT /api/admin/calendar/years/2027": () =>
        ok({ year: 2027, status: "confirmed" }, "The 2027 calendar is confirmed now."),
    });
    const user = userEvent.setup();
    await calendarPanel();
    const yearForm = within(await screen.findByRole("region", { name: "Year status" }, SLOW));
    await user.selectOptions(yearForm.getByLabelText("Status of 2027"), "confirmed");
    await user.type(yearForm.getByLabelText("Source"), "NSE/CMTR/70000");
    await user.click(yearForm.getByRole("button", { name: "Set the status" }));
    expect(await yearForm.findByText("The 2027 calendar is confirmed now.")).toBeTruthy();
    expect(api.callsTo("PUT /api/admin/calendar/years/2027")[0]?.body).toEqual({
      status: "confirmed",
      source: "NSE/CMTR/70000",
    });
  });

  it("says when the calendar cannot be loaded", async () => {
    renderCalendar("/admin?view=calendar", {
      "GET /api/admin/calendar": () => fail(500, "The server could not answer."),
    });
    const panel = await calendarPanel();
    expect(await panel.findByText("The server could not answer.")).toBeTruthy();
  });
});

describe("the console's calendar banner", () => {
  it("is on every view while an unconfirmed day is less than 30 days away, and links to the year", async () => {
    renderApp("/admin?view=signals", {
      session: TEST_ADMIN,
      api: {
        "GET /api/admin/signals": () => ok({ day: "2026-12-02", engineRunning: true, signals: [] }),
        "GET /api/admin/calendar/reminder": () =>
          ok({
            today: "2026-12-02",
            reminder: { day: "2027-01-01", status: "provisional", daysAway: 30 },
          }),
      },
    });
    const banner = await screen.findByTestId("calendar-banner", undefined, SLOW);
    expect(banner.textContent).toContain("The 2027 calendar is provisional");
    expect(banner.textContent).toContain("From 1 Jan 2027 (in 30 days)");
    expect(
      within(banner).getByRole("link", { name: "Open the calendar" }).getAttribute("href"),
    ).toBe("/admin?view=calendar&year=2027");
  });

  it("is not there otherwise", async () => {
    renderApp("/admin?view=signals", {
      session: TEST_ADMIN,
      api: {
        "GET /api/admin/signals": () => ok({ day: "2026-11-25", engineRunning: true, signals: [] }),
        "GET /api/admin/calendar/reminder": () => ok({ today: "2026-11-25", reminder: null }),
      },
    });
    await screen.findByRole("region", { name: /Signals|Today's signals/ }, SLOW).catch(() => null);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.queryByTestId("calendar-banner")).toBeNull();
  });
});
