import { APP_ROUTES } from "@kalpa/contracts/routes";
import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { activeUntil, testStatus } from "@/test/access";
import { renderApp, TEST_SITE } from "@/test/render-app";
import { appRoutes } from "./router";

/** A concrete URL for each route pattern, and the heading its page must show. */
const CASES = APP_ROUTES.map((route) =>
  route.path === "/policies/:policyType?"
    ? { path: "/policies/terms", heading: "Terms of Service" }
    : route.path === "/models/:model?"
      ? { path: "/models", heading: "Model Cards" }
      : route.path === "/"
        ? { path: route.path, heading: "Model-driven research for NIFTY, BANKNIFTY and Crude Oil" }
        : // The dashboard's heading is its greeting (spec section 1).
          route.path === "/dashboard"
          ? { path: route.path, heading: "Welcome, Asha Rao" }
          : // The live screens share the spec's header.
            route.path.startsWith("/live-trade")
            ? { path: route.path, heading: "Model-Generated Analytics" }
            : { path: route.path, heading: route.title },
);

/** A subscriber to every instrument, so that the live routes show their page. */
const SUBSCRIBER = testStatus({
  subscriptions: {
    Nifty: activeUntil("2026-04-09", 30),
    BankNifty: activeUntil("2026-04-09", 30),
    CrudeOil: activeUntil("2026-04-09", 30),
  },
});

/**
 * The spec's route table (section 2) and the operator console, written out by hand so that a route lost
 * anywhere fails here.
 */
const SPEC_PATHS = [
  "/",
  "/pricing",
  "/login",
  "/signup",
  "/contact",
  "/help",
  "/logout",
  "/faq",
  "/paper-trade",
  "/forecasts",
  "/models/:model?",
  "/policies/:policyType?",
  "/disclosures",
  "/investor-charter",
  "/terms-summary",
  "/complaints",
  "/record",
  "/alerts/unsubscribe",
  "/dashboard",
  "/trading-services",
  "/whatsapp-contact",
  "/profile",
  "/settings",
  "/live-trade",
  "/live-trade/banknifty",
  "/live-trade/banknifty/kalpavruksha",
  "/live-trade/banknifty/hft",
  "/live-trade/nifty",
  "/live-trade/crudeoil",
  "/admin",
];

describe("routes", () => {
  it("registers exactly the spec's routes, each lazily, plus a catch-all not-found page", () => {
    expect(appRoutes.map((route) => route.path).sort()).toEqual([...SPEC_PATHS, "*"].sort());
    for (const route of appRoutes) expect(typeof route.preload).toBe("function");
  });

  it.each(CASES)("$path shows the heading “$heading”", async ({ path, heading }) => {
    renderApp(path, { status: SUBSCRIBER });
    expect(await screen.findByRole("heading", { level: 1, name: heading })).toBeTruthy();
    expect(screen.queryByRole("heading", { name: "Page not found" })).toBeNull();
  });

  it("titles the document “<title> · <brand>” with the brand from /api/site", async () => {
    renderApp("/paper-trade");
    await screen.findByRole("heading", { level: 1, name: "Paper Trade Journal" });
    await waitFor(() =>
      expect(document.title).toBe(`Paper Trade Journal · ${TEST_SITE.brandName}`),
    );
  });

  it("falls back to the brand “Kalpa” in the title while /api/site has not answered", async () => {
    renderApp("/pricing", { site: "pending" });
    await screen.findByRole("heading", { level: 1, name: "Research Access Plans" });
    await waitFor(() => expect(document.title).toBe("Research Access Plans · Kalpa"));
  });

  it("says on the pricing page what the plan costs, formatted the Indian way", async () => {
    renderApp("/pricing");
    expect(await screen.findByText(/₹4,999 per month per instrument/)).toBeTruthy();
  });
});

describe("policies", () => {
  it.each([
    ["/policies/privacy", "Privacy Policy"],
    ["/policies/terms", "Terms of Service"],
    ["/policies/disclaimer", "Disclaimer"],
    ["/policies/cookie", "Cookie Policy"],
    ["/policies/Terms", "Terms of Service"],
  ])("%s shows %s", async (path, heading) => {
    renderApp(path);
    expect(await screen.findByRole("heading", { level: 1, name: heading })).toBeTruthy();
  });

  it.each(["/policies/bogus", "/policies"])("%s falls back to the privacy policy", async (path) => {
    renderApp(path);
    expect(await screen.findByRole("heading", { level: 1, name: "Privacy Policy" })).toBeTruthy();
    const tabs = screen.getByRole("navigation", { name: "All policies" });
    const current = tabs.querySelector('[aria-current="page"]');
    expect(current?.textContent).toBe("Privacy Policy");
    expect(current?.getAttribute("href")).toBe("/policies/privacy");
  });
});

describe("unknown paths", () => {
  it.each(["/nope", "/live-trade/gold", "/dashboard/extra/segments"])(
    "%s shows “Page not found” with a way home",
    async (path) => {
      renderApp(path);
      expect(await screen.findByRole("heading", { level: 1, name: "Page not found" })).toBeTruthy();
      const home = screen.getByRole("link", { name: "Back to Home" });
      expect(home.getAttribute("href")).toBe("/");
    },
  );
});
