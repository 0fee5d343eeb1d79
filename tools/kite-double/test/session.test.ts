import { KiteConnect } from "kiteconnect";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { checksumOf } from "../src/auth";
import type { KiteDouble } from "../src/double";
import {
  authHeader,
  authorize,
  control,
  exchangeToken,
  login,
  sha256,
  startDouble,
} from "./support";

const TOKEN_EXCEPTION = {
  status: "error",
  message: "Incorrect `api_key` or `access_token`.",
  data: null,
  error_type: "TokenException",
};

/** The real time source the double sees: now, moved on by the tests. */
let shift = 0;
const realNow = () => Date.now() + shift;

let double: KiteDouble;
beforeAll(async () => {
  double = await startDouble({ realNow });
});
afterAll(() => double.close());
afterEach(() => {
  shift = 0;
});

describe("the documented checksum", () => {
  it("is sha256(api_key + request_token + api_secret), the reference's test vector", () => {
    expect(checksumOf("api_key", "request_token", "api_secret")).toBe(
      "ff6a6d3d60c9d974df906ba6f787ac38300cfa68b41801b486ea1007e52e8942",
    );
  });

  it("opens a session through POST /session/token", async () => {
    const tokens = ["request_token"];
    const vector = await startDouble({
      apiKey: "api_key",
      apiSecret: "api_secret",
      randomToken: () => tokens.shift() ?? sha256(String(Math.random())).slice(0, 32),
    });
    try {
      const redirect = await authorize(vector);
      expect(redirect.searchParams.get("request_token")).toBe("request_token");
      const res = await exchangeToken(
        vector,
        "request_token",
        "ff6a6d3d60c9d974df906ba6f787ac38300cfa68b41801b486ea1007e52e8942",
      );
      expect(res.status).toBe(200);
      expect(((await res.json()) as { status: string }).status).toBe("success");
    } finally {
      await vector.close();
    }
  });

  it("refuses a wrong checksum with the documented 403, and the token still works after", async () => {
    const requestToken = (await authorize(double)).searchParams.get("request_token") ?? "";
    const wrong = sha256(`${double.apiKey}${requestToken}not-the-secret`);
    const res = await exchangeToken(double, requestToken, wrong);
    expect(res.status).toBe(403);
    expect(res.headers.get("content-type")).toBe("application/json");
    expect(await res.json()).toEqual({
      status: "error",
      message: "Invalid `checksum`.",
      data: null,
      error_type: "TokenException",
    });
    expect((await exchangeToken(double, requestToken)).status).toBe(200);
  });
});

describe("the login page", () => {
  it("shows the app and a button for the user, escaping what it prints", async () => {
    const odd = await startDouble({ userId: `<b>"X"&'Y'</b>` });
    try {
      const res = await fetch(
        `${odd.loginUrl}?v=3&api_key=${odd.apiKey}&redirect_params=${encodeURIComponent("a=<i>&b=2")}`,
      );
      expect(res.status).toBe(200);
      const html = await res.text();
      expect(html).toContain("Kite Connect — local double");
      expect(html).toContain("Log in as &lt;b&gt;&quot;X&quot;&amp;&#39;Y&#39;&lt;/b&gt;");
      expect(html).toContain('value="a=&lt;i&gt;&amp;b=2"');
      expect(html).not.toContain("<i>");
      expect(html).toContain(">Cancel</a>");
    } finally {
      await odd.close();
    }
  });

  it("answers an unknown api_key with a 400 error page", async () => {
    const res = await fetch(`${double.loginUrl}?v=3&api_key=someone_else`);
    expect(res.status).toBe(400);
    expect(res.headers.get("content-type")).toContain("text/html");
    expect(await res.text()).toContain("Invalid `api_key`");
  });

  it("redirects a login with request_token, action, type, status and the redirect_params", async () => {
    const redirect = await authorize(double, "some=X&more=Y");
    expect(`${redirect.origin}${redirect.pathname}`).toBe(double.redirectUrl);
    expect(redirect.searchParams.get("request_token")).toMatch(/^[0-9a-f]{32}$/);
    expect(redirect.searchParams.get("action")).toBe("login");
    expect(redirect.searchParams.get("type")).toBe("login");
    expect(redirect.searchParams.get("status")).toBe("success");
    expect(redirect.searchParams.get("some")).toBe("X");
    expect(redirect.searchParams.get("more")).toBe("Y");
  });

  it("redirects a cancel with status=cancelled only", async () => {
    const res = await fetch(
      `${double.root}/connect/authorize?api_key=${double.apiKey}&action=cancel&redirect_params=some%3DX`,
      { redirect: "manual" },
    );
    expect(res.status).toBe(302);
    const redirect = new URL(res.headers.get("location") ?? "");
    expect([...redirect.searchParams]).toEqual([["status", "cancelled"]]);
  });
});

