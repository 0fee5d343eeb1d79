import { ADMIN_MESSAGES, RISK_DISCLOSURE_MESSAGES } from "@kalpa/contracts/messages";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { formatMoment, todayKey } from "@/lib/dates";
import { activeUntil, testStatus } from "@/test/access";
import { auditEntry, TEST_ADMIN, userDetail, userSummary } from "@/test/admin";
import { fail, type MockHandlers, ok } from "@/test/mock-api";
import { renderApp, TEST_USER } from "@/test/render-app";

const SLOW = { timeout: 5000 };
const USER_PATH = `/api/admin/users/${TEST_USER.id}`;

const STATS = {
  users: 1234,
  activeSubscribers: { Nifty: 40, BankNifty: 85, CrudeOil: 12 },
  expiringSoon: 7,
  signedCopyPending: 3,
};

const KEY_ID = "5e3a7c0b9d8f4e21a6b5c4d3e2f1a0b9c8d7e6f5a4b3c2d1e0f9a8b7c6d5e4f3";
const LEDGER = {
  keyId: KEY_ID,
  keyPath: "/.well-known/kalpa-ledger-key",
  recordPath: "/record",
  timeStamping: { url: null, failures: [] },
};

function renderConsole(path: string, api: MockHandlers = {}) {
  return renderApp(path, {
    session: TEST_ADMIN,
    api: {
      "GET /api/admin/stats": () => ok(STATS),
      "GET /api/admin/ledger": () => ok(LEDGER),
      "GET /api/admin/users": () => ok({ users: [userSummary()], total: 1, page: 1, pageSize: 20 }),
      [`GET ${USER_PATH}`]: () => ok(userDetail()),
      "GET /api/admin/audit": () => ok({ entries: [auditEntry()], next: null }),
      ...api,
    },
  });
}

/** A user whose signed agreement has been recorded (access can be granted). */
function signedSummary() {
  return userSummary({
    riskDisclosure: {
      ...userSummary().riskDisclosure,
      signedCopyReceived: true,
      signedCopyReceivedOn: "2026-03-02",
    },
  });
}

function region(name: string) {
  return within(screen.getByRole("region", { name }));
}

async function openDetail(api: MockHandlers = {}) {
  const result = renderConsole(`/admin?user=${TEST_USER.id}`, api);
  await screen.findByRole("heading", { level: 2, name: TEST_USER.name }, SLOW);
  return result;
}

