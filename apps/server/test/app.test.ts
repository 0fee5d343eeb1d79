import { createHash } from "node:crypto";
import { brotliDecompressSync } from "node:zlib";
import { ErrorEnvelopeSchema } from "@kalpa/contracts/envelope";
import { SERVER_MESSAGES } from "@kalpa/contracts/messages";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import {
  createTestApp,
  NOT_FOUND_SHELL_MARKER,
  PRICING_INLINE_SCRIPT,
  PRICING_SHELL_MARKER,
  SHELL_MARKER,
  TEST_ORIGIN,
} from "./helpers/test-app";

let t: Awaited<ReturnType<typeof createTestApp>>;
const html = { accept: "text/html,application/xhtml+xml" };
/** The app's clock reads the real time unless a test sets an instant here (and clears it after). */
let clockAt: Date | undefined;

beforeAll(async () => {
  t = await createTestApp({ withWebDist: true, clock: () => clockAt ?? new Date() });
  // Routes only this file adds, to exercise the error handler through real requests.
  t.app.get("/api/test/explode", async () => {
    throw new Error("secret connection string postgres://admin:pw@10.0.0.5/prod");
  });
  t.app.get("/api/test/redirect-leak", async () => {
    throw Object.assign(new Error("upstream said 302 for http://10.0.0.5/internal"), {
      statusCode: 302,
    });
  });
  t.app.get("/api/test/conflict-leak", async () => {
    throw Object.assign(new Error('relation "users" does not exist at 10.0.0.5'), {
      statusCode: 409,
    });
  });
  t.app.post(
    "/api/test/echo",
    { schema: { body: z.object({ email: z.email("Please enter a valid email address") }) } },
    async (request) => ({ success: true, data: request.body }),
  );
  await t.app.ready();
});
afterAll(async () => t?.close());

describe("GET /api/health", () => {
  it("reports ok with the database in use and the version", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/health" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      data: {
        status: "ok",
        database: process.env.DATABASE_URL ? "postgres" : "pglite",
        version: "0.1.0",
      },
    });
  });
});

describe("GET /api/site", () => {
  it("gives the brand and the operator's contact details", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/site" });
    expect(res.json()).toEqual({
      success: true,
      data: {
        brandName: "Kalpa",
        operator: {
          name: "Kalpa Founder",
          email: "founder@kalpa.example",
          phone: "+91 90000 00000",
          whatsapp: "919000000000",
        },
        feed: "simulated",
        tradingHours: expect.any(Object),
      },
    });
  });

  it("gives each exchange's hours in force on the day asked: 15:30 before 3 Aug 2026, 15:40 from then", async () => {
    const hoursOn = async (instant: string) => {
      clockAt = new Date(instant);
      try {
        const res = await t.app.inject({ method: "GET", url: "/api/site" });
        return res.json().data.tradingHours;
      } finally {
        clockAt = undefined;
      }
    };
    // Friday 31 Jul 2026 (US summer time: MCX to 23:30), then Monday 3 Aug 2026.
    expect(await hoursOn("2026-07-31T06:00:00Z")).toEqual({
      NSE: { open: "09:15", close: "15:30" },
      MCX: { open: "09:00", close: "23:30" },
    });
    expect(await hoursOn("2026-08-03T06:00:00Z")).toEqual({
      NSE: { open: "09:15", close: "15:40" },
      MCX: { open: "09:00", close: "23:30" },
    });
    // 28 Nov 2026, after the US clocks went back: MCX runs to 23:55.
    expect((await hoursOn("2026-11-28T06:00:00Z")).MCX).toEqual({ open: "09:00", close: "23:55" });
  });

  it("gives the operator's brand and says a broker's feed is running, for the disclaimers", async () => {
    const broker = await createTestApp({
      env: {
        BRAND_NAME: "Acme Research",
        MARKET_FEED: "kite",
        KITE_API_KEY: "key",
        KITE_API_SECRET: "secret",
        MARKET_ENGINE: "false",
      },
    });
    try {
      const res = await broker.app.inject({ method: "GET", url: "/api/site" });
      expect(res.json().data).toMatchObject({ brandName: "Acme Research", feed: "broker" });
    } finally {
      await broker.close();
    }
  });
});

