import { act, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { FakeSocket } from "@/test/fake-socket";
import { TEST_MARKET, TEST_MARKET_NOW } from "@/test/market";
import { fail, ok } from "@/test/mock-api";
import { renderApp } from "@/test/render-app";

/** The first wait loads the lazy route module, which takes a while on a busy machine. */
const SLOW = { timeout: 5000 };

function ticker() {
  return screen.getByRole("region", { name: "Live market prices" });
}

async function tickerPrices(): Promise<string[]> {
  const items = await within(
    await screen.findByRole("region", { name: "Live market prices" }, SLOW),
  ).findAllByRole("listitem", {}, SLOW);
  return items.map((item) => item.textContent ?? "");
}

/** The prices on show now. */
function prices(): string[] {
  return within(ticker())
    .getAllByRole("listitem")
    .map((item) => item.textContent ?? "");
}

function home(options: Parameters<typeof renderApp>[1] = {}) {
  return renderApp("/", { session: null, ...options });
}

describe("the landing ticker", () => {
  it("paints the overview's prices first, in the product's order, each change green or red", async () => {
    const reversed = { ...TEST_MARKET, snapshots: [...TEST_MARKET.snapshots].reverse() };
    home({ market: () => ok(reversed) });
    expect(await tickerPrices()).toEqual([
      "NIFTY24,350.45up +0.42%",
      "BANKNIFTY51,234.5down −1.26%",
      "CRUDEOIL6,120up +0.2%",
    ]);
    const changes = within(ticker())
      .getAllByRole("listitem")
      .map((item) => item.lastElementChild?.className ?? "");
    expect(changes[0]).toContain("text-accent-400");
    expect(changes[1]).toContain("text-rose-400");
  });

  it("says it is loading until the overview answers, and shows no price", async () => {
    home({ market: () => new Promise(() => {}) });
    const status = await within(
      await screen.findByRole("region", { name: "Live market prices" }, SLOW),
    ).findByRole("status");
    expect(status.textContent).toBe("Loading live prices…");
    expect(ticker().textContent).not.toMatch(/\d/);
  });

  it("says the prices are unavailable when the overview fails", async () => {
    home({ market: () => fail(503, "Service unavailable", "SERVICE_UNAVAILABLE") });
    const region = await screen.findByRole("region", { name: "Live market prices" }, SLOW);
    await waitFor(() =>
      expect(within(region).getByRole("status").textContent).toBe(
        "Live prices are unavailable right now. Please try again later.",
      ),
    );
    expect(region.textContent).not.toMatch(/\d/);
  });

  it("connects the home socket, asks for the snapshots, and moves the prices with each home-update", async () => {
    const homeSocket = new FakeSocket();
    home({ homeSocket });
    await tickerPrices();
    await waitFor(() => expect(homeSocket.calls).toEqual(["connect"]));
    expect(homeSocket.emitted).toEqual([{ event: "get-snapshots", args: [] }]);

    act(() =>
      homeSocket.serverEmit("home-update", { symbol: "NIFTY", ltp: 24401.1, percentChange: 0.63 }),
    );
    act(() =>
      homeSocket.serverEmit("home-update", {
        symbol: "CRUDEOIL",
        ltp: 6101.5,
        percentChange: -0.1,
      }),
    );
    await waitFor(() =>
      expect(prices()).toEqual([
        "NIFTY24,401.1up +0.63%",
        "BANKNIFTY51,234.5down −1.26%",
        "CRUDEOIL6,101.5down −0.1%",
      ]),
    );
    const crude = within(ticker()).getAllByRole("listitem")[2];
    expect(crude?.lastElementChild?.className).toContain("text-rose-400");

    // After a reconnection it asks again, so the ticker is whole after a gap.
    act(() => {
      homeSocket.disconnect();
      homeSocket.connect();
    });
    expect(homeSocket.emitCount("get-snapshots")).toBe(2);
  });

  it("ignores home-updates that are not valid", async () => {
    const homeSocket = new FakeSocket();
    home({ homeSocket });
    const before = await tickerPrices();
    await waitFor(() => expect(homeSocket.connected).toBe(true));
    act(() => {
      homeSocket.serverEmit("home-update", { symbol: "NIFTY", ltp: "99999", percentChange: 1 });
      homeSocket.serverEmit("home-update", { symbol: "SENSEX", ltp: 80000, percentChange: 1 });
      homeSocket.serverEmit("home-update", { symbol: "NIFTY", ltp: 99999 });
      homeSocket.serverEmit("home-update", null);
    });
    // Updates reach the screen on React Query's next notification; give them the chance.
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(prices()).toEqual(before);
    act(() =>
      homeSocket.serverEmit("home-update", { symbol: "NIFTY", ltp: 24360, percentChange: 0.46 }),
    );
    await waitFor(() => expect(prices()[0]).toBe("NIFTY24,360up +0.46%"));
  });

  it("closes the home socket when the page goes away", async () => {
    const homeSocket = new FakeSocket();
    const { unmount } = home({ homeSocket });
    await tickerPrices();
    await waitFor(() => expect(homeSocket.connected).toBe(true));
    unmount();
    expect(homeSocket.calls.at(-1)).toBe("disconnect");
    expect(homeSocket.listenerCount("home-update")).toBe(0);
    expect(homeSocket.listenerCount("connect")).toBe(0);
  });

  it("says Simulated data, with the simulated market time in India, ticking", async () => {
    // Only the clock and the label's one-second tick are faked: time moves when the test says so.
    vi.useFakeTimers({ toFake: ["Date", "setInterval", "clearInterval"] });
    vi.setSystemTime(Date.UTC(2030, 0, 1));
    home({
      market: () =>
        ok({ ...TEST_MARKET, clock: { now: TEST_MARKET_NOW, speed: 60, simulated: true } }),
    });
    await tickerPrices();
    const region = ticker();
    expect(region.textContent).toContain("Simulated data");
    const time = region.querySelector("time");
    expect(time?.textContent).toBe("Tue, 10 Mar, 2026, 10:42:05 IST");
    expect(time?.getAttribute("dateTime")).toBe("2026-03-10T10:42:05+05:30");
    expect(within(region).getByText("Simulated market time")).toBeTruthy();
    // At 60 times real time, two seconds move the market two minutes.
    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(region.querySelector("time")?.textContent).toBe("Tue, 10 Mar, 2026, 10:44:05 IST");
  });

  it("says Simulated data without a time when only the feed is simulated, and nothing for a broker's feed", async () => {
    const realClock = { ...TEST_MARKET, clock: { now: Date.now(), speed: 1, simulated: false } };
    const first = home({ market: () => ok(realClock) });
    await tickerPrices();
    expect(ticker().textContent).toContain("Simulated data");
    expect(ticker().querySelector("time")).toBeNull();
    first.unmount();

    home({
      market: () => ok({ ...realClock, feed: { kind: "broker", simulated: false, stalled: [] } }),
    });
    await tickerPrices();
    expect(ticker().textContent).not.toContain("Simulated data");
  });

  it("says Stale data and when the last price came, not Simulated data, while a broker's feed is down", async () => {
    const lastPrice = Date.parse("2026-03-10T14:05:40+05:30");
    const realClock = { now: Date.now(), speed: 1, simulated: false };
    home({
      market: () =>
        ok({
          ...TEST_MARKET,
          clock: realClock,
          feed: { kind: "broker", simulated: false, stalled: [], staleSince: lastPrice },
        }),
    });
    await tickerPrices();
    const label = within(ticker()).getByTestId("stale-data");
    expect(label.textContent).toContain("Stale data");
    expect(label.textContent).toContain("Last price at 14:05 IST");
    expect(ticker().textContent).not.toContain("Simulated data");
    // Beside the prices, not scrolling with them.
    expect(screen.getByTestId("ticker-track").textContent).not.toContain("Stale data");
  });

  it("says the prices are delayed, and by how long, when the broker's prices reach visitors late", async () => {
    const realClock = { now: Date.now(), speed: 1, simulated: false };
    home({
      market: () =>
        ok({
          ...TEST_MARKET,
          clock: realClock,
          feed: { kind: "broker", simulated: false, stalled: [], staleSince: null },
          priceDelay: { minutes: 15, symbols: ["NIFTY", "BANKNIFTY", "CRUDEOIL"] },
        }),
    });
    await tickerPrices();
    const label = within(ticker()).getByTestId("price-delay");
    expect(label.textContent).toMatch(/^Prices delayed by 15 minutes /);
    expect(ticker().textContent).not.toContain("Simulated data");
    // Beside the prices, not scrolling with them.
    expect(screen.getByTestId("ticker-track").textContent).not.toContain("delayed");
  });

  it("says when delayed prices will show while the server holds none that old", async () => {
    home({
      market: () =>
        ok({
          ...TEST_MARKET,
          snapshots: [],
          clock: { now: Date.now(), speed: 1, simulated: false },
          feed: { kind: "broker", simulated: false, stalled: [], staleSince: null },
          priceDelay: { minutes: 15, symbols: ["NIFTY", "BANKNIFTY", "CRUDEOIL"] },
        }),
    });
    const region = await screen.findByRole("region", { name: "Live market prices" }, SLOW);
    await waitFor(() =>
      expect(within(region).getByRole("status").textContent).toBe(
        "Prices show here 15 minutes after they are traded.",
      ),
    );
    expect(within(region).getByTestId("price-delay").textContent).toContain(
      "Prices delayed by 15 minutes",
    );
    expect(region.textContent).not.toContain("Loading");
  });

  it("says nothing of a delay when the prices are live", async () => {
    const realClock = { now: Date.now(), speed: 1, simulated: false };
    home({
      market: () =>
        ok({
          ...TEST_MARKET,
          clock: realClock,
          feed: { kind: "broker", simulated: false, stalled: [], staleSince: null },
        }),
    });
    await tickerPrices();
    expect(within(ticker()).queryByTestId("price-delay")).toBeNull();
    expect(ticker().textContent).not.toContain("delayed");
  });
});
