import { describe, expect, it } from "vitest";
import { APP_ROUTES, isAppPath, matchAppRoute } from "./routes";

describe("isAppPath", () => {
  it("knows every route of the spec's table, the public forecasts, the model cards, the alert e-mails' unsubscribe page, the research analyst's pages, the signed record and the operator console", () => {
    expect(APP_ROUTES).toHaveLength(30);
    for (const route of APP_ROUTES) {
      const concrete = route.path
        .replace("/:policyType?", "/terms")
        .replace("/:model?", "/banknifty-hft");
      expect(isAppPath(concrete), concrete).toBe(true);
    }
  });

  it("accepts the policies route with or without a type, and with any type", () => {
    expect(isAppPath("/policies")).toBe(true);
    expect(isAppPath("/policies/cookie")).toBe(true);
    expect(isAppPath("/policies/anything-else")).toBe(true);
    expect(isAppPath("/policies/terms/extra")).toBe(false);
  });

  it("tolerates a trailing slash and rejects everything else", () => {
    expect(isAppPath("/dashboard/")).toBe(true);
    expect(isAppPath("/live-trade/banknifty/other")).toBe(false);
    expect(isAppPath("/dashboardx")).toBe(false);
    expect(isAppPath("/api/health")).toBe(false);
  });
});

describe("matchAppRoute", () => {
  it("names the route pattern a path opens", () => {
    expect(matchAppRoute("/")?.path).toBe("/");
    expect(matchAppRoute("/policies/cookie")?.path).toBe("/policies/:policyType?");
    expect(matchAppRoute("/live-trade/banknifty/hft")?.path).toBe("/live-trade/banknifty/hft");
    expect(matchAppRoute("/live-trade/banknifty")?.path).toBe("/live-trade/banknifty");
    expect(matchAppRoute("/admin")).toMatchObject({ path: "/admin", access: "admin" });
    expect(matchAppRoute("/alerts/unsubscribe")).toMatchObject({ access: "public" });
    expect(matchAppRoute("/models")).toMatchObject({ path: "/models/:model?", access: "public" });
    expect(matchAppRoute("/models/crudeoil-yamuna")?.path).toBe("/models/:model?");
    expect(matchAppRoute("/no/such/page")).toBeUndefined();
  });
});