describe("the error envelope", () => {
  it("answers an unknown API path with a JSON 404, for any method", async () => {
    for (const method of ["GET", "POST", "DELETE"] as const) {
      const res = await t.app.inject({
        method,
        url: "/api/no-such-thing",
        headers: { ...html, origin: TEST_ORIGIN },
      });
      expect(res.statusCode).toBe(404);
      expect(res.headers["content-type"]).toContain("application/json");
      expect(res.json()).toEqual({
        success: false,
        error: SERVER_MESSAGES.notFound,
        code: "NOT_FOUND",
      });
    }
  });

  it("never shows internals in a 500", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/test/explode" });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({
      success: false,
      error: SERVER_MESSAGES.internal,
      code: "INTERNAL_ERROR",
    });
    expect(res.body).not.toContain("postgres://");
    expect(res.body).not.toContain("stack");
  });

  it("turns a non-error status set by a library into a plain 500", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/test/redirect-leak" });
    expect(res.statusCode).toBe(500);
    expect(res.headers.location).toBeUndefined();
    expect(res.body).not.toContain("10.0.0.5");
  });

  it("does not repeat the message of a 4xx error that did not come from Fastify itself", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/test/conflict-leak" });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      success: false,
      error: SERVER_MESSAGES.invalidRequest,
      code: "CONFLICT",
    });
  });

  it("marks API answers as not to be cached, unless the route says otherwise", async () => {
    const health = await t.app.inject({ method: "GET", url: "/api/health" });
    expect(health.headers["cache-control"]).toBe("no-store");
    const missing = await t.app.inject({ method: "GET", url: "/api/nothing-here" });
    expect(missing.headers["cache-control"]).toBe("no-store");
    const site = await t.app.inject({ method: "GET", url: "/api/site" });
    expect(site.headers["cache-control"]).toBe("public, max-age=300");
  });

  it("answers bad input with 400, the field issues and the schema's message", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/test/echo",
      headers: { origin: TEST_ORIGIN },
      payload: { email: "not-an-address" },
    });
    expect(res.statusCode).toBe(400);
    const body = ErrorEnvelopeSchema.parse(res.json());
    expect(body).toEqual({
      success: false,
      error: "Please enter a valid email address",
      code: "VALIDATION_ERROR",
      issues: [{ path: "email", message: "Please enter a valid email address" }],
    });
  });

  it("refuses a JSON body over 64 KiB with 413, before any route sees it", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/test/echo",
      headers: { "content-type": "application/json" },
      payload: JSON.stringify({ email: `${"a".repeat(70 * 1024)}@example.in` }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ success: false, code: "PAYLOAD_TOO_LARGE" });
  });

  it("answers malformed JSON with a 400 envelope", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/test/echo",
      headers: { origin: TEST_ORIGIN, "content-type": "application/json" },
      payload: "{not json",
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, code: "BAD_REQUEST" });
  });
});

describe("cross-site request protection", () => {
  const post = (headers: Record<string, string>) =>
    t.app.inject({ method: "POST", url: "/api/test/echo", headers, payload: { email: "a@b.co" } });

  it("refuses a state change from another site", async () => {
    const res = await post({ origin: "https://evil.example" });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      success: false,
      error: SERVER_MESSAGES.badOrigin,
      code: "FORBIDDEN",
    });
  });

  it("refuses a foreign Origin even when fetch metadata says same-origin (another host name)", async () => {
    const res = await post({ origin: "http://10.0.0.7:3000", "sec-fetch-site": "same-origin" });
    expect(res.statusCode).toBe(403);
  });

  it("refuses a cross-site fetch even without an Origin header", async () => {
    expect((await post({ "sec-fetch-site": "cross-site" })).statusCode).toBe(403);
  });

  it("accepts the site's own origin and same-origin fetches", async () => {
    expect((await post({ origin: TEST_ORIGIN })).statusCode).toBe(200);
    expect((await post({ "sec-fetch-site": "same-origin" })).statusCode).toBe(200);
  });

  it("accepts non-browser clients, which carry no ambient cookies", async () => {
    expect((await post({})).statusCode).toBe(200);
  });
});

