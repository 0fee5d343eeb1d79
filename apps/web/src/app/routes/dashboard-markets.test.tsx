import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { profileOf } from "@/features/profile/api/get-profile";
import { FakeSocket } from "@/test/fake-socket";
import { TEST_MARKET, TEST_MARKET_NOW, TEST_SNAPSHOTS } from "@/test/market";
import { fail, type MockHandler, ok } from "@/test/mock-api";
import { renderApp, TEST_USER } from "@/test/render-app";

/** The first wait loads the lazy route module, which takes a while on a busy machine. */
const SLOW = { timeout: 5000 };

function renderDashboard(options: { market?: MockHandler; socket?: FakeSocket } = {}) {
  return renderApp("/dashboard", {
    session: TEST_USER,
    api: { "GET /api/profile": () => ok(profileOf(TEST_USER)) },
    ...options,
  });
}

function markets() {
  return screen.getByRole("region", { name: "Live markets" });
}

/** The market card of `symbol`, once the figures are in. */
async function card(symbol: string): Promise<HTMLElement> {
  const heading = await screen.findByRole("heading", { level: 3, name: symbol }, SLOW);
  const item = heading.closest("li");
  if (!item) throw new Error(`no card for ${symbol}`);
  return item;
}

/** A card's figures by their labels (Open, High, Low, Close). */
function figures(item: HTMLElement): Record<string, string> {
  const terms = within(item).getAllByRole("term");
  return Object.fromEntries(
    terms.map((term) => [term.textContent ?? "", term.nextElementSibling?.textContent ?? ""]),
  );
}

function lastPrice(item: HTMLElement): string {
  return within(item).getByText("Last price").parentElement?.textContent ?? "";
}

function change(item: HTMLElement): HTMLElement {
  const element = within(item).getByText(/^Change today/).parentElement;
  if (!element) throw new Error("no change line");
  return element;
}

