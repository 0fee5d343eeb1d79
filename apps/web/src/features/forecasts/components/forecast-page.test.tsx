import type { ForecastDay, ForecastResponse } from "@kalpa/contracts/api/forecast";
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

const day = (d: string, outcomes: [ForecastDay["callOutcome"], ForecastDay["putOutcome"]]) => ({
  day: d,
  priceKind: "level" as const,
  expiry: null,
  call: part(d, 3503.7),
  put: { ...part(d, 3503.7), probabilityBias: 38 },
  callOutcome: outcomes[0],
  putOutcome: outcomes[1],
});

const GOLD: ForecastResponse = {
  instrument: "xau",
  name: "Gold",
  unit: "USD per troy ounce (spot)",
  today: day("2026-11-23", [null, null]),
  history: [day("2026-11-20", ["target", "stop"]), day("2026-11-19", ["neither", "target"])],
  hitRate: { scored: 4, targets: 2, stops: 1, percent: 50 },
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
  it("shows Loading, then the call and put parts, the history with outcomes and the hit rate", async () => {
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
    expect(within(screen.getByRole("article", { name: "Put" })).getByText("38%")).toBeTruthy();
    const table = screen.getByRole("table");
    expect(within(table).getAllByText("Target reached")).toHaveLength(2);
    expect(within(table).getAllByText("Stop reached")).toHaveLength(1);
    expect(screen.getByTestId("forecast-hit-rate").textContent).toBe(
      "50% of 4 scored parts reached their target",
    );
    expect(screen.getByText(/Educational and simulated only/)).toBeTruthy();
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