describe("the web app", () => {
  it("serves the app shell for a client route opened directly", async () => {
    for (const url of ["/", "/policies/terms", "/live-trade/banknifty/hft", "/dashboard?tab=1"]) {
      const res = await t.app.inject({ method: "GET", url, headers: html });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers["content-type"]).toContain("text/html");
      expect(res.body).toContain(SHELL_MARKER);
      expect(res.headers["cache-control"]).toBe("no-cache");
    }
  });

  it("lets the browser revalidate the shell with its ETag", async () => {
    const first = await t.app.inject({ method: "GET", url: "/pricing", headers: html });
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^".+"$/);
    const again = await t.app.inject({
      method: "GET",
      url: "/pricing",
      headers: { ...html, "if-none-match": etag },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe("");
  });

  it("serves a known page to any client, whatever it accepts, and to HEAD", async () => {
    const curl = await t.app.inject({ method: "GET", url: "/pricing", headers: { accept: "*/*" } });
    expect(curl.statusCode).toBe(200);
    expect(curl.body).toContain(SHELL_MARKER);
    const head = await t.app.inject({ method: "HEAD", url: "/" });
    expect(head.statusCode).toBe(200);
    expect(head.headers["content-type"]).toContain("text/html");
    expect(head.body).toBe("");
  });

  it("decodes the path before deciding whether a page exists", async () => {
    const res = await t.app.inject({ method: "GET", url: "/dash%62oard", headers: html });
    expect(res.statusCode).toBe(200);
  });

  it("answers an unknown path with JSON to a client that did not ask for HTML", async () => {
    const res = await t.app.inject({
      method: "GET",
      url: "/wp-login.php",
      headers: { accept: "*/*" },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ success: false, code: "NOT_FOUND" });
  });

  it("keeps source maps off the public site", async () => {
    const res = await t.app.inject({ method: "GET", url: "/assets/index-abc123.js.map" });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain("secret.ts");
  });

  it("serves the shell with a 404 status for a page that does not exist", async () => {
    const res = await t.app.inject({ method: "GET", url: "/no/such/page", headers: html });
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain(SHELL_MARKER);
  });

  it("serves hashed assets with a long cache and other files with a short one", async () => {
    const asset = await t.app.inject({ method: "GET", url: "/assets/index-abc123.js" });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    const icon = await t.app.inject({ method: "GET", url: "/favicon.svg" });
    expect(icon.headers["cache-control"]).toBe("public, max-age=3600");
  });

  it("sends the build's Brotli copy to a browser that accepts it, and the plain file otherwise", async () => {
    const url = "/assets/index-abc123.js";
    const brotli = await t.app.inject({
      method: "GET",
      url,
      headers: { "accept-encoding": "gzip, br" },
    });
    expect(brotli.headers["content-encoding"]).toBe("br");
    expect(brotli.headers.vary).toContain("accept-encoding");
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe("console.log('app');");
    const plain = await t.app.inject({
      method: "GET",
      url,
      headers: { "accept-encoding": "identity" },
    });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body).toBe("console.log('app');");
  });

  it("serves each route the build's own shell for it, and index.html to a route without one", async () => {
    const pricing = await t.app.inject({ method: "GET", url: "/pricing", headers: html });
    expect(pricing.body).toContain(PRICING_SHELL_MARKER);
    const login = await t.app.inject({ method: "GET", url: "/login", headers: html });
    expect(login.statusCode).toBe(200);
    expect(login.body).toContain(SHELL_MARKER);
    expect(login.body).not.toContain(PRICING_SHELL_MARKER);
    const unknown = await t.app.inject({ method: "GET", url: "/no/such/page", headers: html });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toContain(NOT_FOUND_SHELL_MARKER);
  });

  it("sends a route shell's Brotli copy to a browser that accepts it, with its own ETag", async () => {
    const brotli = await t.app.inject({
      method: "GET",
      url: "/pricing",
      headers: { ...html, "accept-encoding": "gzip, deflate, br" },
    });
    expect(brotli.headers["content-encoding"]).toBe("br");
    expect(brotli.headers.vary).toContain("accept-encoding");
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toContain(PRICING_SHELL_MARKER);
    // No gzip copy in this build: a gzip-only client gets the plain HTML.
    const plain = await t.app.inject({
      method: "GET",
      url: "/pricing",
      headers: { ...html, "accept-encoding": "gzip" },
    });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body).toContain(PRICING_SHELL_MARKER);
    const index = await t.app.inject({ method: "GET", url: "/", headers: html });
    expect(index.headers.etag).not.toBe(plain.headers.etag);
  });

  it("answers a missing asset with 404, not the shell", async () => {
    const res = await t.app.inject({ method: "GET", url: "/assets/missing.js" });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain(SHELL_MARKER);
  });

  it("sends security headers with a strict script policy", async () => {
    const res = await t.app.inject({ method: "GET", url: "/", headers: html });
    expect(res.headers["content-security-policy"]).toContain("script-src 'self'");
    expect(res.headers["content-security-policy"]).toContain("frame-ancestors 'none'");
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers["strict-transport-security"]).toBeUndefined();
  });

  it("gives API answers the headers a JSON answer needs, and documents helmet's whole set", async () => {
    const answer = await t.app.inject({ method: "GET", url: "/api/site" });
    expect(answer.headers).toMatchObject({
      "content-security-policy": "default-src 'none'; frame-ancestors 'none'",
      "cross-origin-resource-policy": "same-origin",
      "x-content-type-options": "nosniff",
      "x-frame-options": "DENY",
    });
    // A route that says how it may be cached keeps its word; the rest are never stored.
    expect(answer.headers["cache-control"]).toBe("public, max-age=300");
    const me = await t.app.inject({ method: "GET", url: "/api/auth/me" });
    expect(me.headers["cache-control"]).toBe("no-store");
    expect(me.headers["x-frame-options"]).toBe("DENY");
    expect(answer.headers["cross-origin-opener-policy"]).toBeUndefined();
    const page = await t.app.inject({ method: "GET", url: "/", headers: html });
    expect(page.headers).toMatchObject({
      "cross-origin-opener-policy": "same-origin",
      "cross-origin-resource-policy": "same-origin",
      "referrer-policy": "strict-origin-when-cross-origin",
      "x-frame-options": "SAMEORIGIN",
    });
    expect(page.headers["x-powered-by"]).toBeUndefined();
    // The API reference is a document, with its own policy.
    const docs = await t.app.inject({ method: "GET", url: "/api/docs/" });
    expect(docs.headers["cross-origin-opener-policy"]).toBe("same-origin");
  });

  it("allows a shell's own inline scripts by their hash, and nothing else", async () => {
    const hash = createHash("sha256").update(PRICING_INLINE_SCRIPT).digest("base64");
    const pricing = await t.app.inject({ method: "GET", url: "/pricing", headers: html });
    const policy = String(pricing.headers["content-security-policy"]);
    expect(policy).toContain(`script-src 'self' 'sha256-${hash}';`);
    expect(policy.match(/script-src[^;]*/)?.[0]).not.toContain("unsafe-inline");
    // A shell without inline scripts, and anything that is not a shell, keep the plain policy.
    const index = await t.app.inject({ method: "GET", url: "/", headers: html });
    expect(index.headers["content-security-policy"]).toMatch(/script-src 'self';/);
    const asset = await t.app.inject({ method: "GET", url: "/assets/index-abc123.js" });
    expect(asset.headers["content-security-policy"]).toMatch(/script-src 'self';/);
  });
});

describe("the API reference", () => {
  it("publishes an OpenAPI document that lists the routes", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/docs/json" });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(["/api/health", "/api/site"]));
  });

  it("serves a browsable reference at /api/docs", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/docs/", headers: html });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain("swagger-ui");
  });
});