describe("POST /session/token", () => {
  it("answers the documented session fields (through the SDK too)", async () => {
    const requestToken = (await authorize(double)).searchParams.get("request_token") ?? "";
    const res = await exchangeToken(double, requestToken);
    expect(res.headers.get("content-type")).toBe("application/json");
    const body = (await res.json()) as { status: string; data: Record<string, unknown> };
    expect(body.status).toBe("success");
    expect(Object.keys(body.data).sort()).toEqual(
      [
        "user_type",
        "email",
        "user_name",
        "user_shortname",
        "broker",
        "exchanges",
        "products",
        "order_types",
        "avatar_url",
        "user_id",
        "api_key",
        "access_token",
        "public_token",
        "enctoken",
        "refresh_token",
        "silo",
        "login_time",
        "meta",
      ].sort(),
    );
    expect(body.data).toMatchObject({
      user_type: "individual",
      broker: "ZERODHA",
      user_id: "DOUBLE1",
      api_key: double.apiKey,
      refresh_token: "",
      silo: "",
      meta: { demat_consent: "physical" },
    });
    expect(body.data.access_token).toMatch(/^[0-9a-f]{32}$/);
    expect(body.data.login_time).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(body.data.exchanges).toEqual(expect.arrayContaining(["NSE", "NFO", "MCX"]));

    const kc = new KiteConnect({ api_key: double.apiKey, root: double.root });
    const next = (await authorize(double)).searchParams.get("request_token") ?? "";
    const session = await kc.generateSession(next, double.apiSecret);
    expect(session.access_token).toMatch(/^[0-9a-f]{32}$/);
    expect(session.login_time).toBeInstanceOf(Date);
    expect((await kc.getProfile()).user_id).toBe("DOUBLE1");
  });

  it("takes a request token once", async () => {
    const requestToken = (await authorize(double)).searchParams.get("request_token") ?? "";
    expect((await exchangeToken(double, requestToken)).status).toBe(200);
    const again = await exchangeToken(double, requestToken);
    expect(again.status).toBe(403);
    expect(await again.json()).toEqual({
      status: "error",
      message: "Token is invalid or has expired.",
      data: null,
      error_type: "TokenException",
    });
  });

  it("takes a request token for 5 minutes", async () => {
    const fresh = (await authorize(double)).searchParams.get("request_token") ?? "";
    const stale = (await authorize(double)).searchParams.get("request_token") ?? "";
    shift = 4 * 60_000 + 50_000;
    expect((await exchangeToken(double, fresh)).status).toBe(200);
    shift = 5 * 60_000 + 1000;
    const res = await exchangeToken(double, stale);
    expect(res.status).toBe(403);
    expect(((await res.json()) as { message: string }).message).toBe(
      "Token is invalid or has expired.",
    );
  });

  it("answers a missing field with 400 InputException", async () => {
    const res = await fetch(`${double.root}/session/token`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ api_key: double.apiKey, request_token: "abc" }),
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ status: "error", error_type: "InputException" });
  });
});

describe("the access token", () => {
  it("signs REST calls with `token api_key:access_token`, and nothing else", async () => {
    const accessToken = await login(double);
    const ok = await fetch(`${double.root}/user/profile`, {
      headers: authHeader(double, accessToken),
    });
    expect(ok.status).toBe(200);
    expect(ok.headers.get("content-type")).toBe("application/json");
    expect(((await ok.json()) as { data: Record<string, unknown> }).data).toMatchObject({
      user_id: "DOUBLE1",
      broker: "ZERODHA",
      avatar_url: null,
      meta: { demat_consent: "physical" },
    });
    for (const headers of [
      {} as Record<string, string>,
      { Authorization: `Bearer ${accessToken}` },
      { Authorization: `token other_key:${accessToken}` },
      { Authorization: `token ${double.apiKey}:${accessToken}x` },
    ]) {
      const res = await fetch(`${double.root}/user/profile`, { headers });
      expect(res.status).toBe(403);
      expect(res.headers.get("content-type")).toBe("application/json");
      expect(await res.json()).toEqual(TOKEN_EXCEPTION);
    }
  });

  it("stops at the first 06:00 India time after the login", async () => {
    const accessToken = await login(double);
    const now = Date.now();
    // Minutes until the next 06:00 IST (00:30 UTC).
    const utc = new Date(now);
    let next = Date.UTC(utc.getUTCFullYear(), utc.getUTCMonth(), utc.getUTCDate(), 0, 30);
    if (next <= now) next += 24 * 60 * 60_000;
    shift = next - now - 60_000;
    const before = await fetch(`${double.root}/user/profile`, {
      headers: authHeader(double, accessToken),
    });
    expect(before.status).toBe(200);
    shift = next - now + 1000;
    const after = await fetch(`${double.root}/user/profile`, {
      headers: authHeader(double, accessToken),
    });
    expect(after.status).toBe(403);
    expect(await after.json()).toEqual(TOKEN_EXCEPTION);
  });

  it("answers 403 TokenException after the expire-token control (the SDK rejects with it)", async () => {
    const kc = new KiteConnect({ api_key: double.apiKey, root: double.root });
    const requestToken = (await authorize(double)).searchParams.get("request_token") ?? "";
    await kc.generateSession(requestToken, double.apiSecret);
    expect((await kc.getProfile()).user_id).toBe("DOUBLE1");
    const expired = await control(double, "expire-token");
    expect(await expired.json()).toMatchObject({ ok: true, closedSockets: 0 });
    await expect(kc.getProfile()).rejects.toEqual(TOKEN_EXCEPTION);
    // A new login works again.
    expect(await login(double)).toMatch(/^[0-9a-f]{32}$/);
  });

  it("ends with DELETE /session/token", async () => {
    const kc = new KiteConnect({ api_key: double.apiKey, root: double.root });
    const requestToken = (await authorize(double)).searchParams.get("request_token") ?? "";
    await kc.generateSession(requestToken, double.apiSecret);
    expect(await kc.invalidateAccessToken()).toBe(true);
    await expect(kc.getProfile()).rejects.toMatchObject({ error_type: "TokenException" });
  });
});