describe("the dashboard's live market cards", () => {
  it("paint the overview: last price, change green or red, open, high, low and the volume under Close", async () => {
    renderDashboard();
    const nifty = await card("NIFTY");
    expect(lastPrice(nifty)).toBe("Last price 24,350.45");
    expect(change(nifty).textContent).toBe("Change today up +101.95 (+0.42%)");
    expect(change(nifty).className).toContain("text-accent-400");
    expect(figures(nifty)).toEqual({
      Open: "24,310.5",
      High: "24,402.25",
      Low: "24,288.1",
      Close: "12,34,567",
    });
    const bank = await card("BANKNIFTY");
    expect(change(bank).textContent).toBe("Change today down −651.75 (−1.26%)");
    expect(change(bank).className).toContain("text-rose-400");
    expect(
      within(markets())
        .getAllByRole("heading", { level: 3 })
        .map((heading) => heading.textContent),
    ).toEqual(["NIFTY", "BANKNIFTY", "CRUDEOIL"]);
  });

  it("show each exchange's market status on its instruments' cards", async () => {
    renderDashboard({
      market: () =>
        ok({
          ...TEST_MARKET,
          statuses: [
            { exchange: 1, status: "Inactive" },
            { exchange: 5, status: "Active" },
          ],
        }),
    });
    expect((await card("NIFTY")).textContent).toContain("NSE market status: Inactive");
    expect((await card("BANKNIFTY")).textContent).toContain("NSE market status: Inactive");
    expect((await card("CRUDEOIL")).textContent).toContain("MCX market status: Active");
  });

  it("use the session's socket: ask for the snapshots, then apply dashboard-update and market-status-update", async () => {
    const socket = new FakeSocket();
    renderDashboard({ socket });
    const crude = await card("CRUDEOIL");
    await waitFor(() => expect(socket.emitCount("get-snapshots")).toBe(1));

    act(() =>
      socket.serverEmit("dashboard-update", {
        ...TEST_SNAPSHOTS[2],
        ltp: 6090.5,
        low: 6088,
        change: -17.5,
        percentChange: -0.29,
        volume: 120000,
      }),
    );
    await waitFor(() => expect(lastPrice(crude)).toBe("Last price 6,090.5"));
    expect(change(crude).textContent).toBe("Change today down −17.5 (−0.29%)");
    expect(change(crude).className).toContain("text-rose-400");
    expect(figures(crude)).toMatchObject({ Low: "6,088", Close: "1,20,000" });

    act(() =>
      socket.serverEmit("market-status-update", { exchange: 5, status: "Active", stalled: true }),
    );
    await waitFor(() =>
      expect(crude.textContent).toContain(
        "Feed paused: prices may be out of date until it resumes.",
      ),
    );
    expect((await card("NIFTY")).textContent).not.toContain("Feed paused");

    act(() => socket.serverEmit("market-status-update", { exchange: 5, status: "Inactive" }));
    await waitFor(() => expect(crude.textContent).toContain("MCX market status: Inactive"));
    expect(crude.textContent).not.toContain("Feed paused");
  });

  it("show a stall the overview reports", async () => {
    renderDashboard({
      market: () =>
        ok({ ...TEST_MARKET, feed: { kind: "simulated", simulated: true, stalled: [1] } }),
    });
    expect((await card("NIFTY")).textContent).toContain("Feed paused");
    expect((await card("CRUDEOIL")).textContent).not.toContain("Feed paused");
  });

  it("ignore socket payloads that are not valid", async () => {
    const socket = new FakeSocket();
    renderDashboard({ socket });
    const nifty = await card("NIFTY");
    const before = nifty.textContent;
    act(() => {
      socket.serverEmit("dashboard-update", { ...TEST_SNAPSHOTS[0], ltp: "25000" });
      socket.serverEmit("dashboard-update", { symbol: "NIFTY", ltp: 25000 });
      socket.serverEmit("dashboard-update", { ...TEST_SNAPSHOTS[0], symbol: "SENSEX" });
      socket.serverEmit("market-status-update", { exchange: 1, status: "Closed" });
      socket.serverEmit("market-status-update", { exchange: 3, status: "Inactive" });
      socket.serverEmit("market-status-update", "Inactive");
    });
    // Updates reach the screen on React Query's next notification; give them the chance.
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(nifty.textContent).toBe(before);
    expect(nifty.textContent).toContain("NSE market status: Active");
  });

  it("ask again after the socket reconnects", async () => {
    const socket = new FakeSocket();
    renderDashboard({ socket });
    await card("NIFTY");
    await waitFor(() => expect(socket.emitCount("get-snapshots")).toBe(1));
    act(() => {
      socket.disconnect();
      socket.connect();
    });
    expect(socket.emitCount("get-snapshots")).toBe(2);
  });

  it("say Simulated data with the simulated market time", async () => {
    vi.useFakeTimers({ toFake: ["Date", "setInterval", "clearInterval"] });
    vi.setSystemTime(Date.UTC(2030, 0, 1));
    renderDashboard();
    await card("NIFTY");
    const region = markets();
    expect(region.textContent).toContain("Simulated data");
    expect(region.querySelector("time")?.textContent).toBe("Tue, 10 Mar, 2026, 10:42:05 IST");
    await act(() => vi.advanceTimersByTimeAsync(3000));
    expect(region.querySelector("time")?.textContent).toBe("Tue, 10 Mar, 2026, 10:42:08 IST");
    expect(TEST_MARKET.clock.now).toBe(TEST_MARKET_NOW);
  });

  it("say Stale data instead of Active, and when the last price came, while a broker's feed is down", async () => {
    const lastPrice = Date.parse("2026-03-10T10:41:00+05:30");
    renderDashboard({
      market: () =>
        ok({
          ...TEST_MARKET,
          statuses: [
            { exchange: 1, status: "Active" },
            { exchange: 5, status: "Inactive" },
          ],
          clock: { ...TEST_MARKET.clock, simulated: false },
          feed: { kind: "broker", simulated: false, stalled: [], staleSince: lastPrice },
        }),
    });
    const nifty = await card("NIFTY");
    expect(nifty.textContent).toContain("NSE market status: Stale data");
    expect(nifty.textContent).not.toContain("Active");
    // A closed exchange is Inactive, stale or not.
    expect((await card("CRUDEOIL")).textContent).toContain("MCX market status: Inactive");
    const label = within(markets()).getByTestId("stale-data");
    expect(label.textContent).toContain("Last price at 10:41 IST");
    expect(markets().textContent).not.toContain("Simulated data");
  });

  it("say Active and nothing about the data's source while a broker's feed is live", async () => {
    renderDashboard({
      market: () =>
        ok({
          ...TEST_MARKET,
          clock: { ...TEST_MARKET.clock, simulated: false },
          feed: { kind: "broker", simulated: false, stalled: [], staleSince: null },
        }),
    });
    expect((await card("NIFTY")).textContent).toContain("NSE market status: Active");
    expect(within(markets()).queryByTestId("stale-data")).toBeNull();
    expect(markets().textContent).not.toContain("Simulated data");
  });

  it("say so when the prices cannot be loaded, and Retry loads them", async () => {
    const user = userEvent.setup();
    let failing = true;
    renderDashboard({
      market: () => (failing ? fail(500, "Something broke", "INTERNAL_ERROR") : ok(TEST_MARKET)),
    });
    const alert = await within(
      await screen.findByRole("region", { name: "Live markets" }, SLOW),
    ).findByRole("alert");
    expect(alert.textContent).toContain("Market prices are unavailable right now.");
    expect(markets().textContent).not.toMatch(/\d{2},\d{3}/);
    failing = false;
    await user.click(within(alert).getByRole("button", { name: "Retry" }));
    expect(lastPrice(await card("NIFTY"))).toBe("Last price 24,350.45");
  });

  it("show placeholders, and no figures, while the overview loads", async () => {
    renderDashboard({ market: () => new Promise(() => {}) });
    await screen.findByRole("heading", { level: 1, name: "Welcome, Asha Rao" }, SLOW);
    const region = markets();
    expect(within(region).getByRole("status").textContent).toBe("Loading market prices…");
    expect(within(region).getByRole("list").getAttribute("aria-busy")).toBe("true");
    expect(region.textContent).not.toMatch(/\d{2},\d{3}/);
  });
});
