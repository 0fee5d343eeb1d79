import type { CalendarStatus, MarketFeedInfo } from "@kalpa/contracts/api/market";
import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { setLanguage } from "@/i18n";
import { TEST_MARKET } from "@/test/market";
import type { LiveMarketOverview } from "../api/get-market-overview";
import { marketDataNote } from "./simulated-data-label";

/** 20 Nov 2026, 14:05:40 in India. */
const LAST_PRICE = Date.parse("2026-11-20T14:05:40+05:30");
const REAL_CLOCK = { now: LAST_PRICE, speed: 1, simulated: false };

function overview(feed: MarketFeedInfo, calendar?: CalendarStatus): LiveMarketOverview {
  return {
    ...TEST_MARKET,
    feed,
    clock: REAL_CLOCK,
    receivedAt: Date.now(),
    ...(calendar ? { calendar } : {}),
  };
}

function renderNote(feed: MarketFeedInfo, calendar?: CalendarStatus) {
  return render(<div data-testid="note">{marketDataNote(overview(feed, calendar))}</div>);
}

describe("what a screen says about its prices", () => {
  it("says Simulated data for a simulated feed, and nothing about staleness", () => {
    renderNote({ kind: "simulated", simulated: true, stalled: [] });
    const note = screen.getByTestId("note");
    expect(note.textContent).toBe("Simulated data");
    expect(screen.queryByTestId("stale-data")).toBeNull();
  });

  it("says nothing while a broker's feed is live", () => {
    renderNote({ kind: "broker", simulated: false, stalled: [], staleSince: null });
    expect(screen.getByTestId("note").textContent).toBe("");
  });

  it("says Stale data with the last price's time in India while a broker's feed is down", () => {
    renderNote({ kind: "broker", simulated: false, stalled: [], staleSince: LAST_PRICE });
    const label = screen.getByTestId("stale-data");
    expect(label.textContent).toContain("Stale data");
    expect(label.textContent).toContain("Last price at 14:05 IST");
    expect(label.textContent).toContain("these prices are not live");
    expect(screen.getByTestId("note").textContent).not.toContain("Simulated data");
    // No live sign: no pulsing dot.
    expect(label.querySelector("[class*='animate-']")).toBeNull();
  });

  it("says both when a simulated feed is also stale", () => {
    renderNote({ kind: "simulated", simulated: true, stalled: [], staleSince: LAST_PRICE });
    const note = screen.getByTestId("note");
    expect(note.textContent).toContain("Simulated data");
    expect(note.textContent).toContain("Last price at 14:05 IST");
  });

  it("says Recorded market data of the replayed session's date, and its time, never Simulated", async () => {
    // 4 Jun 2024, 15:29 in India on a replay at 60×: the session ends at 15:30, and the clock stops there.
    const now = Date.parse("2024-06-04T15:29:00+05:30");
    const clock = { now, speed: 60, simulated: true, sessionEnd: now + 60_000 };
    const replay = (): LiveMarketOverview => ({
      ...overview({ kind: "replay", simulated: true, stalled: [] }),
      clock,
      receivedAt: Date.now() - 10 * 60_000,
    });
    const { unmount } = render(<div data-testid="note">{marketDataNote(replay())}</div>);
    const label = screen.getByTestId("market-data-source");
    expect(label.textContent).toContain("Recorded market data of 4 Jun 2024");
    expect(label.textContent).not.toContain("Simulated data");
    // Ten minutes later at 60× would be past the close: it stays at 15:30 until the clock is asked again.
    expect(label.textContent).toContain("Tue, 4 Jun, 2024, 15:30:00 IST");
    expect(label.textContent).toContain("Replayed market time");
    unmount();
    await setLanguage("te");
    render(<div data-testid="note">{marketDataNote(replay())}</div>);
    expect(screen.getByTestId("market-data-source").textContent).toContain(
      "4, జూన్ 2024 నాటి నమోదైన మార్కెట్ డేటా",
    );
    await setLanguage("en");
  });

  it("says Provisional calendar while the market's day is not on a confirmed calendar", () => {
    const live: MarketFeedInfo = {
      kind: "broker",
      simulated: false,
      stalled: [],
      staleSince: null,
    };
    const provisional = renderNote(live, "provisional");
    const label = screen.getByTestId("provisional-calendar");
    expect(label.textContent).toContain("Provisional calendar");
    expect(label.textContent).toContain("market days and expiries may change");
    provisional.unmount();
    const unknown = renderNote(live, "unknown");
    expect(screen.getByTestId("provisional-calendar")).toBeTruthy();
    unknown.unmount();
    const confirmed = renderNote(live, "confirmed");
    expect(screen.getByTestId("note").textContent).toBe("");
    confirmed.unmount();
    renderNote({ kind: "simulated", simulated: true, stalled: [] }, "provisional");
    expect(screen.getByTestId("note").textContent).toContain("Simulated data");
    expect(screen.getByTestId("note").textContent).toContain("Provisional calendar");
  });

  it("says it in Telugu too", async () => {
    await setLanguage("te");
    renderNote({ kind: "broker", simulated: false, stalled: [], staleSince: LAST_PRICE });
    const label = screen.getByTestId("stale-data");
    expect(label.textContent).toContain("పాత డేటా");
    expect(label.textContent).toContain("14:05 IST");
  });

  it("is nothing before the overview is in", () => {
    expect(marketDataNote(undefined)).toBeNull();
  });

  it("says the prices are delayed, naming the delayed instruments when others are live", () => {
    const broker: MarketFeedInfo = {
      kind: "broker",
      simulated: false,
      stalled: [],
      staleSince: null,
    };
    const { unmount } = render(
      <div data-testid="note">
        {marketDataNote({
          ...overview(broker),
          priceDelay: { minutes: 15, symbols: ["NIFTY", "BANKNIFTY", "CRUDEOIL"] },
        })}
      </div>,
    );
    expect(screen.getByTestId("price-delay").textContent).toMatch(/^Prices delayed by 15 minutes /);
    unmount();
    // A subscriber of NIFTY: BANKNIFTY and CRUDEOIL late, NIFTY live.
    render(
      <div data-testid="note">
        {marketDataNote({
          ...overview(broker),
          priceDelay: { minutes: 1, symbols: ["BANKNIFTY", "CRUDEOIL"] },
        })}
      </div>,
    );
    expect(screen.getByTestId("price-delay").textContent).toMatch(
      /^BANKNIFTY, CRUDEOIL: prices delayed by 1 minute /,
    );
  });
});
