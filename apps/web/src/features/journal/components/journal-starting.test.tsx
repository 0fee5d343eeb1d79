/**
 * Just after a first start the server answers the journal with 503 STARTING while it writes it (decision
 * 019): the page keeps its loading state and asks again, and never says there are no paper trades.
 */
import { SERVER_MESSAGES } from "@kalpa/contracts/messages";
import { render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { AppProviders } from "@/app/providers";
import { createQueryClient } from "@/lib/query-client";
import { FakeSocket } from "@/test/fake-socket";
import { dayGroup, EMPTY_ANALYTICS, EMPTY_STATS, paperTrade, VERIFIED } from "@/test/journal";
import { fail, installMockApi, type MockReply, ok } from "@/test/mock-api";
import { JournalPage } from "./journal-page";

/** The server's answer while it is still writing (Retry-After 1 s rather than its 2, to keep the test short). */
function starting(): MockReply {
  return {
    ...fail(503, SERVER_MESSAGES.starting, "STARTING"),
    headers: { "Retry-After": "1" },
  };
}

describe("the journal while the server is starting", () => {
  it("shows its loading state, never the empty message, and then the days", async () => {
    let ready = false;
    const api = installMockApi({
      "GET /api/paper/history": () =>
        ready ? ok([dayGroup("2026-11-20", [paperTrade({ id: "s1" })])]) : starting(),
      "GET /api/paper/stats": () =>
        ready ? ok({ ...EMPTY_STATS, trades: 1, wins: 1, winRate: 1 }) : starting(),
      "GET /api/paper/analytics": () => (ready ? ok(EMPTY_ANALYTICS) : starting()),
      "GET /api/ledger/verify": () => (ready ? ok(VERIFIED) : starting()),
    });
    render(
      <MemoryRouter initialEntries={["/paper-trade"]}>
        {/* The app's own query client: its retry rules are what is under test. */}
        <AppProviders
          queryClient={createQueryClient()}
          createUserSocket={() => new FakeSocket().asSocket()}
        >
          <JournalPage />
        </AppProviders>
      </MemoryRouter>,
    );
    expect(await screen.findByText("Loading the journal…")).toBeTruthy();
    // Asked again and again while starting, still loading, with no error and no empty journal.
    await expect
      .poll(() => api.callsTo("GET /api/paper/history").length, { timeout: 5000 })
      .toBeGreaterThan(2);
    expect(screen.getByText("Loading the journal…")).toBeTruthy();
    expect(screen.queryByTestId("journal-empty")).toBeNull();
    expect(screen.queryByText(/could not be loaded/)).toBeNull();
    ready = true;
    expect(await screen.findAllByTestId("journal-day", {}, { timeout: 3000 })).toHaveLength(1);
    expect(screen.queryByTestId("journal-empty")).toBeNull();
    expect(screen.queryByText("Loading the journal…")).toBeNull();
  });
});
