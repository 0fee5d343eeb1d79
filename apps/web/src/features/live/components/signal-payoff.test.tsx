/**
 * The signal's payoff card as a subscriber reads it: the two curves and their markers on the chart (the
 * library faked: it draws on a canvas jsdom has not), the break-even, maximum loss and levels in words, the
 * table equivalent and the CSV download, and a failed answer with its retry.
 */
import type { SignalPayoff as Payoff, SignalWire } from "@kalpa/contracts/signals";
import { signalFixture } from "@kalpa/testkit/signal";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { chartLib, type FakeChart } from "@/test/fake-chart-lib";
import { fail, installMockApi, type MockReply, ok } from "@/test/mock-api";
import { SignalPayoff } from "./signal-payoff";

vi.mock("lightweight-charts", () => import("@/test/fake-chart-lib"));

const SIGNAL: SignalWire = signalFixture({ id: "Nifty:KalpaVruksha@7" });
const PATH = "GET /api/signals/Nifty%3AKalpaVruksha%407/payoff";

/** A NIFTY 24 300 call bought at ₹212.5 for 65 units, with ₹40 of charges. */
const expiryPnl = (s: number) => (Math.max(0, s - 24_300) - 212.5) * 65 - 40;
const todayPnl = (s: number) => expiryPnl(s) + 4_000 - Math.abs(s - 24_300) * 5;
const point = (underlying: number) => ({
  underlying,
  pnlAtExpiry: expiryPnl(underlying),
  pnlToday: todayPnl(underlying),
});
const PAYOFF: Payoff = {
  id: "Nifty:KalpaVruksha@7",
  model: "Nifty:KalpaVruksha",
  contract: "NIFTY 26 MAR 2026 24300 CE",
  optionType: "CE",
  strike: 24_300,
  at: Date.UTC(2026, 2, 10, 5, 0),
  underlying: 24_310,
  premiumPaid: 212.5,
  premiumFrom: "entry-zone",
  quantity: 65,
  // 16 days and 5 hours.
  msToExpiry: (16 * 24 + 5) * 3_600_000,
  volatility: 0.1234,
  breakEven: 24_512.5,
  breakEvenAfterCharges: 24_513.12,
  maxLoss: 13_852.5,
  charges: 40,
  levels: { entryLow: 24_290.4, entryHigh: 24_310, target: 24_420.75, stopLoss: null },
  // 24 000 to 24 700 in steps of 25: 29 points.
  points: Array.from({ length: 29 }, (_, i) => point(24_000 + i * 25)),
  marks: [
    { kind: "now", ...point(24_310) },
    { kind: "break-even", ...point(24_512.5) },
    { kind: "entry-low", ...point(24_290.4) },
    { kind: "entry-high", ...point(24_310) },
    { kind: "target", ...point(24_420.75) },
  ],
};

function renderCard(reply: () => MockReply = () => ok(PAYOFF)) {
  const api = installMockApi({ [PATH]: reply });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <SignalPayoff signal={SIGNAL} />
    </QueryClientProvider>,
  );
  return api;
}

async function drawnChart(): Promise<FakeChart> {
  let found: FakeChart | undefined;
  await waitFor(() => {
    const figure = within(screen.getByTestId("signal-payoff")).getByRole("figure");
    found = chartLib.live().find((chart) => chart.element === figure);
    expect(found).toBeTruthy();
  });
  return found as FakeChart;
}

