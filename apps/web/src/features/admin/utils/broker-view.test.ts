import { describe, expect, it } from "vitest";
import {
  canDisconnect,
  connectAction,
  formatBrokerMoment,
  formatBrokerTime,
  loginHref,
} from "./broker-view";

/** 20 Nov 2026, 14:05:09 in India. */
const NOW = Date.parse("2026-11-20T14:05:09+05:30");

describe("the Broker view's buttons", () => {
  it("offers Connect when a login is needed or failed, Reconnect when connected, nothing otherwise", () => {
    expect(connectAction("login-needed")).toBe("connect");
    expect(connectAction("error")).toBe("connect");
    expect(connectAction("connected")).toBe("reconnect");
    expect(connectAction("connecting")).toBeNull();
    expect(connectAction("off")).toBeNull();
  });

  it("offers Disconnect only while there is a connection to forget", () => {
    expect(
      ["off", "login-needed", "connecting", "connected", "error"].map((state) =>
        canDisconnect(state as Parameters<typeof canDisconnect>[0]),
      ),
    ).toEqual([false, false, true, true, true]);
  });

  it("goes to the server's login path on this site, never elsewhere", () => {
    expect(loginHref({ loginPath: "/api/admin/broker/kite/login" })).toBe(
      "/api/admin/broker/kite/login",
    );
    expect(loginHref({ loginPath: "https://evil.example/login" })).toBe(
      "/api/admin/broker/kite/login",
    );
    expect(loginHref({ loginPath: "//evil.example/login" })).toBe("/api/admin/broker/kite/login");
    expect(loginHref({ loginPath: "javascript:alert(1)" })).toBe("/api/admin/broker/kite/login");
  });
});

describe("the Broker view's times", () => {
  it("writes today's instants to the second, and other days' with their date, in India", () => {
    expect(formatBrokerTime(NOW - 4_000, NOW)).toBe("14:05:05 IST");
    expect(formatBrokerTime(Date.parse("2026-11-19T15:29:58+05:30"), NOW)).toBe(
      "19 Nov 2026, 15:29 IST",
    );
    expect(formatBrokerMoment(Date.parse("2026-11-21T06:00:00+05:30"))).toBe(
      "21 Nov 2026, 06:00 IST",
    );
  });
});
