/**
 * Refusals the fuzz drill (drills/fuzz.ts) found answered with a 500, in Fastify's own shape, or
 * not at all: text the database cannot store, requests Node's HTTP parser cannot read, CONNECT, stray
 * upgrades, and URLs the router refuses. Each must be the envelope, and must change nothing.
 */
import { connect } from "node:net";
import { ErrorEnvelopeSchema } from "@kalpa/contracts/envelope";
import { SERVER_MESSAGES } from "@kalpa/contracts/messages";
import Fastify from "fastify";
import { beforeAll, describe, expect, it } from "vitest";
import { errorHandlerPlugin } from "../src/plugins/error-handler";
import { frameworkErrors } from "../src/plugins/http-refusals";
import { firstAdmin, signedInUser } from "./helpers/access";
import { useAccountsApp } from "./helpers/accounts";

/** Writes raw bytes and reads the answer until the server closes: status, and the body as JSON. */
function rawRequest(port: number, request: string): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: "127.0.0.1", port });
    const chunks: Buffer[] = [];
    socket.on("data", (chunk: Buffer) => chunks.push(chunk));
    socket.on("error", reject);
    socket.on("close", () => {
      const text = Buffer.concat(chunks).toString("utf8");
      const [head = "", body = ""] = text.split("\r\n\r\n");
      let json: unknown;
      try {
        json = JSON.parse(body);
      } catch {
        json = body;
      }
      resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0), body: json });
    });
    socket.end(request);
  });
}

describe("text the database cannot store", () => {
  const h = useAccountsApp();

  it("refuses a NUL in a body field with a 400 naming the field (it was a 500 at the query)", async () => {
    const res = await h.browser().post("/api/auth/login", { username: "a\u0000b", password: "x" });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      success: false,
      error: SERVER_MESSAGES.unstorableText,
      code: "VALIDATION_ERROR",
      issues: [{ path: "username", message: SERVER_MESSAGES.unstorableText }],
    });
  });

  it("refuses a NUL in a query string", async () => {
    const admin = await firstAdmin(h);
    const res = await admin.browser.get("/api/admin/users?q=%00");
    expect(res.statusCode).toBe(400);
    expect(res.json().issues).toEqual([{ path: "q", message: SERVER_MESSAGES.unstorableText }]);
  });

  it("refuses an unpaired surrogate before it reaches a jsonb column, and records nothing", async () => {
    const admin = await firstAdmin(h);
    const user = await signedInUser(h);
    const res = await admin.browser.request("POST", `/api/admin/users/${user.id}/rda-received`, {
      // Written by hand: JSON.stringify would not keep the escape.
      payload: '{"receivedOn":"2026-11-20","channel":"post","note":"signed \\ud800"}',
      headers: { "content-type": "application/json" },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().issues).toEqual([{ path: "note", message: SERVER_MESSAGES.unstorableText }]);
    const detail = (await admin.browser.get(`/api/admin/users/${user.id}`)).json();
    expect(detail.data.user.riskDisclosure.signedCopyReceived).toBe(false);
    const actions = detail.data.audit.map((entry: { action: string }) => entry.action);
    expect(actions).not.toContain("rda.signed_copy_recorded");
  });

  it("keeps every other character: emoji, bidi marks, Devanagari", async () => {
    const user = await signedInUser(h);
    const name = "Asha \u{1F44B} \u202Eनमस्ते";
    const res = await user.browser.put("/api/profile", { name });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.user.name).toBe(name);
  });
});

describe("requests refused before any route", () => {
  const h = useAccountsApp();
  let port = 0;
  beforeAll(async () => {
    await h.t.app.listen({ port: 0, host: "127.0.0.1" });
    const address = h.t.app.server.address();
    port = typeof address === "object" && address ? address.port : 0;
  });

  const expectEnvelope = (
    answer: { status: number; body: unknown },
    status: number,
    message: string,
  ) => {
    expect(answer.status).toBe(status);
    expect(ErrorEnvelopeSchema.parse(answer.body).error).toBe(message);
  };

  it("answers what the HTTP parser cannot read with the envelope", async () => {
    for (const request of [
      "GET /api/he alth HTTP/1.1\r\nHost: x\r\n\r\n",
      "GET /api/health HTTP/1.1\r\nHost: x\r\nBad Name: 1\r\n\r\n",
      "FUZZ /api/health HTTP/1.1\r\nHost: x\r\n\r\n",
      "POST /api/auth/login HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\nContent-Length: 3\r\n\r\n{}",
    ]) {
      expectEnvelope(await rawRequest(port, request), 400, SERVER_MESSAGES.unreadableRequest);
    }
  });

  it("answers headers above the limit with a 431 envelope", async () => {
    const request = `GET /api/health HTTP/1.1\r\nHost: x\r\nX-Big: ${"h".repeat(20_000)}\r\n\r\n`;
    expectEnvelope(await rawRequest(port, request), 431, SERVER_MESSAGES.headersTooLarge);
  });

  it("answers CONNECT and an upgrade outside socket.io, which used to be dropped without a word", async () => {
    expectEnvelope(
      await rawRequest(port, "CONNECT 127.0.0.1:22 HTTP/1.1\r\nHost: 127.0.0.1:22\r\n\r\n"),
      400,
      SERVER_MESSAGES.notSupported,
    );
    const upgrade =
      "GET /api/health HTTP/1.1\r\nHost: x\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n" +
      "Sec-WebSocket-Key: ZnV6emZ1enpmdXp6ZnV6eg==\r\nSec-WebSocket-Version: 13\r\n\r\n";
    expectEnvelope(await rawRequest(port, upgrade), 400, SERVER_MESSAGES.notSupported);
  });

  it("leaves an upgrade to the socket.io path to socket.io", async () => {
    const socket = connect({ host: "127.0.0.1", port });
    const first = await new Promise<string>((resolve, reject) => {
      socket.once("data", (chunk: Buffer) => resolve(chunk.toString("latin1")));
      socket.once("error", reject);
      socket.write(
        "GET /socket.io/?EIO=4&transport=websocket HTTP/1.1\r\nHost: x\r\n" +
          `Origin: ${h.t.config.publicOrigin}\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n` +
          "Sec-WebSocket-Key: ZnV6emZ1enpmdXp6ZnV6eg==\r\nSec-WebSocket-Version: 13\r\n\r\n",
      );
    });
    socket.destroy();
    expect(first).toMatch(/^HTTP\/1\.1 101 /);
  });
});

describe("URLs the router refuses (frameworkErrors)", () => {
  it("answers a bad percent-encoding and an over-long parameter with the envelope, not the path", async () => {
    const app = Fastify({ frameworkErrors });
    await app.register(errorHandlerPlugin);
    app.get("/api/things/:id", async () => ({ success: true }));
    const badUrl = await app.inject({ method: "GET", url: "/api/things/%zz" });
    expect(badUrl.statusCode).toBe(400);
    expect(badUrl.json()).toEqual({
      success: false,
      error: SERVER_MESSAGES.badAddress,
      code: "BAD_REQUEST",
    });
    const tooLong = await app.inject({ method: "GET", url: `/api/things/${"x".repeat(150)}` });
    expect(tooLong.statusCode).toBe(414);
    expect(ErrorEnvelopeSchema.parse(tooLong.json()).error).toBe(SERVER_MESSAGES.badAddress);
    await app.close();
  });
});
