import { randomBytes } from "node:crypto";
import { mkdtemp, readFile, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseIndiaTime } from "@kalpa/market/time/india-time";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createSecretBox, loadSecretsKey } from "../../../lib/secret-box";
import type { BrokerSessionStore } from "../broker-sessions";
import type { KiteApi } from "./kite-api";
import { createKiteLogin, KiteLoginRefused, LOGIN_STATE_TTL_MS } from "./kite-login";
import { kiteTokenExpiry } from "./kite-token";

const config = {
  apiKey: "kalpa_key",
  apiSecret: "kalpa_secret",
  root: "http://127.0.0.1:1",
  wsRoot: "ws://127.0.0.1:1/",
  loginUrl: "https://kite.example/connect/login",
};

function setup() {
  const saved: Array<Parameters<BrokerSessionStore["save"]>[1]> = [];
  const sessions = {
    save: vi.fn(async (_broker: string, session: Parameters<BrokerSessionStore["save"]>[1]) => {
      saved.push(session);
    }),
  } as unknown as BrokerSessionStore;
  const api = {
    generateSession: vi.fn(async (requestToken: string) => {
      if (requestToken !== "good-token") throw new Error("Token is invalid or has expired.");
      return { accessToken: "access-1", userId: "AB1234", loginTime: "2026-11-25 08:15:00" };
    }),
  } as unknown as KiteApi;
  const login = createKiteLogin({ config, api, sessions, secretsKey: randomBytes(32) });
  return { login, saved, api };
}

function stateOf(url: string): string {
  const redirect = new URL(url).searchParams.get("redirect_params") ?? "";
  return new URLSearchParams(redirect).get("state") ?? "";
}

describe("the Kite login", () => {
  const now = parseIndiaTime("2026-11-25 08:14");

  it("sends the operator to KITE_LOGIN_URL with v=3, the API key and the state in redirect_params", () => {
    const url = new URL(setup().login.loginUrl(7, now));
    expect(url.origin + url.pathname).toBe(config.loginUrl);
    expect(url.searchParams.get("v")).toBe("3");
    expect(url.searchParams.get("api_key")).toBe("kalpa_key");
    expect(stateOf(url.toString())).toMatch(/^[\w-]+\.\d+\.[\w-]+$/);
    // Nothing secret travels: not the API secret.
    expect(url.toString()).not.toContain("kalpa_secret");
  });

  it("exchanges the request token and stores the session, expiring at 06:00 the next morning", async () => {
    const { login, saved } = setup();
    const state = stateOf(login.loginUrl(7, now));
    const result = await login.complete(
      { request_token: "good-token", status: "success", state },
      7,
      now + 30_000,
    );
    expect(result).toEqual({ userId: "AB1234", expiresAt: parseIndiaTime("2026-11-26 06:00") });
    expect(saved).toEqual([
      {
        userId: "AB1234",
        accessToken: "access-1",
        loginAt: parseIndiaTime("2026-11-25 08:15"),
        expiresAt: parseIndiaTime("2026-11-26 06:00"),
      },
    ]);
  });

  it("refuses a callback started in another session, altered, expired, cancelled or without a token", async () => {
    const { login, api } = setup();
    const state = stateOf(login.loginUrl(7, now));
    const cases: Array<[Record<string, string>, number, number, string]> = [
      [
        { request_token: "good-token", status: "success", state },
        8,
        now,
        "not started from this console session",
      ],
      [
        { request_token: "good-token", status: "success", state: `${state}x` },
        7,
        now,
        "not started from this console session",
      ],
      [
        { request_token: "good-token", status: "success" },
        7,
        now,
        "not started from this console session",
      ],
      [
        { request_token: "good-token", status: "success", state },
        7,
        now + LOGIN_STATE_TTL_MS + 1,
        "took too long",
      ],
      [{ status: "cancelled" }, 7, now, "cancelled"],
      [{ status: "success", state }, 7, now, "no request token"],
      [
        { request_token: "bad-token", status: "success", state },
        7,
        now,
        "Kite refused the login: Token is invalid or has expired.",
      ],
    ];
    for (const [query, session, at, message] of cases) {
      const outcome = login.complete(query, session, at);
      await expect(outcome).rejects.toBeInstanceOf(KiteLoginRefused);
      await expect(outcome).rejects.toThrow(message);
    }
    // Only the last case reached Kite.
    expect(api.generateSession).toHaveBeenCalledTimes(1);
  });
});

describe("token expiry", () => {
  it("is 06:00 India time after the login", () => {
    expect(kiteTokenExpiry(parseIndiaTime("2026-11-25 05:59"))).toBe(
      parseIndiaTime("2026-11-25 06:00"),
    );
    expect(kiteTokenExpiry(parseIndiaTime("2026-11-25 06:00"))).toBe(
      parseIndiaTime("2026-11-26 06:00"),
    );
    expect(kiteTokenExpiry(parseIndiaTime("2026-11-25 23:30"))).toBe(
      parseIndiaTime("2026-11-26 06:00"),
    );
  });
});

describe("secrets at rest", () => {
  let dir: string | undefined;
  afterEach(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it("seals a token so that only the same key opens it, and an altered value does not open", () => {
    const box = createSecretBox(randomBytes(32));
    const sealed = box.seal("access-token-1");
    expect(sealed).not.toContain("access-token-1");
    expect(box.open(sealed)).toBe("access-token-1");
    expect(box.seal("access-token-1")).not.toBe(sealed);
    expect(createSecretBox(randomBytes(32)).open(sealed)).toBeUndefined();
    const parts = sealed.split(".");
    // Another first character (always another: replacing an "A" with "A" altered nothing, 1 run in 64).
    const body = parts[2] ?? "";
    parts[2] = `${body.startsWith("A") ? "B" : "A"}${body.slice(1)}`;
    expect(box.open(parts.join("."))).toBeUndefined();
    expect(box.open("garbage")).toBeUndefined();
  });

  it("makes a development key once in DATA_DIR, readable by the owner only, and reads it back", async () => {
    dir = await mkdtemp(path.join(tmpdir(), "kalpa-secrets-"));
    const first = await loadSecretsKey(undefined, dir);
    const second = await loadSecretsKey(undefined, dir);
    expect(first.length).toBe(32);
    expect(second.equals(first)).toBe(true);
    const file = path.join(dir, "secrets.key");
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(Buffer.from((await readFile(file, "utf8")).trim(), "base64").equals(first)).toBe(true);
    const configured = randomBytes(32);
    expect((await loadSecretsKey(configured, dir)).equals(configured)).toBe(true);
  });
});
