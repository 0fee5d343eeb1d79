import { readFileSync } from "node:fs";
import path from "node:path";
import { APP_ROUTES } from "@kalpa/contracts/routes";
import { describe, expect, it } from "vitest";
import { CONSENT_CHECK_SCRIPT } from "../src/features/consent/consent-preview";
import { NOT_FOUND_ROUTE, routeModules, withConsentPreview } from "./page-shells";

const ROUTER = path.join(import.meta.dirname, "../src/app/router.tsx");

describe("the page shells' route table", () => {
  it("finds the page module of every route in the router, and the not-found page", () => {
    const modules = routeModules(readFileSync(ROUTER, "utf8"));
    for (const route of APP_ROUTES) expect(modules.get(route.path), route.path).toBeTruthy();
    expect(modules.get(NOT_FOUND_ROUTE)).toBe("not-found");
    expect(modules.get("/")).toBe("home");
    expect(modules.get("/policies/:policyType?")).toBe("policies");
    expect(modules.size).toBe(APP_ROUTES.length + 1);
  });

  it("reads entries the formatter wrapped over several lines", () => {
    const source = `const PAGES = {
  "/trading-services": () =>
    import("./routes/trading-services").then((m) => m.TradingServicesRoute),
};
lazyRoute("*", () => import("./routes/not-found").then((m) => m.NotFoundRoute))`;
    expect([...routeModules(source)]).toEqual([
      ["/trading-services", "trading-services"],
      ["*", "not-found"],
    ]);
  });
});

describe("the consent preview in every shell", () => {
  it("runs the check in <head> and paints the preview beside the app's root", () => {
    const shell = withConsentPreview(
      '<html><head><title>Kalpa</title></head><body><div id="root"></div><noscript>On</noscript></body></html>',
    );
    const head = shell.slice(0, shell.indexOf("</head>"));
    expect(head).toContain(`<script>${CONSENT_CHECK_SCRIPT}</script>`);
    expect(head).toContain("#consent-preview{display:none}");
    const body = shell.slice(shell.indexOf("<body>"));
    expect(body.indexOf('<div id="root"></div>')).toBeLessThan(
      body.indexOf('id="consent-preview"'),
    );
    expect(body.indexOf('id="consent-preview"')).toBeLessThan(body.indexOf("<noscript>"));
    expect(body).toContain("Welcome to Kalpa");
  });

  it("refuses a shell it cannot place them in", () => {
    expect(() => withConsentPreview("<html><body></body></html>")).toThrow(/consent preview/);
  });
});
