import { TICKER_SPEED_PX_PER_SECOND } from "@kalpa/contracts/constants";
import { render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { tickerDurationSeconds } from "../utils/ticker-duration";
import { MarketTicker } from "./market-ticker";

describe("tickerDurationSeconds", () => {
  it("is (content width + container width) / 80 seconds", () => {
    expect(TICKER_SPEED_PX_PER_SECOND).toBe(80);
    expect(tickerDurationSeconds(600, 360)).toBe(12);
    expect(tickerDurationSeconds(1000, 1440)).toBe(30.5);
    expect(tickerDurationSeconds(0, 0)).toBe(0);
  });
});

describe("MarketTicker", () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("says live prices are loading, and shows no price until they arrive", () => {
    render(<MarketTicker snapshots={null} />);
    const ticker = screen.getByRole("region", { name: "Live market prices" });
    expect(within(ticker).getByRole("status").textContent).toBe("Loading live prices…");
    expect(ticker.textContent).not.toMatch(/\d/);
  });

  it("says so when the prices are unavailable", () => {
    render(<MarketTicker snapshots={null} unavailable />);
    const ticker = screen.getByRole("region", { name: "Live market prices" });
    expect(within(ticker).getByRole("status").textContent).toBe(
      "Live prices are unavailable right now. Please try again later.",
    );
    expect(ticker.textContent).not.toMatch(/\d/);
  });

  it("keeps its note beside the prices, outside the scrolling row", () => {
    render(
      <MarketTicker
        snapshots={[{ symbol: "NIFTY", ltp: 24350, percentChange: 0.1 }]}
        note={<span>Simulated data</span>}
      />,
    );
    const ticker = screen.getByRole("region", { name: "Live market prices" });
    expect(within(ticker).getByText("Simulated data")).toBeTruthy();
    expect(screen.getByTestId("ticker-track").textContent).not.toContain("Simulated data");
  });

  it("shows each snapshot's last price in Indian format and its change with a green or red sign", () => {
    render(
      <MarketTicker
        snapshots={[
          { symbol: "NIFTY", ltp: 24350.456, percentChange: 0.42 },
          { symbol: "BANKNIFTY", ltp: 51234.5, percentChange: -1.256 },
          { symbol: "CRUDEOIL", ltp: 6120, percentChange: 0 },
        ]}
      />,
    );
    const items = within(screen.getByRole("region", { name: "Live market prices" })).getAllByRole(
      "listitem",
    );
    expect(items.map((item) => item.textContent)).toEqual([
      "NIFTY24,350.46up +0.42%",
      "BANKNIFTY51,234.5down −1.26%",
      "CRUDEOIL6,120up +0%",
    ]);
    const change = (item: HTMLElement | undefined) => item?.lastElementChild?.className ?? "";
    expect(change(items[0])).toContain("text-accent-400");
    expect(change(items[1])).toContain("text-rose-400");
    expect(screen.queryByRole("status")).toBeNull();
  });

  it("scrolls for (content width + container width) / 80 seconds, measured from the page", () => {
    vi.spyOn(HTMLElement.prototype, "scrollWidth", "get").mockReturnValue(840);
    vi.spyOn(HTMLElement.prototype, "clientWidth", "get").mockReturnValue(360);
    render(<MarketTicker snapshots={[{ symbol: "NIFTY", ltp: 24350, percentChange: 0.1 }]} />);
    expect(screen.getByTestId("ticker-track").getAttribute("data-duration")).toBe("15");
  });
});
