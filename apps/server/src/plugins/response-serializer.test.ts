import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { successEnvelope } from "@kalpa/contracts/envelope";
import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import * as z from "zod/mini";
import { acceptedEncoding, keptSuccess, sendKept } from "../lib/kept-answers";
import { jsonSchemaOf, responseSerializerCompiler } from "./response-serializer";

const User = z.object({ id: z.number(), username: z.string(), email: z.nullable(z.string()) });
const Event = z.union([
  z.object({ kind: z.literal("opened"), price: z.number() }),
  z.object({ kind: z.literal("closed"), result: z.string() }),
]);

async function appAnswering(
  schema: z.core.$ZodType,
  answer: () => unknown,
  check = false,
): Promise<ReturnType<typeof Fastify>> {
  const app = Fastify();
  app.setSerializerCompiler(responseSerializerCompiler({ check }));
  app.get("/", { schema: { response: { 200: schema } } }, async () => answer());
  await app.ready();
  return app;
}

describe("answers written from their response schemas", () => {
  it("writes only the fields the schema names, so a row's secrets never leave", async () => {
    const app = await appAnswering(successEnvelope(User), () => ({
      success: true,
      data: { id: 7, username: "trader", email: null, passwordHash: "$argon2id$secret" },
      internal: 1,
    }));
    const res = await app.inject("/");
    expect(res.json()).toEqual({
      success: true,
      data: { id: 7, username: "trader", email: null },
    });
    expect(res.body).not.toContain("argon2id");
  });

  it("leaves out an always-undefined `data` in a message-only answer", async () => {
    const app = await appAnswering(successEnvelope(z.undefined()), () => ({
      success: true,
      message: "Logged out",
    }));
    expect((await app.inject("/")).body).toBe('{"success":true,"message":"Logged out"}');
  });

  it("picks a union's branch as zod does, extra fields and all", async () => {
    const app = await appAnswering(z.array(Event), () => [
      { kind: "opened", price: 101.5, debug: true },
      { kind: "closed", result: "target", debug: true },
    ]);
    expect((await app.inject("/")).json()).toEqual([
      { kind: "opened", price: 101.5 },
      { kind: "closed", result: "target" },
    ]);
  });

  it("under test, refuses an answer that drifts from its contract (a 500, not a wrong body)", async () => {
    const drifted = () => ({ success: true, data: { id: "7", username: "trader", email: null } });
    const checked = await appAnswering(successEnvelope(User), drifted, true);
    const res = await checked.inject("/");
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain("trader");
  });

  it("refuses at start-up a schema that has no JSON form", () => {
    expect(() => jsonSchemaOf(z.object({ at: z.date() }))).toThrow(/date/);
  });

  it("writes a kept answer's text once, and the answer cannot change after it", async () => {
    const data = { id: 1, username: "trader", email: null as string | null };
    let reads = 0;
    const app = await appAnswering(successEnvelope(User), () => {
      reads++;
      return keptSuccess(data);
    });
    const first = await app.inject("/");
    expect(() => {
      data.email = "changed@example.com";
    }).toThrow(TypeError);
    const second = await app.inject("/");
    expect(reads).toBe(2);
    expect(second.body).toBe(first.body);
    expect(keptSuccess(data)).toBe(keptSuccess(data));
    // A new answer (the cache's next entry) gets its own text.
    const next = keptSuccess({ id: 1, username: "trader", email: "new@example.com" });
    expect(next).not.toBe(keptSuccess(data));
  });
});

describe("kept answers, compressed once", () => {
  it("sends the kept text compressed when the browser accepts it, the same JSON either way", async () => {
    const data = {
      id: 1,
      username: "trader".repeat(200),
      email: null as string | null,
    };
    const app = Fastify();
    app.setSerializerCompiler(responseSerializerCompiler({ check: true }));
    app.get("/", { schema: { response: { 200: successEnvelope(User) } } }, (request, reply) =>
      sendKept(request, reply, keptSuccess(data)),
    );
    const plain = await app.inject("/");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.json()).toEqual({ success: true, data });
    const br = await app.inject({ url: "/", headers: { "accept-encoding": "gzip, deflate, br" } });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers.vary).toBe("accept-encoding");
    expect(br.headers["content-type"]).toBe("application/json; charset=utf-8");
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 5);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    const gz = await app.inject({ url: "/", headers: { "accept-encoding": "gzip" } });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
  });

  it("reads which encodings a browser accepts, and those it refuses", () => {
    expect(acceptedEncoding("gzip, deflate, br, zstd")).toBe("br");
    expect(acceptedEncoding("br;q=0, gzip;q=0.8")).toBe("gzip");
    expect(acceptedEncoding("gzip;q=0")).toBeUndefined();
    expect(acceptedEncoding("identity")).toBeUndefined();
    expect(acceptedEncoding(undefined)).toBeUndefined();
  });
});