describe("the payoff card", () => {
  beforeEach(() => chartLib.reset());

  it("draws the P&L at expiry and today with markers at the levels, and says what matters in words", async () => {
    // A wide card (jsdom lays nothing out): the markers carry their words.
    const width = vi.spyOn(HTMLElement.prototype, "clientWidth", "get").mockReturnValue(800);
    const api = renderCard();
    const card = within(await screen.findByRole("region", { name: "Payoff" }));
    expect(
      await card.findByText(
        "Break-even at expiry: NIFTY at 24,512.5 (strike 24,300 + premium ₹212.5); 24,513.12 with charges.",
      ),
    ).toBeTruthy();
    expect(
      card.getByText(
        "Maximum loss: ₹13,852.5 (the premium paid, ₹212.5 × 65 units, plus ₹40 of charges).",
      ),
    ).toBeTruthy();
    expect(
      card.getByText("Premium paid: ₹212.5, the top of the Initiated Zone (not entered yet)."),
    ).toBeTruthy();
    expect(card.getByText("Today (16 days left)")).toBeTruthy();
    expect(card.getByText("At expiry")).toBeTruthy();
    expect(card.getByText("NIFTY now: 24,310")).toBeTruthy();
    expect(card.getByText("Projected Zone (₹240): NIFTY at 24,420.75")).toBeTruthy();
    expect(
      card.getByText("Risk Marker (₹195): no NIFTY level in the range reaches it today"),
    ).toBeTruthy();
    expect(api.callsTo(PATH)).toHaveLength(1);

    const chart = await drawnChart();
    expect(chart.element.getAttribute("aria-label")).toBe(
      "Payoff chart of NIFTY 26 MAR 2026 24300 CE: P&L from -₹13,852.5 to ₹14,147.5 as NIFTY runs from 24,000 to 24,700, at expiry and today. The table below holds the same values.",
    );
    // The P&L axis in whole rupees, the sign before the rupee.
    const localization = chart.options.localization as { priceFormatter: (v: number) => string };
    expect(localization.priceFormatter(-16_063.92)).toBe("-₹16,064");
    expect(localization.priceFormatter(27_637.5)).toBe("₹27,638");
    const [expiry, today] = chart.series;
    // The range's 29 points with the break-even and the levels off the grid merged in, by the underlying.
    const times = ((expiry?.data ?? []) as { time: number }[]).map((d) => d.time);
    expect(times).toHaveLength(29 + 4);
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(expiry?.data).toContainEqual({ time: 24_512.5, value: expiryPnl(24_512.5) });
    expect(today?.data).toContainEqual({ time: 24_700, value: todayPnl(24_700) });
    expect(expiry?.lines.map((line) => line.options.price)).toEqual([0, -13_852.5]);
    expect(today?.markers).toEqual([
      expect.objectContaining({ time: 24_310, text: "Now", position: "belowBar" }),
      expect.objectContaining({ time: 24_310, text: "Entry", position: "aboveBar" }),
      expect.objectContaining({ time: 24_420.75, text: "Target" }),
      expect.objectContaining({ time: 24_512.5, text: "BE" }),
    ]);
    // The legend names each marker's colour too.
    const legend = card.getByText("At expiry").closest("ul") as HTMLElement;
    expect(
      within(legend)
        .getAllByRole("listitem")
        .map((item) => item.textContent),
    ).toEqual(["At expiry", "Today (16 days left)", "▲Now", "▲BE", "▼Entry", "▼Target"]);
    width.mockRestore();
  });

  it("on a narrow screen leaves the markers' words to the legend", async () => {
    vi.spyOn(HTMLElement.prototype, "clientWidth", "get").mockReturnValue(328);
    renderCard();
    const chart = await drawnChart();
    const markers = chart.series[1]?.markers as { text: string; time: number }[];
    expect(markers.map((m) => m.time)).toEqual([24_310, 24_310, 24_420.75, 24_512.5]);
    expect(markers.every((m) => m.text === "")).toBe(true);
    vi.restoreAllMocks();
  });

  it("holds the same values in a table and a CSV download", async () => {
    const user = userEvent.setup();
    renderCard();
    const card = within(await screen.findByRole("region", { name: "Payoff" }));
    await user.click(await card.findByText("Payoff table"));
    const table = card.getByRole("table", {
      name: "P&L of NIFTY 26 MAR 2026 24300 CE by the NIFTY level, after charges",
    });
    const rows = within(table).getAllByRole("row").slice(1);
    // Every third point of 29 (0, 3, … 27) and the last, then the five marks.
    expect(rows).toHaveLength(10 + 1 + 5);
    const breakEven = rows.find((row) => within(row).queryByText("Break-even"));
    expect(within(breakEven as HTMLElement).getByRole("rowheader").textContent).toBe("24,512.5");
    expect(within(breakEven as HTMLElement).getAllByRole("cell")[0]?.textContent).toBe("-₹40");
    const first = within(rows[0] as HTMLElement);
    expect(first.getByRole("rowheader").textContent).toBe("24,000");
    expect(first.getAllByRole("cell")[0]?.textContent).toBe("-₹13,852.5");

    const link = card.getByRole("link", { name: "Download CSV" });
    expect(link.getAttribute("download")).toBe("kalpa-payoff-nifty-26-mar-2026-24300-ce.csv");
    const href = link.getAttribute("href") ?? "";
    expect(href.startsWith("data:text/csv;charset=utf-8,")).toBe(true);
    const csv = decodeURIComponent(href.slice("data:text/csv;charset=utf-8,".length));
    const lines = csv.trimEnd().split("\n");
    expect(lines[0]).toBe("underlying,pnl_at_expiry,pnl_today,level");
    expect(lines).toHaveLength(1 + 29 + 5);
    expect(lines).toContain("24512.50,-40.00,2897.50,Break-even");
    expect(lines[1]).toBe("24000.00,-13852.50,-11352.50,");
  });

  it("says when the payoff could not be loaded, and tries again on request", async () => {
    const user = userEvent.setup();
    let answers = 0;
    renderCard(() => (++answers === 1 ? fail(500, "Something went wrong.") : ok(PAYOFF)));
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("The payoff could not be loaded.");
    await user.click(within(alert).getByRole("button", { name: "Try again" }));
    expect(await screen.findByText(/^Maximum loss: ₹13,852.5/)).toBeTruthy();
    expect(answers).toBe(2);
  });
});
