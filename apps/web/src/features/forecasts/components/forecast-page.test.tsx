import type {
  ForecastDay,
  ForecastHitRate,
  ForecastResponse,
  ForecastScoreWindow,
} from "@kalpa/contracts/api/forecast";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { AppProviders } from "@/app/providers";
import { createQueryClient } from "@/lib/query-client";
import { FakeSocket } from "@/test/fake-socket";
import { fail, installMockApi, never, ok } from "@/test/mock-api";
import { ForecastPage } from "./forecast-page";

const part = (signalDate: string, entryPrice: number) => ({
  signalDate,
  strikePrice: 3500,
  entryPrice,
  target: entryPrice + 20,
  stopLoss: entryPrice - 10,
  riskReward: 2,
  probabilityBias: 62,
  commentary: "XAU closed the last session at 3,503.70.",
});

const day = (
  d: string,
  outcomes: [ForecastDay["callOutcome"], ForecastDay["putOutcome"]],
  close: number | null = null,
  callBias = 62,
): ForecastDay => ({
  day: d,
  priceKind: "level" as const,
  expiry: null,
  call: { ...part(d, 3503.7), probabilityBias: callBias },
  put: { ...part(d, 3503.7), probabilityBias: 100 - callBias },
  callOutcome: outcomes[0],
  putOutcome: outcomes[1],
  favoured: callBias > 50 ? "call" : callBias < 50 ? "put" : null,
  referenceClose: 3503.7,
  close,
  closedAbove: close === null ? null : close > 3503.7,
});

const rate = (targets: number, decided: number, extra: Partial<ForecastHitRate> = {}) => ({
  scored: decided,
  decided,
  targets,
  stops: decided - targets,
  neither: 0,
  notEntered: 0,
  undecided: 0,
  percent: decided > 0 ? Math.round((targets / decided) * 100) : null,
  ...extra,
});

const window = (
  lastDays: number | null,
  days: number,
  favoured: ForecastHitRate,
  brier: ForecastScoreWindow["brier"],
): ForecastScoreWindow => ({
  lastDays,
  days,
  favoured,
  call: rate(2, 3),
  put: rate(1, 4),
  brier,
});

/** A window's Brier scores, with the skill scores worked out as the server does (four decimals). */
const brier = (
  days: number,
  upDays: number,
  forecast: number,
  baseline: number,
  climatology: number,
): ForecastScoreWindow["brier"] => {
  const skill = (reference: number) =>
    reference === 0 ? null : Math.round((1 - forecast / reference) * 1e4) / 1e4;
  return {
    days,
    upDays,
    forecast,
    baseline,
    climatology,
    skill: { coinFlip: skill(0.25), climatology: skill(climatology) },
  };
};

const GOLD: ForecastResponse = {
  instrument: "xau",
  name: "Gold",
  unit: "USD per troy ounce (spot)",
  today: day("2026-11-23", [null, null]),
  history: [
    day("2026-11-20", ["target", "stop"], 3520.1),
    day("2026-11-19", ["neither", "target"], 3490, 40),
    day("2026-11-18", ["not-entered", "undecided"], 3503.7, 50),
  ],
  hitRate: rate(1, 2, { scored: 2 }),
  scores: [
    window(30, 3, rate(1, 2), brier(2, 1, 0.2414, 0.5, 0.25)),
    window(90, 3, rate(1, 2), brier(2, 1, 0.2414, 0.5, 0.25)),
    window(null, 120, rate(40, 75), brier(119, 63, 0.2687, 0.4622, 0.2491)),
  ],
  simulated: true,
};

function renderPage(handlers: Parameters<typeof installMockApi>[0]) {
  installMockApi(handlers);
  render(
    <MemoryRouter>
      <AppProviders
        queryClient={createQueryClient()}
        createUserSocket={() => new FakeSocket().asSocket()}
      >
        <ForecastPage />
      </AppProviders>
    </MemoryRouter>,
  );
}

