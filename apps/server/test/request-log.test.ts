/**
 * The request log (lib/request-log.ts): one line per request at "info", with the request's id, and the error's
 * line when a request fails. Each request's logger is made only when it logs.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { capturingLogger } from "./helpers/captured-log";
import { createTestApp } from "./helpers/test-app";

const { logger, lines } = capturingLogger();
let t: Awaited<ReturnType<typeof createTestApp>>;

beforeAll(async () => {
  t = await createTestApp({ logger });
  t.app.get("/api/test/explode", async (request) => {
    request.log.warn({ step: "before" }, "about to fail");
    throw new Error("boom");
  });
  await t.app.ready();
});
afterAll(() => t.close());

describe("request log", () => {
  it("writes one line per request, with its method, path without the query, status and id", async () => {
    lines.length = 0;
    const res = await t.app.inject({ method: "GET", url: "/api/health?token=secret" });
    expect(res.statusCode).toBe(200);
    const written = lines.filter((line) => line.msg === "request");
    expect(written).toHaveLength(1);
    expect(written[0]).toMatchObject({ method: "GET", path: "/api/health", status: 200 });
    expect(typeof written[0]?.reqId).toBe("string");
    expect(JSON.stringify(lines)).not.toContain("secret");
  });

  it("binds a route's own lines the error and the request's line to the same request id", async () => {
    lines.length = 0;
    const res = await t.app.inject({ method: "GET", url: "/api/test/explode" });
    expect(res.statusCode).toBe(500);
    const own = lines.find((line) => line.msg === "about to fail");
    const failed = lines.find((line) => line.msg === "request failed");
    const done = lines.find((line) => line.msg === "request");
    expect(own).toMatchObject({ step: "before", level: 40 });
    expect(failed).toMatchObject({ level: 50, err: { message: "boom" } });
    expect(done).toMatchObject({ path: "/api/test/explode", status: 500 });
    expect(own?.reqId).toBeDefined();
    expect(failed?.reqId).toBe(own?.reqId);
    expect(done?.reqId).toBe(own?.reqId);
  });

  it("gives two requests different ids", async () => {
    lines.length = 0;
    await t.app.inject({ method: "GET", url: "/api/health" });
    await t.app.inject({ method: "GET", url: "/api/health" });
    const ids = lines.filter((line) => line.msg === "request").map((line) => line.reqId);
    expect(ids).toHaveLength(2);
    expect(ids[0]).not.toBe(ids[1]);
  });
});
