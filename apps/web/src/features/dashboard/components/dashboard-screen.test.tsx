import type { AccessKey } from "@kalpa/contracts/names";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter, Route, Routes } from "react-router";
import { describe, expect, it } from "vitest";
import { installMockApi, ok } from "@/test/mock-api";
import { createTestRouter } from "@/test/test-router";
import { DashboardScreen } from "./dashboard-screen";

const PROFILE = {
  name: "Asha Rao",
  username: "asha_rao",
  email: "asha@example.com",
  mobile: "9876543210",
  profileImage: null,
};

/** The screen alone, with the access the route passes in. */
function renderScreen(access: ReadonlySet<AccessKey>) {
  installMockApi({ "GET /api/profile": () => ok(PROFILE) });
  const { router, RouterProbe } = createTestRouter();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={["/dashboard?section=trading-services"]}>
        <Routes>
          <Route
            path="/dashboard"
            element={
              <DashboardScreen
                brandName="Acme"
                contact={null}
                settings={null}
                markets={null}
                forecasting={null}
                paperTrade={null}
                access={access}
              />
            }
          />
          <Route path="*" element={<p>elsewhere</p>} />
        </Routes>
        <RouterProbe />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return router;
}

describe("dashboard services", () => {
  it("open the instrument's live page when the user has access, and the lock prompt when not", async () => {
    const user = userEvent.setup();
    const router = renderScreen(new Set<AccessKey>(["BankNifty"]));
    await user.click(await screen.findByRole("button", { name: "Open Nifty" }, { timeout: 5000 }));
    expect(await screen.findByRole("dialog", { name: "Contribution Required" })).toBeTruthy();
    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());

    await user.click(screen.getByRole("button", { name: "Open BankNifty" }));
    await waitFor(() =>
      expect(router.location.pathname).toBe("/live-trade/banknifty/kalpavruksha"),
    );
  });

  it("without FAQ controls, the FAQ item links to the /faq page", async () => {
    renderScreen(new Set());
    await screen.findByRole("button", { name: "Open Nifty" }, { timeout: 5000 });
    expect(screen.getByRole("link", { name: "FAQ" }).getAttribute("href")).toBe("/faq");
  });
});