describe("the forecast page", () => {
  it("shows Loading, then the call and put parts, the history with outcomes and closes", async () => {
    let answer: (value: ReturnType<typeof ok>) => void = () => {};
    renderPage({
      "GET /api/forecast/xau": () => new Promise((resolve) => (answer = resolve)),
    });
    expect(await screen.findByText("Loading forecast…")).toBeTruthy();
    answer(ok(GOLD));
    const call = await screen.findByRole("article", { name: "Call" });
    expect(within(call).getByText("Entry price")).toBeTruthy();
    expect(within(call).getByText("3,503.7")).toBeTruthy();
    expect(within(call).getByText("62%")).toBeTruthy();
    // The call has the higher bias: it is today's favoured side.
    expect(within(call).getByText("Favoured")).toBeTruthy();
    const put = screen.getByRole("article", { name: "Put" });
    expect(within(put).getByText("38%")).toBeTruthy();
    expect(within(put).queryByText("Favoured")).toBeNull();
    expect(screen.queryByText("50/50: no favoured side today")).toBeNull();

    const history = screen.getByRole("table", { name: "Recent forecasts" });
    const rows = within(history).getAllByRole("row").slice(1);
    expect(rows).toHaveLength(3);
    const [up, down, flat] = rows as [HTMLElement, HTMLElement, HTMLElement];
    // 20 Nov: the call favoured and reached its target; closed up.
    expect(within(up).getByText("Target reached")).toBeTruthy();
    expect(within(up).getByText("Stop reached")).toBeTruthy();
    expect(within(up).getAllByRole("cell")[0]?.textContent).toContain("Favoured");
    expect(within(up).getByText("Up")).toBeTruthy();
    expect(within(up).getByText("3,520.1")).toBeTruthy();
    // 19 Nov: the put favoured (60%); closed down.
    expect(within(down).getAllByRole("cell")[1]?.textContent).toContain("Favoured");
    expect(within(down).getAllByRole("cell")[0]?.textContent).not.toContain("Favoured");
    expect(within(down).getByText("Down")).toBeTruthy();
    // 18 Nov: a 50/50 day with the new outcomes, closed unchanged.
    expect(within(flat).getByText("Not entered")).toBeTruthy();
    expect(within(flat).getByText("Undecided")).toBeTruthy();
    expect(within(flat).queryByText("Favoured")).toBeNull();
    expect(within(flat).getByText("Unchanged")).toBeTruthy();
    expect(screen.getByText(/Educational research only, not investment advice/)).toBeTruthy();
  });

  it("shows the hit rates and the Brier scores with the baseline over 30, 90 and all days", async () => {
    renderPage({ "GET /api/forecast/xau": () => ok(GOLD) });
    const hits = await screen.findByRole("table", { name: "Hit rates" });
    const columns = within(hits)
      .getAllByRole("columnheader")
      .map((th) => th.textContent);
    expect(columns).toEqual([
      "Hit rates(higher is better)",
      "Last 30 days3 scored",
      "Last 90 days3 scored",
      "All days120 scored",
    ]);
    const hitRow = (name: string) =>
      within(within(hits).getByRole("rowheader", { name }).closest("tr") as HTMLElement)
        .getAllByRole("cell")
        .map((td) => td.textContent);
    expect(hitRow("Favoured side")).toEqual(["50%1 of 2", "50%1 of 2", "53%40 of 75"]);
    expect(hitRow("Call")).toEqual(["67%2 of 3", "67%2 of 3", "67%2 of 3"]);
    expect(hitRow("Put")).toEqual(["25%1 of 4", "25%1 of 4", "25%1 of 4"]);
    expect(screen.getByTestId("forecast-hit-rate-30").textContent).toBe("50%");

    const brier = screen.getByRole("table", { name: "Brier scores" });
    expect(within(brier).getByText("(lower is better)")).toBeTruthy();
    const brierRow = (name: string) =>
      within(within(brier).getByRole("rowheader", { name }).closest("tr") as HTMLElement)
        .getAllByRole("cell")
        .map((td) => td.textContent);
    expect(brierRow("This forecast")).toEqual(["0.2412 days", "0.2412 days", "0.269119 days"]);
    expect(brierRow("Yesterday's direction")).toEqual(["0.500", "0.500", "0.462"]);
    expect(brierRow("Always 50%")).toEqual(["0.250", "0.250", "0.250"]);
    expect(brierRow("Share of up-days (hindsight)")).toEqual([
      "0.25050% up",
      "0.25050% up",
      "0.24953% up",
    ]);
    const skill = screen.getByRole("table", { name: "Skill scores" });
    expect(within(skill).getByText("(above 0 beats it)")).toBeTruthy();
    const skillRow = (name: string) =>
      within(within(skill).getByRole("rowheader", { name }).closest("tr") as HTMLElement)
        .getAllByRole("cell")
        .map((td) => td.textContent);
    // 1 − 0.2414 / 0.25 = 0.0344; 1 − 0.2687 / 0.25 = −0.0748; 1 − 0.2687 / 0.2491 = −0.0787.
    expect(skillRow("Against always 50%")).toEqual(["+3.4%", "+3.4%", "−7.5%"]);
    expect(skillRow("Against the share of up-days")).toEqual(["+3.4%", "+3.4%", "−7.9%"]);
    expect(screen.getByTestId("forecast-verdict-all").textContent).toBe(
      "All days: worse than a coin (skill −7.5% against always saying 50%). It knew less than these days' share of up-days, 53%, a rate known only in hindsight: saying that share every day would have scored better (skill −7.9%).",
    );
    // The rules in plain words.
    expect(
      screen.getByText(/Lower is better: 0 is perfect, always saying 50% scores 0.25/),
    ).toBeTruthy();
    expect(screen.getByText(/Two outcomes are left out: “Not entered”/)).toBeTruthy();
  });

  it("says in plain words how the forecast did against a coin and the share of up-days", async () => {
    renderPage({
      "GET /api/forecast/xau": () =>
        ok({
          ...GOLD,
          scores: [
            // Always 60% with 3 up-days of 4: 0.21 against 0.25 and 0.1875 (score-forecast.test.ts).
            window(30, 4, rate(1, 2), brier(4, 3, 0.21, 0.25, 0.1875)),
            // Every day up: the share scores 0, so the skill against it is undefined.
            window(90, 2, rate(1, 2), brier(2, 2, 0.125, 0, 0)),
            // No day up (ties count as not up).
            window(null, 2, rate(1, 2), brier(2, 0, 0.1, 0, 0)),
          ],
        }),
    });
    expect((await screen.findByTestId("forecast-verdict-30")).textContent).toBe(
      "Last 30 days: better than a coin (skill +16.0% against always saying 50%). It knew less than these days' share of up-days, 75%, a rate known only in hindsight: saying that share every day would have scored better (skill −12.0%).",
    );
    expect(screen.getByTestId("forecast-verdict-90").textContent).toBe(
      "Last 90 days: better than a coin (skill +50.0% against always saying 50%). Every one of these days closed up, so their share of up-days (100%, known only in hindsight) scores a perfect 0: no skill can be measured against it.",
    );
    expect(screen.getByTestId("forecast-verdict-all").textContent).toMatch(
      /^All days: better than a coin \(skill \+60\.0% .*None of these days closed up, so their share of up-days \(0%, known only in hindsight\)/,
    );
    const skill = screen.getByRole("table", { name: "Skill scores" });
    const cells = within(
      within(skill)
        .getByRole("rowheader", { name: "Against the share of up-days" })
        .closest("tr") as HTMLElement,
    )
      .getAllByRole("cell")
      .map((td) => td.textContent);
    expect(cells).toEqual(["−12.0%", "—undefined", "—undefined"]);
    expect(screen.getByTestId("forecast-climatology-90").textContent).toBe("0.000");
  });

  it("says when a day is 50/50 and shows no score before any day is scored", async () => {
    const none = rate(0, 0);
    const empty = {
      days: 0,
      upDays: 0,
      forecast: null,
      baseline: null,
      climatology: null,
      skill: { coinFlip: null, climatology: null },
    };
    renderPage({
      "GET /api/forecast/xau": () =>
        ok({
          ...GOLD,
          today: day("2026-11-23", [null, null], null, 50),
          history: [],
          hitRate: none,
          scores: [30, 90, null].map((lastDays) => ({
            lastDays,
            days: 0,
            favoured: none,
            call: none,
            put: none,
            brier: empty,
          })),
        }),
    });
    expect(await screen.findByText("50/50: no favoured side today")).toBeTruthy();
    expect(screen.queryByText("Favoured")).toBeNull();
    expect(screen.getByTestId("forecast-hit-rate-all").textContent).toBe("—");
    expect(screen.getByTestId("forecast-brier-90").textContent).toBe("—");
    expect(screen.getByTestId("forecast-baseline-30").textContent).toBe("—");
    expect(screen.getByTestId("forecast-climatology-all").textContent).toBe("—");
    expect(screen.getByTestId("forecast-skill-coin-30").textContent).toBe("—");
    expect(screen.getByTestId("forecast-skill-climatology-30").textContent).toBe("—");
    // No day, nothing undefined to explain: just no score.
    expect(screen.queryByText("undefined")).toBeNull();
    expect(screen.getByTestId("forecast-verdict-90").textContent).toBe(
      "Last 90 days: no day scored yet.",
    );
    expect(screen.getByText("No finished forecasts yet.")).toBeTruthy();
  });

  it("shows the locked notice for an instrument without access, and switches back", async () => {
    const user = userEvent.setup();
    renderPage({
      "GET /api/forecast/xau": () => ok(GOLD),
      "GET /api/forecast/nifty": () =>
        fail(403, "Nifty not found. Please contribute to access this content.", "FORBIDDEN"),
      "GET /api/forecast/banknifty": () => never(),
    });
    await screen.findByRole("article", { name: "Call" });
    await user.click(screen.getByRole("button", { name: "NIFTY 50" }));
    expect((await screen.findByRole("alert")).textContent).toBe(
      "Please contribute to view this section",
    );
    expect(
      screen.getByText("Nifty not found. Please contribute to access this content."),
    ).toBeTruthy();
    expect(screen.queryByRole("article", { name: "Call" })).toBeNull();
    expect(screen.getByRole("button", { name: "NIFTY 50" }).getAttribute("aria-pressed")).toBe(
      "true",
    );
    await user.click(screen.getByRole("button", { name: "Gold" }));
    expect(await screen.findByRole("article", { name: "Call" })).toBeTruthy();
  });
});
