import type { ForecastDay, ForecastHitRate, ForecastResponse } from "@kalpa/contracts/api/forecast";
import type { ForecastSlug } from "@kalpa/contracts/names";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { fail, never, ok } from "@/test/mock-api";
import { renderApp, TEST_SITE } from "@/test/render-app";
import { rememberSignedIn } from "@/test/session";

const NONE: ForecastHitRate = {
  scored: 0,
  decided: 0,
  targets: 0,
  stops: 0,
  neither: 0,
  notEntered: 0,
  undecided: 0,
  percent: null,
};

/** A level forecast around `level`, the call favoured at 58%. */
function forecast(instrument: ForecastSlug, name: string, unit: string, level: number) {
  const part = (entryPrice: number, target: number, stopLoss: number, probabilityBias: number) => ({
    signalDate: "2026-11-23",
    strikePrice: Math.round(level),
    entryPrice,
    target,
    stopLoss,
    riskReward: 1.5,
    probabilityBias,
    commentary: `${name} closed the last session at ${level}.`,
  });
  const today: ForecastDay = {
    day: "2026-11-23",
    priceKind: "level",
    expiry: null,
    call: part(level + 1, level + 4, level - 1, 58),
    put: part(level - 1, level - 4, level + 1, 42),
    callOutcome: null,
    putOutcome: null,
    favoured: "call",
    referenceClose: level,
    close: null,
    closedAbove: null,
  };
  const response: ForecastResponse = {
    instrument,
    name,
    unit,
    today,
    history: [],
    hitRate: NONE,
    scores: [30, 90, null].map((lastDays) => ({
      lastDays,
      days: 0,
      favoured: NONE,
      call: NONE,
      put: NONE,
      brier: {
        days: 0,
        upDays: 0,
        forecast: null,
        baseline: null,
        climatology: null,
        skill: { coinFlip: null, climatology: null },
      },
    })),
    simulated: true,
  };
  return response;
}

const GOLD = forecast("xau", "Gold", "USD per troy ounce (spot)", 2650.5);
const SILVER = forecast("xag", "Silver", "USD per troy ounce (spot)", 31.25);
const DOLLAR = forecast("dollarx", "Dollar Index", "index points", 106.5);

const OPEN_API = {
  "GET /api/forecast/xau": () => ok(GOLD),
  "GET /api/forecast/xag": () => ok(SILVER),
  "GET /api/forecast/dollarx": () => ok(DOLLAR),
};

/** The call's and the put's entry, target and stop as shown. */
function levels(side: "Call" | "Put") {
  const part = screen.getByRole("article", { name: side });
  return ["Entry price", "Target", "Stop loss"].map(
    (field) => within(part).getByText(field).nextElementSibling?.textContent,
  );
}

describe("/forecasts, the forecasts open to all", () => {
  it("shows a visitor gold, silver and the dollar index, each with its call and put", async () => {
    const user = userEvent.setup();
    const { api } = renderApp("/forecasts", { session: null, api: OPEN_API });
    expect(await screen.findByRole("heading", { level: 1, name: "Forecasts" })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe(`Forecasts · ${TEST_SITE.brandName}`));
    expect(
      screen.getByText(
        "Gold, silver and the dollar index are open to every visitor, with no sign-in.",
      ),
    ).toBeTruthy();
    // Only the three open instruments are offered; gold first.
    const switcher = screen.getByRole("group", { name: "Instrument" });
    expect(
      within(switcher)
        .getAllByRole("button")
        .map((button) => button.textContent),
    ).toEqual(["Gold", "Silver", "Dollar Index"]);
    expect(screen.getByRole("button", { name: "Gold" }).getAttribute("aria-pressed")).toBe("true");

    expect(
      await screen.findByRole("heading", { name: "Forecast for 2026-11-23 · Gold" }),
    ).toBeTruthy();
    expect(levels("Call")).toEqual(["2,651.5", "2,654.5", "2,649.5"]);
    expect(levels("Put")).toEqual(["2,649.5", "2,646.5", "2,651.5"]);
    expect(within(screen.getByRole("article", { name: "Call" })).getByText("58%")).toBeTruthy();
    expect(within(screen.getByRole("article", { name: "Put" })).getByText("42%")).toBeTruthy();
    expect(screen.getByText("Levels in USD per troy ounce (spot)")).toBeTruthy();

    await user.click(screen.getByRole("button", { name: "Silver" }));
    expect(
      await screen.findByRole("heading", { name: "Forecast for 2026-11-23 · Silver" }),
    ).toBeTruthy();
    expect(levels("Call")).toEqual(["32.25", "35.25", "30.25"]);
    expect(levels("Put")).toEqual(["30.25", "27.25", "32.25"]);

    await user.click(screen.getByRole("button", { name: "Dollar Index" }));
    expect(
      await screen.findByRole("heading", { name: "Forecast for 2026-11-23 · Dollar Index" }),
    ).toBeTruthy();
    expect(levels("Call")).toEqual(["107.5", "110.5", "105.5"]);
    expect(levels("Put")).toEqual(["105.5", "102.5", "107.5"]);
    expect(screen.getByText("Levels in index points")).toBeTruthy();
    expect(screen.getByText(/Educational research only, not investment advice/)).toBeTruthy();

    // A visitor is asked only for the three open forecasts, and is pointed to signing in and the plans.
    expect(api.callsTo("GET /api/forecast/nifty")).toHaveLength(0);
    expect(screen.getByRole("link", { name: "Log in" }).getAttribute("href")).toBe("/login");
    expect(screen.getByRole("link", { name: "See contribution plans" }).getAttribute("href")).toBe(
      "/pricing",
    );
  });

  it("says Loading until the forecast arrives", async () => {
    renderApp("/forecasts", { session: null, api: { "GET /api/forecast/xau": () => never() } });
    expect(await screen.findByRole("heading", { level: 1, name: "Forecasts" })).toBeTruthy();
    const loading = await screen.findByText("Loading forecast…");
    expect(loading.closest("[role=status]")).toBeTruthy();
    expect(screen.queryByRole("article", { name: "Call" })).toBeNull();
  });

  it("says when a forecast could not be loaded, and Retry loads it", async () => {
    const user = userEvent.setup();
    let broken = true;
    const { api } = renderApp("/forecasts", {
      session: null,
      api: {
        ...OPEN_API,
        "GET /api/forecast/xau": () =>
          broken ? fail(500, "Something broke", "INTERNAL_ERROR") : ok(GOLD),
      },
    });
    // A server error is asked again (after a second, then two) before the page says so.
    const alert = await screen.findByRole("alert", {}, { timeout: 8_000 });
    expect(within(alert).getByText("The forecast could not be loaded.")).toBeTruthy();
    expect(api.callsTo("GET /api/forecast/xau").length).toBeGreaterThan(0);
    expect(screen.queryByRole("article", { name: "Call" })).toBeNull();
    broken = false;
    await user.click(within(alert).getByRole("button", { name: "Retry" }));
    expect(await screen.findByRole("article", { name: "Call" })).toBeTruthy();
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("shows a signed-in user the same forecasts, and the way to the dashboard's Forecasting", async () => {
    rememberSignedIn();
    renderApp("/forecasts", { api: OPEN_API });
    expect(await screen.findByRole("article", { name: "Call" })).toBeTruthy();
    const dashboard = await screen.findByRole("link", {
      name: "Open Forecasting in the dashboard",
    });
    expect(dashboard.getAttribute("href")).toBe("/dashboard?section=forecasting");
    expect(screen.queryByRole("link", { name: "Log in" })).toBeNull();
  });
});
