import { PAPER_TRADE_MESSAGES } from "@kalpa/contracts/messages";
import { act, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { AppProviders } from "@/app/providers";
import { createQueryClient } from "@/lib/query-client";
import { FakeSocket } from "@/test/fake-socket";
import {
  BROKEN,
  dayGroup,
  EMPTY_ANALYTICS,
  EMPTY_STATS,
  HEAD_HASH,
  paperTrade,
  VERIFIED,
} from "@/test/journal";
import { fail, installMockApi, type MockHandlers, type MockReply, ok } from "@/test/mock-api";
import { createTestRouter } from "@/test/test-router";
import { JournalPage } from "./journal-page";

const IST = "+05:30";

// Filled at the model price with a tick of slippage each way (the fixture's default): ₹3 of slippage.
const WIN = paperTrade({ id: "s1", pnlRupees: 1500 });
// Filled at the broker's bid and ask, with ₹12.5 of slippage (inside its gross).
const LOSS = paperTrade({
  id: "s2",
  strike: 51800,
  optionType: "PE",
  entryPrice: 180.5,
  entryTime: Date.parse(`2026-11-20T13:10:00${IST}`),
  exitPrice: 160,
  exitTime: Date.parse(`2026-11-20T15:20:00${IST}`),
  pnlRupees: -615,
  closeReason: "eod",
  // Its stop (trigger 171, limit 165.85) triggered at 14:50 with the price already below the limit: it
  // rested until the square-off sold the trade.
  stopLimit: 165.85,
  stopTriggeredAt: Date.parse(`2026-11-20T14:50:00${IST}`),
  stopFill: "squared-off",
  fillBasis: "quote",
  slippageTicks: null,
  slippage: 12.5,
});
// Entered on the 18th, closed on the 19th: grouped by its exit day, its entry shows its own day. Stored
// before slippage was recorded: filled at the model price itself, no slippage.
const OVERNIGHT = paperTrade({
  id: "s3",
  entryTime: Date.parse(`2026-11-18T14:55:00${IST}`),
  exitTime: Date.parse(`2026-11-19T09:30:00${IST}`),
  pnlRupees: 30,
  closeReason: "stop",
  fillBasis: "model",
  slippageTicks: null,
  slippage: 0,
  charges: { ...WIN.charges, total: 63.78 },
});
const HISTORY = [dayGroup("2026-11-20", [WIN, LOSS]), dayGroup("2026-11-19", [OVERNIGHT])];

const STATS = {
  ...EMPTY_STATS,
  trades: 3,
  wins: 2,
  losses: 1,
  winRate: 2 / 3,
  averageWin: 701.33,
  averageLoss: -678.78,
  profitFactor: 2.0665,
  expectancy: 241.3,
  maxDrawdown: 678.78,
  bestDay: { day: "2026-11-20", net: 757.44 },
  worstDay: { day: "2026-11-19", net: -33.78 },
  gross: 915,
  slippage: 15.5,
  stopsTriggered: 1,
  stopsPastLimit: 1,
  stopsSquaredOff: 1,
  ratesAsOf: "2026-10-01",
  charges: 191.34,
  net: 723.66,
  equity: [
    { day: "2026-11-19", net: -33.78, cumulative: -33.78 },
    { day: "2026-11-20", net: 757.44, cumulative: 723.66 },
  ],
};

function renderJournal(path: string, handlers: MockHandlers, embedded = false) {
  const api = installMockApi({
    "GET /api/paper/history": () => ok(HISTORY),
    "GET /api/paper/stats": () => ok(STATS),
    "GET /api/paper/analytics": () => ok(EMPTY_ANALYTICS),
    "GET /api/ledger/verify": () => ok(VERIFIED),
    ...handlers,
  });
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({
    queries: { ...queryClient.getDefaultOptions().queries, retry: false },
  });
  const { router, RouterProbe } = createTestRouter();
  render(
    <MemoryRouter initialEntries={[path]}>
      <AppProviders queryClient={queryClient} createUserSocket={() => new FakeSocket().asSocket()}>
        <JournalPage embedded={embedded} />
        <RouterProbe />
      </AppProviders>
    </MemoryRouter>,
  );
  return { api, router };
}

function queryOf(request: { search: string }) {
  return Object.fromEntries(new URLSearchParams(request.search));
}

const pressed = (name: string) => screen.getByRole("button", { name }).getAttribute("aria-pressed");

describe("the paper-trade journal", () => {
  it("opens on BankNifty:KalpaVruksha over 30 days, and asks for exactly that", async () => {
    const { api } = renderJournal("/paper-trade", {});
    expect(await screen.findByText("Loading the journal…")).toBeTruthy();
    await screen.findAllByTestId("journal-day");
    expect(
      screen.getAllByRole("button", { pressed: true }).map((button) => button.textContent),
    ).toEqual(["BankNifty:KalpaVruksha", "30 days"]);
    // The model selector offers the spec's three and HFT; the period 7, 15 and 30 days.
    for (const name of [
      "Nifty:KalpaVruksha",
      "CrudeOil:Yamuna",
      "BankNifty:HFT",
      "7 days",
      "15 days",
    ]) {
      expect(pressed(name)).toBe("false");
    }
    const expected = { model: "BankNifty:KalpaVruksha", days: "30" };
    expect(api.callsTo("GET /api/paper/history").map(queryOf)).toEqual([expected]);
    expect(api.callsTo("GET /api/paper/stats").map(queryOf)).toEqual([expected]);
    // The Analysis section, below the track record, for the same model and period.
    expect(await screen.findByRole("heading", { level: 2, name: "Analysis" })).toBeTruthy();
    expect(api.callsTo("GET /api/paper/analytics").map(queryOf)).toEqual([expected]);
  });

  it("keeps the filters in the address, so a link reproduces the view, and refetches on a change", async () => {
    const user = userEvent.setup();
    const { api, router } = renderJournal("/paper-trade?model=CrudeOil:Yamuna&days=7", {});
    await screen.findAllByTestId("journal-day");
    expect(pressed("CrudeOil:Yamuna")).toBe("true");
    expect(pressed("7 days")).toBe("true");
    expect(api.callsTo("GET /api/paper/history").map(queryOf)).toEqual([
      { model: "CrudeOil:Yamuna", days: "7" },
    ]);

    await user.click(screen.getByRole("button", { name: "15 days" }));
    expect(new URLSearchParams(router.location.search).get("days")).toBe("15");
    expect(new URLSearchParams(router.location.search).get("model")).toBe("CrudeOil:Yamuna");
    await user.click(screen.getByRole("button", { name: "BankNifty:HFT" }));
    const search = new URLSearchParams(router.location.search);
    expect([search.get("model"), search.get("days")]).toEqual(["BankNifty:HFT", "15"]);
    await waitFor(() =>
      expect(api.callsTo("GET /api/paper/history").map(queryOf).at(-1)).toEqual({
        model: "BankNifty:HFT",
        days: "15",
      }),
    );
    expect(pressed("BankNifty:HFT")).toBe("true");
    expect(pressed("CrudeOil:Yamuna")).toBe("false");
    expect(screen.getByText(/For BankNifty:HFT over the last 15 days/)).toBeTruthy();

    // Back returns to the previous filter.
    await router.navigate(-1);
    expect(pressed("CrudeOil:Yamuna")).toBe("true");
  });

  it("keeps the dashboard's section when embedded, and falls back to the defaults for unknown values", async () => {
    const user = userEvent.setup();
    const { api, router } = renderJournal(
      "/dashboard?section=paper-trade&model=Nope&days=9",
      {},
      true,
    );
    await screen.findAllByTestId("journal-day");
    expect(api.callsTo("GET /api/paper/history").map(queryOf)).toEqual([
      { model: "BankNifty:KalpaVruksha", days: "30" },
    ]);
    await user.click(screen.getByRole("button", { name: "Nifty:KalpaVruksha" }));
    const search = new URLSearchParams(router.location.search);
    expect(router.location.pathname).toBe("/dashboard");
    expect([search.get("section"), search.get("model"), search.get("days")]).toEqual([
      "paper-trade",
      "Nifty:KalpaVruksha",
      "30",
    ]);
  });

  it("lists the days newest first, each with its slippage, gross, charges and net, and its trades", async () => {
    renderJournal("/paper-trade", {});
    const days = await screen.findAllByTestId("journal-day");
    expect(days.map((day) => within(day).getByRole("heading", { level: 3 }).textContent)).toEqual([
      "20 Nov 2026 2 trades",
      "19 Nov 2026 1 trade",
    ]);

    const [first, second] = days as [HTMLElement, HTMLElement];
    const totals = (day: HTMLElement) =>
      [...day.querySelectorAll("header dd")].map((dd) => dd.textContent);
    const totalNames = (day: HTMLElement) =>
      [...day.querySelectorAll("header dt")].map((dt) => dt.textContent);
    expect(totalNames(first)).toEqual(["Slippage", "Gross", "Charges", "Net"]);
    // 3 + 12.5 slippage (inside the gross); 1,500 − 615 gross; 2 × 63.78 charges; net 885 − 127.56.
    expect(totals(first)).toEqual(["₹15.5", "₹885", "₹127.56", "₹757.44"]);
    expect(totals(second)).toEqual(["₹0", "₹30", "₹63.78", "-₹33.78"]);
    // Green when >= 0, red otherwise.
    expect(within(first).getByText("₹757.44").className).toContain("text-emerald-300");
    for (const amount of within(second).getAllByText("-₹33.78")) {
      expect(amount.className).toContain("text-rose-300");
    }

    const rows = within(first).getAllByTestId("journal-trade");
    const cells = (row: HTMLElement) =>
      [...row.querySelectorAll("th, td")].map((cell) => cell.textContent);
    expect(cells(rows[0] as HTMLElement)).toEqual([
      "BANKNIFTY 52,000 CELots × lot size: 1 × 30Model version b1bdde92ed7bv b1bdde92ed7b",
      "₹21010:05 IST",
      "₹26011:40 IST",
      "Target",
      "Model price ±1 tick",
      "₹3",
      "₹1,500",
      "₹63.78",
      "₹1,436.22",
    ]);
    expect(cells(rows[1] as HTMLElement)).toEqual([
      "BANKNIFTY 51,800 PELots × lot size: 1 × 30Model version b1bdde92ed7bv b1bdde92ed7b",
      "₹180.513:10 IST",
      "₹16015:20 IST",
      "End of dayPrice gapped below the limit (₹165.85); squared off with the stop resting",
      "Broker bid/ask",
      "₹12.5",
      "-₹615",
      "₹63.78",
      "-₹678.78",
    ]);
    expect(within(rows[1] as HTMLElement).getByText("-₹615").className).toContain("text-rose-300");
    // Each trade names the model version that made it, linked to the model's card.
    const version = within(rows[0] as HTMLElement).getByTestId("journal-trade-version");
    expect(version.getAttribute("href")).toBe("/models/banknifty-kalpavruksha");
    const [overnight] = within(second).getAllByTestId("journal-trade");
    expect(cells(overnight as HTMLElement).slice(1, 6)).toEqual([
      "₹21018 Nov 2026, 14:55 IST",
      "₹26009:30 IST",
      "Stop loss",
      "Model price",
      "₹0",
    ]);
    // On phones each cell says its column's name above its value.
    const labelled = (row: HTMLElement) =>
      [...row.querySelectorAll("td")].map((cell) => cell.getAttribute("data-label"));
    expect(labelled(rows[1] as HTMLElement)).toEqual([
      "Entry",
      "Exit",
      "Closed by",
      "Filled at",
      "Slippage",
      "Gross P&L",
      "Charges",
      "Net P&L",
    ]);
    // The table's columns, for screen readers and wide screens.
    expect(
      within(first)
        .getAllByRole("columnheader")
        .map((header) => header.textContent),
    ).toEqual([
      "Contract",
      "Entry",
      "Exit",
      "Closed by",
      "Filled at",
      "Slippage",
      "Gross P&L",
      "Charges",
      "Net P&L",
    ]);
  });

  it("says the spec's empty message when the model has no trades in the period", async () => {
    renderJournal("/paper-trade?model=Nifty:KalpaVruksha&days=7", {
      "GET /api/paper/history": () => ok([]),
      "GET /api/paper/stats": () => ok({ ...EMPTY_STATS, model: "Nifty:KalpaVruksha", days: 7 }),
    });
    expect((await screen.findByTestId("journal-empty")).textContent).toBe(
      "No paper trade history for the selected model / period.",
    );
    expect(screen.queryByText(/could not be loaded/)).toBeNull();
    expect(screen.queryAllByTestId("journal-day")).toHaveLength(0);
    // No figures made of nothing: the track record says there is nothing to measure.
    expect(
      await screen.findByText(
        "No closed trades in this period, so there is nothing to measure yet.",
      ),
    ).toBeTruthy();
    expect(screen.queryByTestId("journal-stat-win-rate")).toBeNull();
    expect(screen.queryByRole("img", { name: /Cumulative net P&L/ })).toBeNull();
  });

  it("shows an empty list when the fetch fails, says quietly it could not be loaded, and retries", async () => {
    const user = userEvent.setup();
    let reply: () => MockReply = () => fail(500, "Something went wrong", "INTERNAL_ERROR");
    renderJournal("/paper-trade", { "GET /api/paper/history": () => reply() });
    expect((await screen.findByTestId("journal-empty")).textContent).toBe(
      PAPER_TRADE_MESSAGES.empty,
    );
    const notice = screen.getByText("The journal could not be loaded, so nothing is listed.");
    expect(notice.closest("[role=status]")).toBeTruthy();
    expect(screen.queryByRole("alert")).toBeNull();
    expect(screen.queryAllByTestId("journal-day")).toHaveLength(0);

    reply = () => ok(HISTORY);
    await user.click(screen.getByRole("button", { name: "Retry" }));
    expect(await screen.findAllByTestId("journal-day")).toHaveLength(2);
    expect(screen.queryByTestId("journal-empty")).toBeNull();
    expect(screen.queryByText(/could not be loaded/)).toBeNull();
  });

  it("shows the track record of the model and period, and its equity curve", async () => {
    renderJournal("/paper-trade", {});
    const stat = async (id: string) =>
      (await screen.findByTestId(`journal-stat-${id}`)).textContent;
    expect(await stat("trades")).toBe("Trades3 (2 won, 1 lost)");
    expect(await stat("win-rate")).toBe("Win rate66.67%");
    expect(await stat("average-win")).toBe("Average win₹701.33");
    expect(await stat("average-loss")).toBe("Average loss-₹678.78");
    expect(await stat("profit-factor")).toBe("Profit factor2.07");
    expect(await stat("expectancy")).toBe("Expectancy per trade₹241.3");
    expect(await stat("max-drawdown")).toBe("Maximum drawdown₹678.78");
    expect(await stat("best-day")).toBe("Best day₹757.44 20 Nov 2026");
    expect(await stat("worst-day")).toBe("Worst day-₹33.78 19 Nov 2026");
    expect(await stat("stops-past-limit")).toBe(
      "Stops past their limit1 of 1 triggered (1 squared off)",
    );
    expect(await stat("slippage")).toBe("Slippage₹15.5");
    expect(await stat("gross")).toBe("Gross P&L₹915");
    expect(await stat("charges")).toBe("Charges₹191.34");
    expect(await stat("net")).toBe("Net P&L₹723.66");
    // Slippage is inside the gross, not taken off again; the charges' rates are dated like the page's days.
    expect(screen.getByTestId("journal-stats-note").textContent).toBe(
      "Slippage is already inside the gross P&L; net is gross minus charges. Charges at rates as of 1 Oct 2026.",
    );
    const curve = screen.getByRole("img", { name: /Cumulative net P&L/ });
    expect(curve.getAttribute("aria-label")).toBe(
      "Cumulative net P&L of BankNifty:KalpaVruksha, 2 trading days from 19 Nov 2026 to 20 Nov 2026: it ends at ₹723.66, its high was ₹723.66 and its low -₹33.78.",
    );
    // From zero, then one point per day.
    expect(curve.querySelector("polyline")?.getAttribute("points")?.split(" ")).toHaveLength(3);
  });

  it("leaves out the rates' date when no rate change is recorded", async () => {
    renderJournal("/paper-trade", {
      "GET /api/paper/stats": () => ok({ ...STATS, ratesAsOf: null }),
    });
    expect((await screen.findByTestId("journal-stats-note")).textContent).toBe(
      "Slippage is already inside the gross P&L; net is gross minus charges.",
    );
    expect(screen.queryByText(/rates as of/)).toBeNull();
  });

  it("says which way each stop went: within its limit, or at the limit after the price gapped past it", async () => {
    const stopped = (id: string, stopFill: "filled" | "filled-at-limit", exitPrice: number) =>
      paperTrade({
        id,
        exitPrice,
        pnlRupees: (exitPrice - 210) * 30,
        closeReason: "stop",
        stopTriggeredAt: Date.parse(`2026-11-20T11:00:00${IST}`),
        stopFill,
      });
    renderJournal("/paper-trade", {
      "GET /api/paper/history": () =>
        ok([
          dayGroup("2026-11-20", [
            paperTrade({ id: "t" }),
            stopped("w", "filled", 178.5),
            stopped("g", "filled-at-limit", 174.6),
          ]),
        ]),
    });
    const [target, ...stoppedRows] = await screen.findAllByTestId("journal-trade");
    // A trade closed at its target says nothing of its stop.
    expect(within(target as HTMLElement).queryByTestId("journal-trade-stop")).toBeNull();
    const stops = stoppedRows.map((row) => within(row).getByTestId("journal-trade-stop"));
    expect(stops.map((stop) => [stop.dataset.stop, stop.textContent])).toEqual([
      ["filled", "Stop filled within its limit (₹174.6)"],
      ["filled-at-limit", "Price gapped below the limit; stop filled at the limit (₹174.6) later"],
    ]);
    expect(stops[1]?.className).toContain("text-amber-200");
  });

  it("says a trade filled at the model price with several ticks of slippage", async () => {
    const wide = paperTrade({ id: "s9", slippageTicks: 2, slippage: 6 });
    renderJournal("/paper-trade", {
      "GET /api/paper/history": () => ok([dayGroup("2026-11-20", [wide])]),
    });
    const [row] = await screen.findAllByTestId("journal-trade");
    expect(within(row as HTMLElement).getByTestId("journal-trade-fills").textContent).toBe(
      "Model price ±2 ticks",
    );
    expect(within(row as HTMLElement).getByText("₹6")).toBeTruthy();
  });

  it("draws no curve from a single day", async () => {
    renderJournal("/paper-trade", {
      "GET /api/paper/stats": () => ok({ ...STATS, equity: STATS.equity.slice(1) }),
    });
    expect(await screen.findByText("The curve needs at least two days with trades.")).toBeTruthy();
    expect(screen.queryByRole("img", { name: /Cumulative net P&L/ })).toBeNull();
  });

  it("downloads the selected journal as CSV from the server", async () => {
    const user = userEvent.setup();
    renderJournal("/paper-trade?model=Nifty:KalpaVruksha&days=15", {});
    const link = await screen.findByRole("link", { name: "Download CSV" });
    expect(link.getAttribute("href")).toBe(
      "/api/paper/history.csv?model=Nifty%3AKalpaVruksha&days=15",
    );
    expect(link.hasAttribute("download")).toBe(true);
    expect(link.getAttribute("title")).toBe(
      "The trades listed here as a spreadsheet file, with each trade's fills, slippage, charges and net P&L.",
    );
    await user.click(screen.getByRole("button", { name: "7 days" }));
    expect(screen.getByRole("link", { name: "Download CSV" }).getAttribute("href")).toBe(
      "/api/paper/history.csv?model=Nifty%3AKalpaVruksha&days=7",
    );
  });

  it("gives the selected model's decision-to-alert, p50 and p99, in its track record, and follows the filter", async () => {
    const latency = {
      models: [
        { model: "BankNifty:KalpaVruksha", count: 58, p50Ms: 38, p99Ms: 1_260 },
        { model: "CrudeOil:Yamuna", count: 4, p50Ms: 910, p99Ms: 15_449 },
      ],
    };
    const user = userEvent.setup();
    const { api } = renderJournal("/paper-trade", {
      "GET /api/signals/latency": () => ok(latency),
    });
    const line = await screen.findByTestId("decision-to-send");
    expect(line.closest("section")?.getAttribute("aria-labelledby")).toBe("journal-stats-heading");
    expect(line.textContent).toMatch(
      /^Decision to alert, whole record p50 38 ms · p99 1\.3 s \(n = 58\): /,
    );
    await user.click(screen.getByRole("button", { name: "CrudeOil:Yamuna" }));
    await waitFor(() =>
      expect(screen.getByTestId("decision-to-send").textContent).toMatch(
        /^Decision to alert, whole record p50 910 ms · p99 15\.4 s \(n = 4\): /,
      ),
    );
    // One answer covers every model.
    expect(api.callsTo("GET /api/signals/latency")).toHaveLength(1);
  });

  it("shows the ledger verified, with its entries and the latest head, shortened and copyable", async () => {
    const user = userEvent.setup();
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, "clipboard", { value: { writeText }, configurable: true });
    renderJournal("/paper-trade", {});
    expect((await screen.findByTestId("ledger-state")).textContent).toBe("Verified");
    expect(screen.getByText("1,240 entries checked")).toBeTruthy();
    expect(screen.getByText(/Latest published head for 20 Nov 2026/)).toBeTruthy();
    const head = screen.getByTestId("ledger-head");
    expect(head.textContent).toBe("9f86d08188…f00a08");
    expect(head.getAttribute("title")).toBe(HEAD_HASH);
    await user.click(screen.getByRole("button", { name: "Copy hash" }));
    expect(writeText).toHaveBeenCalledWith(HEAD_HASH);
    expect(await screen.findByRole("button", { name: "Copied" })).toBeTruthy();
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("says where the ledger is broken", async () => {
    renderJournal("/paper-trade", { "GET /api/ledger/verify": () => ok(BROKEN) });
    const alert = await screen.findByRole("alert");
    expect(within(alert).getByTestId("ledger-state").textContent).toBe("Broken");
    expect(
      within(alert).getByText(
        "The ledger is broken at entry 417: the entry was changed after it was written.",
      ),
    ).toBeTruthy();
    expect(within(alert).getByText("Stored hash differs from the recomputed one.")).toBeTruthy();
    expect(screen.getAllByTestId("ledger-state").map((state) => state.textContent)).toEqual([
      "Broken",
    ]);
  });

  it("says when the statistics or the ledger's check could not be loaded, and retries each", async () => {
    const user = userEvent.setup();
    let stats: () => MockReply = () => fail(503, "Service unavailable", "SERVICE_UNAVAILABLE");
    let ledger: () => MockReply = () => fail(500, "Something went wrong", "INTERNAL_ERROR");
    renderJournal("/paper-trade", {
      "GET /api/paper/stats": () => stats(),
      "GET /api/ledger/verify": () => ledger(),
    });
    expect(await screen.findByText("The statistics could not be loaded.")).toBeTruthy();
    expect(await screen.findByText("The ledger's check could not be loaded.")).toBeTruthy();
    expect(screen.queryByTestId("ledger-state")).toBeNull();
    // The journal itself is unaffected.
    expect(await screen.findAllByTestId("journal-day")).toHaveLength(2);

    stats = () => ok(STATS);
    ledger = () => ok(VERIFIED);
    // The ledger's line comes first on the page, then the track record.
    const [ledgerRetry, statsRetry] = screen.getAllByRole("button", { name: "Retry" }) as [
      HTMLElement,
      HTMLElement,
    ];
    await user.click(ledgerRetry);
    expect((await screen.findByTestId("ledger-state")).textContent).toBe("Verified");
    await user.click(statsRetry);
    expect((await screen.findByTestId("journal-stat-net")).textContent).toBe("Net P&L₹723.66");
  });

  it("explains net of charges, the fills and slippage, and verified, and says it is educational research", async () => {
    renderJournal("/paper-trade", {});
    await screen.findAllByTestId("journal-day");
    expect(screen.getByText("Net of charges")).toBeTruthy();
    expect(screen.getByText("Filled at, and slippage")).toBeTruthy();
    expect(
      screen.getByText(/Model price ±1 tick means there was no broker quote/).textContent,
    ).toMatch(/already inside the gross P&L, so it is not taken off again/);
    expect(screen.getByText(/Verified means the whole chain was recomputed/)).toBeTruthy();
    expect(screen.getByText(/Educational research only, not investment advice/)).toBeTruthy();
    await act(async () => {});
  });
});
