import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { clearResetCookie, readSessionToken, setSessionCookie } from "./cookies";

describe("the account cookies", () => {
  it("sets one line per cookie, with its attributes, and reads the session from the header", async () => {
    const app = Fastify();
    app.get("/", (request, reply) => {
      setSessionCookie(reply, { secureCookies: true }, "token-1");
      clearResetCookie(reply, { secureCookies: true });
      reply.send({ read: readSessionToken(request, { secureCookies: true }) ?? null });
    });
    const res = await app.inject({
      url: "/",
      headers: { cookie: "other=1; __Host-kalpa_session=abc; __Host-kalpa_session=later" },
    });
    const lines = res.headers["set-cookie"];
    expect(lines).toEqual([
      "__Host-kalpa_session=token-1; Max-Age=2592000; Path=/; HttpOnly; Secure; SameSite=Lax",
      "__Secure-kalpa_reset=; Max-Age=0; Path=/api/auth; Expires=Thu, 01 Jan 1970 00:00:00 GMT; HttpOnly; Secure; SameSite=Lax",
    ]);
    // The first of two same-named cookies is the one read.
    expect(res.json()).toEqual({ read: "abc" });
  });
});
