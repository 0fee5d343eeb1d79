/**
 * The option chain card as a subscriber and a screen reader read it: calls, strike, puts under proper
 * headers; the signal's contract marked in words (not by colour alone); the at-the-money strike and the
 * forward marked; "Model prices" on the simulator, open interest columns only on a broker's feed.
 */
import type { ChainSide, OptionChainPayload } from "@kalpa/contracts/api/option-chain";
import { render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { OptionChainView } from "./option-chain";

const side = (ltp: number, delta: number, quoted = false): ChainSide => ({
  ltp,
  bid: ltp - 0.05,
  ask: ltp + 0.05,
  iv: 0.1234,
  delta,
  gamma: 0.00042,
  theta: -3.21,
  vega: 12.5,
  oi: quoted ? 125_000 : null,
  oiChange: quoted ? -5_000 : null,
  quoted,
});

function chainOf(overrides: Partial<OptionChainPayload> = {}): OptionChainPayload {
  const strikes = Array.from({ length: 21 }, (_, i) => 25_500 + i * 50);
  return {
    instrument: "nifty",
    symbol: "NIFTY",
    expiry: "2026-12-01",
    at: Date.UTC(2026, 10, 27, 5, 0),
    source: "model",
    underlying: 25_990,
    forward: 26_012.4,
    atmStrike: 26_000,
    strikeStep: 50,
    signal: { model: "Nifty:KalpaVruksha", strike: 26_050, optionType: "PE" },
    volatility: {
      label: "NIFTY at-the-money IV",
      value: 0.107,
      source: "model",
      percentile: null,
      historyDays: 3,
      note: "Not enough history (3 days): a percentile needs 20.",
    },
    rows: strikes.map((strike, i) => ({
      strike,
      call: side(500 - i * 20, 0.9 - i * 0.04),
      put: side(20 + i * 20, -0.1 - i * 0.04),
    })),
    ...overrides,
  };
}

describe("OptionChainView", () => {
  it("lays calls, strike and puts out under scoped headers with a caption", () => {
    render(<OptionChainView chain={chainOf()} />);
    const table = screen.getByRole("table");
    expect(table.querySelector("caption")?.textContent).toContain(
      "NIFTY options expiring 1 Dec 2026: calls on the left, strike in the centre, puts on the right, ten strikes either side of the signal's strike.",
    );
    expect(within(table).getByRole("columnheader", { name: "Calls" })?.getAttribute("scope")).toBe(
      "colgroup",
    );
    expect(within(table).getByRole("columnheader", { name: "Strike" })?.getAttribute("scope")).toBe(
      "col",
    );
    // 21 strikes, each a row header.
    const strikes = within(table).getAllByRole("rowheader");
    expect(strikes).toHaveLength(21);
    expect(strikes[0]?.textContent).toContain("25,500");
    for (const header of strikes) expect(header?.getAttribute("scope")).toBe("row");
    // Ten columns a side; on the simulator the open interest ones are dashes, and the note says why.
    expect(within(table).getAllByRole("columnheader", { name: "Delta" })).toHaveLength(2);
    expect(within(table).getAllByRole("columnheader", { name: "OI" })).toHaveLength(2);
    const firstRow = strikes[0]?.closest("tr") as HTMLElement;
    const cells = within(firstRow)
      .getAllByRole("cell")
      .map((c) => c.textContent);
    // Calls mirror the puts: OI change, OI first on the left, OI, OI change last on the right.
    expect([cells[0], cells[1], cells.at(-2), cells.at(-1)]).toEqual(["—", "—", "—", "—"]);
    expect(
      screen.getAllByText(/The simulator has no open interest, so its OI columns are empty/).length,
    ).toBeGreaterThan(0);
  });

  it("marks the signal's contract, the at-the-money strike and the forward in words", () => {
    render(<OptionChainView chain={chainOf()} />);
    const signalRow = screen.getByRole("rowheader", { name: /26,050/ }).closest("tr");
    expect(signalRow?.getAttribute("aria-current")).toBe("true");
    expect(signalRow?.textContent).toContain("◆ Signal PE");
    expect(screen.getByRole("rowheader", { name: /26,000/ })?.textContent).toContain("ATM");
    expect(screen.getByRole("rowheader", { name: /25,950/ }).textContent).not.toContain("ATM");
    // The forward 26,012.4 falls between 26,000 and 26,050: its row sits there.
    const rows = screen.getAllByRole("row").map((row) => row.textContent ?? "");
    const forward = rows.findIndex((text) => text.includes("Forward 26,012.4"));
    expect(rows[forward - 1]).toContain("26,000");
    expect(rows[forward + 1]).toContain("26,050");
    // The put's LTP at the signal's strike is the 12th strike's: 20 + 11 × 20.
    const cells = within(signalRow as HTMLElement).getAllByRole("cell");
    expect(cells.map((c) => c.textContent)).toContain("240.00");
  });

  it("labels the model's prices, and says a percentile needs history", () => {
    render(<OptionChainView chain={chainOf()} />);
    expect(screen.getByText("Model prices")).toBeTruthy();
    expect(screen.getByText(/NIFTY at-the-money IV 10.7%/)).toBeTruthy();
    expect(screen.getByTestId("option-chain-iv-percentile").textContent).toBe(
      "Not enough history (3 days) A percentile needs at least 20 daily values, recorded at each session's close.",
    );
    expect(
      screen.getByText(
        /India VIX is not on our feed: this is NIFTY's own at-the-money implied volatility, from the model's surface/,
      ),
    ).toBeTruthy();
  });

  it("on a broker's feed shows open interest and the percentile, and no model label", () => {
    const chain = chainOf({
      source: "broker",
      signal: null,
      volatility: {
        label: "NIFTY at-the-money IV",
        value: 0.14,
        source: "broker",
        percentile: 83,
        historyDays: 240,
        note: null,
      },
    });
    chain.rows = chain.rows.map((row) => ({ ...row, call: side(row.call.ltp, 0.5, true) }));
    render(<OptionChainView chain={chain} />);
    expect(screen.queryByText("Model prices")).toBeNull();
    expect(screen.getByText("Broker quotes")).toBeTruthy();
    expect(screen.getAllByRole("columnheader", { name: "OI" })).toHaveLength(2);
    expect(screen.getAllByText("1,25,000").length).toBe(21);
    expect(screen.getAllByText("-5,000").length).toBe(21);
    expect(screen.getByText("IV percentile (1 year): 83")).toBeTruthy();
    expect(
      screen.getByText(/from the broker's quotes of the at-the-money call and put/),
    ).toBeTruthy();
    expect(screen.getByRole("table").querySelector("caption")?.textContent).toContain(
      "either side of the at-the-money strike",
    );
  });

  it("lets the keyboard reach the scrolling table", () => {
    render(<OptionChainView chain={chainOf()} />);
    const region = screen.getByRole("region", { name: "Option chain table, scrolls sideways" });
    expect(region?.getAttribute("tabindex")).toBe("0");
    expect(region.contains(screen.getByRole("table"))).toBe(true);
  });
});