describe("the operator console", () => {
  it("shows the counts and the users to an admin", async () => {
    renderConsole("/admin");
    expect(
      await screen.findByRole("heading", { level: 1, name: "Operator Console" }, SLOW),
    ).toBeTruthy();
    const stats = await screen.findByRole("region", { name: "Overview" });
    await waitFor(() => expect(stats.textContent).toContain("1,234"));
    const figures = within(stats)
      .getAllByRole("term")
      .map((term) => [term.textContent, term.nextElementSibling?.textContent]);
    expect(figures).toEqual([
      ["Users", "1,234"],
      ["Active subscribers: Nifty", "40"],
      ["Active subscribers: BankNifty", "85"],
      ["Active subscribers: CrudeOil", "12"],
      ["Expiring within 5 days", "7"],
      ["Signed agreement pending", "3"],
    ]);
    const users = await region("Users").findByRole("link", { name: "Open Asha Rao (asha_rao)" });
    expect(users.textContent).toContain("asha@example.com");
    expect(users.textContent).toContain("Agreement pending");
  });

  it("shows the ledger's signing key id, where it is served, and the heads not time-stamped yet", async () => {
    const failedAt = Date.parse("2026-11-27T13:00:00Z");
    renderConsole("/admin", {
      "GET /api/admin/ledger": () =>
        ok({
          ...LEDGER,
          timeStamping: {
            url: "https://tsa.example/tsr",
            failures: [
              { day: "2026-11-26", reason: "the authority could not be reached", at: failedAt },
            ],
          },
        }),
    });
    const panel = await screen.findByRole("region", { name: "Signed record" }, SLOW);
    expect((await within(panel).findByTestId("admin-ledger-key-id")).textContent).toBe(KEY_ID);
    expect(
      within(panel)
        .getByRole("link", { name: "/.well-known/kalpa-ledger-key" })
        .getAttribute("href"),
    ).toBe("/.well-known/kalpa-ledger-key");
    expect(within(panel).getByRole("link", { name: "/record" }).getAttribute("href")).toBe(
      "/record",
    );
    expect(panel.textContent).toContain("https://tsa.example/tsr");
    expect(
      within(panel).getByText(
        `26 Nov 2026: the authority could not be reached (last tried ${formatMoment(new Date(failedAt).toISOString())})`,
      ),
    ).toBeTruthy();
  });

  it("says when heads are signed but not time-stamped", async () => {
    renderConsole("/admin");
    const panel = await screen.findByRole("region", { name: "Signed record" }, SLOW);
    expect(
      await within(panel).findByText("None: heads are signed, not time-stamped (LEDGER_TSA_URL)"),
    ).toBeTruthy();
  });

  it("searches users and pages through them, in the URL", async () => {
    const user = userEvent.setup();
    const { api, router } = renderConsole("/admin?view=users", {
      "GET /api/admin/users": (request) => {
        const page = Number(new URLSearchParams(request.search).get("page") ?? "1");
        return ok({
          users: [userSummary({ id: `u${page}`, name: `Person ${page}`, username: `p${page}` })],
          total: 45,
          page,
          pageSize: 20,
        });
      },
    });
    const search = await screen.findByRole("searchbox", { name: "Search users" }, SLOW);
    await user.type(search, "asha");
    await user.click(screen.getByRole("button", { name: "Search" }));
    await waitFor(() => expect(router.location.search).toBe("?view=users&q=asha"));
    await screen.findByText("45 user(s)");
    expect(screen.getByText("Page 1 of 3")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Previous" })).toHaveProperty("disabled", true);

    await user.click(screen.getByRole("button", { name: "Next" }));
    expect(await screen.findByText("Page 2 of 3")).toBeTruthy();
    expect(await screen.findByText("Person 2")).toBeTruthy();
    expect(router.location.search).toBe("?view=users&q=asha&page=2");
    expect(api.callsTo("GET /api/admin/users").at(-1)?.search).toBe("?q=asha&page=2");
  });

  it("opens a user's detail: access per instrument, agreement, contributions and recent changes", async () => {
    await openDetail({
      [`GET ${USER_PATH}`]: () =>
        ok(
          userDetail({
            user: userSummary({
              subscriptions: testStatus({
                subscriptions: {
                  Nifty: activeUntil("2026-04-09", 30),
                  CrudeOil: activeUntil("2026-03-08", -2),
                },
              }).subscriptions,
              riskDisclosure: {
                ...userSummary().riskDisclosure,
                signedCopyReceived: true,
                signedCopyReceivedOn: "2026-03-02",
              },
            }),
            startedAt: { Nifty: "2026-03-10T18:30:00.000Z", BankNifty: null, CrudeOil: null },
            contributions: [
              {
                id: "c1",
                instruments: ["Nifty"],
                amountRupees: 4999,
                receivedOn: "2026-03-10",
                method: "upi",
                reference: "UPI-123",
                note: "",
                recordedBy: "admin",
                recordedAt: "2026-03-10T06:00:00.000Z",
              },
            ],
            audit: [auditEntry()],
          }),
        ),
    });
    const access = region("Access").getAllByRole("listitem");
    expect(access.map((item) => item.textContent)).toEqual([
      "NiftyActiveStarted11 Mar 2026Last day9 Apr 2026Days left30",
      "BankNiftyNoneLast day—Days left—",
      "CrudeOilExpiredLast day8 Mar 2026Days left-2",
    ]);
    expect(region("Risk disclosure agreement").getByText("Received 2 Mar 2026")).toBeTruthy();
    expect(screen.queryByRole("region", { name: "Record the signed agreement" })).toBeNull();
    expect(region("Contributions").getByText("₹4,999 by UPI for Nifty")).toBeTruthy();
    expect(region("Contributions").getByText("Reference: UPI-123")).toBeTruthy();
    expect(region("Recent changes").getByText("access.grant")).toBeTruthy();
    expect(
      region("Recent changes")
        .getByRole("link", { name: "See this user's full audit log" })
        .getAttribute("href"),
    ).toBe(`/admin?view=audit&target=user%3A${TEST_USER.id}`);
  });

  it("records the signed agreement, then offers the grant", async () => {
    const user = userEvent.setup();
    const received = userDetail({
      user: userSummary({
        riskDisclosure: {
          ...userSummary().riskDisclosure,
          signedCopyReceived: true,
          signedCopyReceivedOn: todayKey(),
        },
      }),
    });
    const { api } = await openDetail({
      [`POST ${USER_PATH}/rda-received`]: () => ok(received, ADMIN_MESSAGES.rdaRecorded),
    });
    const grant = region("Grant or extend access");
    expect(grant.getByText(RISK_DISCLOSURE_MESSAGES.signedCopyPending)).toBeTruthy();
    expect(grant.getByRole("button", { name: "Grant access" })).toHaveProperty("disabled", true);

    const rda = region("Record the signed agreement");
    await user.selectOptions(rda.getByLabelText("Received by"), "post");
    await user.type(rda.getByLabelText("Note (optional)"), "Original by courier");
    await user.click(rda.getByRole("button", { name: "Record signed agreement" }));
    await waitFor(() => expect(api.callsTo(`POST ${USER_PATH}/rda-received`)).toHaveLength(1));
    expect(api.callsTo(`POST ${USER_PATH}/rda-received`)[0]?.body).toEqual({
      receivedOn: todayKey(),
      channel: "post",
      note: "Original by courier",
    });
    await waitFor(() =>
      expect(screen.queryByRole("region", { name: "Record the signed agreement" })).toBeNull(),
    );
    expect(region("Risk disclosure agreement").getByText(/^Received /)).toBeTruthy();
    expect(
      region("Grant or extend access").queryByText(RISK_DISCLOSURE_MESSAGES.signedCopyPending),
    ).toBeNull();
  });

  it("grants access for N days with the contribution, suggesting ₹4,999 × instruments × months", async () => {
    const user = userEvent.setup();
    const signed = signedSummary();
    const { api } = await openDetail({
      [`GET ${USER_PATH}`]: () => ok(userDetail({ user: signed })),
      [`POST ${USER_PATH}/grants`]: () => ok(userDetail({ user: signed }), ADMIN_MESSAGES.granted),
    });
    const grant = region("Grant or extend access");
    const submit = grant.getByRole("button", { name: "Grant access" });
    expect(submit).toHaveProperty("disabled", true);
    expect(grant.getByText("Choose at least one instrument.")).toBeTruthy();

    await user.click(grant.getByRole("checkbox", { name: "Nifty" }));
    await user.click(grant.getByRole("checkbox", { name: "BankNifty" }));
    const days = grant.getByLabelText("Days");
    await user.clear(days);
    await user.type(days, "60");
    expect(grant.getByLabelText("Amount (₹)")).toHaveProperty("value", "19996");
    expect(grant.getByText(/Suggested: ₹19,996 \(2 instrument\(s\) × 2 month\(s\)/)).toBeTruthy();
    await user.type(grant.getByLabelText("Reference (optional)"), "UPI-98765");
    await user.click(submit);

    expect(await grant.findByText(ADMIN_MESSAGES.granted)).toBeTruthy();
    expect(api.callsTo(`POST ${USER_PATH}/grants`)[0]?.body).toEqual({
      instruments: ["Nifty", "BankNifty"],
      days: 60,
      contribution: {
        amountRupees: 19996,
        method: "upi",
        reference: "UPI-98765",
        receivedOn: todayKey(),
      },
    });
  });

  it("grants until a date, keeps an amount the operator typed, and shows the server's refusal", async () => {
    const user = userEvent.setup();
    const signed = signedSummary();
    const { api } = await openDetail({
      [`GET ${USER_PATH}`]: () => ok(userDetail({ user: signed })),
      [`POST ${USER_PATH}/grants`]: () => fail(400, ADMIN_MESSAGES.untilInPast, "VALIDATION_ERROR"),
    });
    const grant = region("Grant or extend access");
    await user.click(grant.getByRole("checkbox", { name: "CrudeOil" }));
    await user.click(grant.getByRole("radio", { name: "Until a date" }));
    const until = grant.getByLabelText("Last day of access");
    await user.clear(until);
    await user.type(until, "2099-12-31");
    const amount = grant.getByLabelText("Amount (₹)");
    await user.clear(amount);
    await user.type(amount, "2500");
    await user.selectOptions(grant.getByLabelText("Method"), "cash");
    await user.click(grant.getByRole("button", { name: "Grant access" }));
    expect((await grant.findByRole("alert")).textContent).toBe(ADMIN_MESSAGES.untilInPast);
    expect(api.callsTo(`POST ${USER_PATH}/grants`)[0]?.body).toMatchObject({
      instruments: ["CrudeOil"],
      until: "2099-12-31",
      contribution: { amountRupees: 2500, method: "cash" },
    });
    expect(api.callsTo(`POST ${USER_PATH}/grants`)[0]?.body).not.toHaveProperty("days");
  });

  it("asks before deactivating, and reactivates at once", async () => {
    const user = userEvent.setup();
    const granted = userSummary({
      subscriptions: testStatus({ subscriptions: { Nifty: activeUntil("2026-04-09", 30) } })
        .subscriptions,
    });
    const { api } = await openDetail({
      [`GET ${USER_PATH}`]: () => ok(userDetail({ user: granted })),
      [`POST ${USER_PATH}/deactivate`]: () =>
        ok(userDetail({ user: granted }), ADMIN_MESSAGES.deactivated),
      [`POST ${USER_PATH}/reactivate`]: () =>
        ok(userDetail({ user: granted }), ADMIN_MESSAGES.reactivated),
    });
    const panel = region("Switch access off or on");
    // Only instruments ever granted can be switched.
    expect(panel.queryByRole("checkbox", { name: "BankNifty" })).toBeNull();
    await user.click(panel.getByRole("checkbox", { name: "Nifty" }));
    await user.type(panel.getByLabelText("Reason (optional)"), "Chargeback");
    await user.click(panel.getByRole("button", { name: "Deactivate" }));
    const confirm = await screen.findByRole("dialog", { name: "Deactivate access?" });
    expect(confirm.textContent).toContain(
      "Asha Rao loses access to Nifty at once, on every device.",
    );
    await user.click(within(confirm).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(api.callsTo(`POST ${USER_PATH}/deactivate`)).toHaveLength(0);
    // Focus is back on the button that asked.
    expect(document.activeElement?.textContent).toBe("Deactivate");

    await user.click(panel.getByRole("button", { name: "Deactivate" }));
    await user.click(
      within(await screen.findByRole("dialog")).getByRole("button", { name: "Deactivate" }),
    );
    expect(await panel.findByText(ADMIN_MESSAGES.deactivated)).toBeTruthy();
    expect(api.callsTo(`POST ${USER_PATH}/deactivate`)[0]?.body).toEqual({
      instruments: ["Nifty"],
      reason: "Chargeback",
    });

    await user.click(panel.getByRole("button", { name: "Reactivate" }));
    expect(await panel.findByText(ADMIN_MESSAGES.reactivated)).toBeTruthy();
    expect(api.callsTo(`POST ${USER_PATH}/reactivate`)).toHaveLength(1);
  });

  it("changes the role and ends sessions after confirming; never one's own role", async () => {
    const user = userEvent.setup();
    const { api } = await openDetail({
      [`POST ${USER_PATH}/role`]: () =>
        ok(userDetail({ user: userSummary({ role: "admin" }) }), ADMIN_MESSAGES.roleChanged),
      [`POST ${USER_PATH}/logout`]: () =>
        ok(userDetail({ activeSessions: 0 }), ADMIN_MESSAGES.loggedOut),
    });
    const account = region("Account");
    await user.click(account.getByRole("button", { name: "Make admin" }));
    await user.click(
      within(await screen.findByRole("dialog", { name: "Change the role?" })).getByRole("button", {
        name: "Make admin",
      }),
    );
    expect(await account.findByText(ADMIN_MESSAGES.roleChanged)).toBeTruthy();
    expect(api.callsTo(`POST ${USER_PATH}/role`)[0]?.body).toEqual({ role: "admin" });
    expect(account.getByRole("button", { name: "Make user" })).toBeTruthy();

    await user.click(account.getByRole("button", { name: "End all sessions" }));
    await user.click(
      within(
        await screen.findByRole("dialog", { name: "End all of Asha Rao's sessions?" }),
      ).getByRole("button", { name: "End all sessions" }),
    );
    expect(await account.findByText(ADMIN_MESSAGES.loggedOut)).toBeTruthy();
    expect(api.callsTo(`POST ${USER_PATH}/logout`)).toHaveLength(1);
  });

  it("shows the user's linked Telegram chat and unlinks it after confirming", async () => {
    const user = userEvent.setup();
    const linkedAt = "2026-11-27T04:32:00.000Z";
    const { api } = await openDetail({
      [`GET ${USER_PATH}`]: () => ok(userDetail({ telegram: { chat: "@asha_r", linkedAt } })),
      [`POST ${USER_PATH}/telegram/unlink`]: () =>
        ok(userDetail({ telegram: null }), ADMIN_MESSAGES.telegramUnlinked),
    });
    const account = region("Account");
    expect(account.getByText(`@asha_r, linked ${formatMoment(linkedAt)}`)).toBeTruthy();
    await user.click(account.getByRole("button", { name: "Unlink Telegram" }));
    await user.click(
      within(
        await screen.findByRole("dialog", { name: "Unlink Asha Rao's Telegram chat?" }),
      ).getByRole("button", { name: "Unlink Telegram" }),
    );
    expect(await account.findByText(ADMIN_MESSAGES.telegramUnlinked)).toBeTruthy();
    expect(api.callsTo(`POST ${USER_PATH}/telegram/unlink`)).toHaveLength(1);
    expect(account.getByText("Not linked")).toBeTruthy();
    expect(account.queryByRole("button", { name: "Unlink Telegram" })).toBeNull();
  });

  it("does not offer to change the operator's own role", async () => {
    renderConsole(`/admin?user=${TEST_ADMIN.id}`, {
      [`GET /api/admin/users/${TEST_ADMIN.id}`]: () =>
        ok(
          userDetail({
            user: userSummary({ id: TEST_ADMIN.id, name: TEST_ADMIN.name, role: "admin" }),
          }),
        ),
    });
    const account = within(await screen.findByRole("region", { name: "Account" }, SLOW));
    expect(account.getByRole("button", { name: "Make user" })).toHaveProperty("disabled", true);
    expect(account.getByText(/This is your own account/)).toBeTruthy();
  });

  it("says when a user cannot be found", async () => {
    renderConsole("/admin?user=nobody", {
      "GET /api/admin/users/nobody": () => fail(404, ADMIN_MESSAGES.userNotFound, "NOT_FOUND"),
    });
    expect(await screen.findByText(ADMIN_MESSAGES.userNotFound, {}, SLOW)).toBeTruthy();
  });

  it("shows the audit log, filtered by target, with Load more", async () => {
    const user = userEvent.setup();
    const { api } = renderConsole("/admin?view=audit", {
      "GET /api/admin/audit": (request) => {
        const before = new URLSearchParams(request.search).get("before");
        return before
          ? ok({ entries: [auditEntry({ id: "7", action: "rda.received" })], next: null })
          : ok({ entries: [auditEntry()], next: "41" });
      },
    });
    const log = within(await screen.findByRole("region", { name: "Audit log" }, SLOW));
    expect(await log.findByText("access.grant")).toBeTruthy();
    expect(log.getByText("by admin")).toBeTruthy();
    await user.click(log.getByRole("button", { name: "Load more" }));
    expect(await log.findByText("rda.received")).toBeTruthy();
    expect(log.queryByRole("button", { name: "Load more" })).toBeNull();
    expect(api.callsTo("GET /api/admin/audit").at(-1)?.search).toBe("?before=41");

    // An entry about a user opens that user.
    expect(log.getAllByRole("link", { name: "Open user" })[0]?.getAttribute("href")).toBe(
      `/admin?user=${TEST_USER.id}`,
    );

    await user.type(log.getByRole("searchbox", { name: "Filter by target" }), "user:u7");
    await user.click(log.getByRole("button", { name: "Filter" }));
    await waitFor(() =>
      expect(api.callsTo("GET /api/admin/audit").at(-1)?.search).toBe("?target=user%3Au7"),
    );
  });
});
