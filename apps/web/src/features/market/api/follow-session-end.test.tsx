/**
 * A replay's clock jumps from a recorded session's close to the next one's open: the screen asks for the
 * clock again when the session ends, although the socket keeps writing prices into the same cache entry
 * (which would restart, and so starve, a refetch interval).
 */
import type { MarketOverview } from "@kalpa/contracts/api/market";
import { QueryClientProvider } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { createQueryClient } from "@/lib/query-client";
import { TEST_MARKET } from "@/test/market";
import { installMockApi, ok } from "@/test/mock-api";
import { marketDataNote } from "../components/simulated-data-label";
import {
  type LiveMarketOverview,
  marketOverviewQueryKey,
  useMarketOverview,
} from "./get-market-overview";

const at = (instant: string) => Date.parse(`${instant}+05:30`);
/** 1 Jan 2024, 15:29:59 at 1×: the session ends in one real second. */
const FIRST: MarketOverview = {
  ...TEST_MARKET,
  feed: { kind: "replay", simulated: true, stalled: [] },
  clock: {
    now: at("2024-01-01T15:29:59"),
    speed: 1,
    simulated: true,
    sessionEnd: at("2024-01-01T15:30:00"),
  },
};
const NEXT: MarketOverview = {
  ...FIRST,
  clock: { ...FIRST.clock, now: at("2024-01-02T09:15:01"), sessionEnd: at("2024-01-02T15:30:00") },
};

function Note() {
  const { data } = useMarketOverview();
  return <div data-testid="note">{marketDataNote(data)}</div>;
}

describe("a replay's clock on screen", () => {
  it("moves to the next recorded session when its session ends, while the socket keeps updating", async () => {
    const answers = [FIRST, NEXT];
    let asked = 0;
    installMockApi({ "GET /api/market/snapshots": () => ok(answers[Math.min(asked++, 1)]) });
    const queryClient = createQueryClient();
    render(
      <QueryClientProvider client={queryClient}>
        <Note />
      </QueryClientProvider>,
    );
    expect((await screen.findByTestId("market-data-source")).textContent).toContain(
      "Recorded market data of 1 Jan 2024",
    );
    // The socket's price updates: a new object in the cache entry every 100 ms.
    const socket = setInterval(() => {
      queryClient.setQueryData<LiveMarketOverview>(
        marketOverviewQueryKey,
        (current) => current && { ...current, snapshots: [...current.snapshots] },
      );
    }, 100);
    try {
      await screen.findByText(/Recorded market data of 2 Jan 2024/, {}, { timeout: 4000 });
    } finally {
      clearInterval(socket);
    }
    expect(asked).toBe(2);
  });
});
