import { describe, expect, it } from "vitest";
import { parseVapidAuthorization, VapidVerifier, verifyVapid } from "../src/vapid";
import { b64, RFC8292, signJwt, vapidAuthorization, vapidKeys } from "./support";

const AUDIENCE = "http://127.0.0.1:8790";
const nowSeconds = () => Math.floor(Date.now() / 1000);

/** The JWT with one character of its signature changed (a whole 6-bit one, not the last). */
function tamper(token: string): string {
  const at = token.length - 10;
  return `${token.slice(0, at)}${token[at] === "A" ? "B" : "A"}${token.slice(at + 1)}`;
}

function refused(result: ReturnType<typeof verifyVapid>) {
  if (result.ok) throw new Error("expected a refusal");
  return result;
}

describe("RFC 8292 section 2.4, the example", () => {
  const header = `vapid t=${RFC8292.token}, k=${RFC8292.key}`;

  it("is a JWT of {typ JWT, alg ES256} over aud, exp and sub", () => {
    const [head, body] = RFC8292.token.split(".");
    expect(JSON.parse(b64(head ?? "").toString())).toEqual({ typ: "JWT", alg: "ES256" });
    expect(JSON.parse(b64(body ?? "").toString())).toEqual({
      aud: "https://push.example.net",
      exp: 1453523768,
      sub: "mailto:push@example.com",
    });
  });

  it("has k equal to the printed JWK's x and y", () => {
    const key = b64(RFC8292.key);
    expect(key.length).toBe(65);
    expect(key[0]).toBe(4);
    expect(key.subarray(1, 33).toString("base64url")).toBe(RFC8292.jwk.x);
    expect(key.subarray(33).toString("base64url")).toBe(RFC8292.jwk.y);
  });

  it("verifies with k at a time before its exp", () => {
    const result = verifyVapid(header, {
      audience: RFC8292.audience,
      now: (1453523768 - 3600) * 1000,
    });
    expect(result).toMatchObject({
      ok: true,
      identity: {
        key: RFC8292.key,
        header: { alg: "ES256", typ: "JWT" },
        claims: { aud: RFC8292.audience, exp: 1453523768, sub: RFC8292.subject },
      },
    });
  });

  it("is refused 403 now that it has expired, and by any other push service", () => {
    expect(refused(verifyVapid(header, { audience: RFC8292.audience }))).toMatchObject({
      status: 403,
      reason: expect.stringMatching(/expired at 2016-01-23T04:36:08.000Z/),
    });
    expect(
      refused(verifyVapid(header, { audience: AUDIENCE, now: 1453520000 * 1000 })),
    ).toMatchObject({
      status: 403,
      reason: expect.stringMatching(/not this push service's origin/),
    });
  });

  it("is refused 403 when a byte of its signature changes", () => {
    const tampered = tamper(RFC8292.token);
    expect(
      refused(
        verifyVapid(`vapid t=${tampered}, k=${RFC8292.key}`, {
          audience: RFC8292.audience,
          now: 1453520000 * 1000,
        }),
      ),
    ).toMatchObject({ status: 403, reason: expect.stringMatching(/does not verify/) });
  });
});

describe("a JWT a test signs", () => {
  const keys = vapidKeys();
  const check = (authorization: string | undefined) =>
    verifyVapid(authorization, { audience: AUDIENCE });

  it("holds: ES256, aud the origin, exp within 24 h, a mailto: or https: sub", () => {
    const result = check(vapidAuthorization(keys, AUDIENCE));
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.identity.key).toBe(keys.publicKey);
    expect(result.identity.claims.sub).toBe("mailto:ops@example.com");
    expect(
      check(vapidAuthorization(keys, AUDIENCE, { sub: "https://kalpa.example/contact" })).ok,
    ).toBe(true);
    expect(
      check(vapidAuthorization(keys, AUDIENCE, { aud: ["https://x.example", AUDIENCE] })).ok,
    ).toBe(true);
  });

  it("is refused 403 for another audience", () => {
    expect(refused(check(vapidAuthorization(keys, "https://fcm.googleapis.com")))).toMatchObject({
      status: 403,
      reason: expect.stringMatching(/aud "https:\/\/fcm.googleapis.com" is not/),
    });
    expect(refused(check(vapidAuthorization(keys, `${AUDIENCE}/`))).status).toBe(403);
  });

  it("is refused 403 once expired, or when exp is more than 24 h ahead", () => {
    expect(
      refused(check(vapidAuthorization(keys, AUDIENCE, { exp: nowSeconds() - 5 }))),
    ).toMatchObject({ status: 403, reason: expect.stringMatching(/expired/) });
    expect(
      refused(check(vapidAuthorization(keys, AUDIENCE, { exp: nowSeconds() + 24 * 3600 + 60 }))),
    ).toMatchObject({ status: 403, reason: expect.stringMatching(/more than the 24 h/) });
    expect(
      check(vapidAuthorization(keys, AUDIENCE, { exp: nowSeconds() + 24 * 3600 - 60 })).ok,
    ).toBe(true);
    expect(refused(check(vapidAuthorization(keys, AUDIENCE, { exp: "soon" }))).reason).toMatch(
      /no numeric exp/,
    );
  });

  it("is refused 403 without a contact sub, or with one that is not mailto: or https:", () => {
    expect(refused(check(vapidAuthorization(keys, AUDIENCE, { sub: undefined }))).reason).toMatch(
      /sub is missing/,
    );
    expect(
      refused(check(vapidAuthorization(keys, AUDIENCE, { sub: "ops@example.com" }))).reason,
    ).toMatch(/not a mailto: or https: URI/);
    expect(
      refused(check(vapidAuthorization(keys, AUDIENCE, { sub: "http://kalpa.example" }))).status,
    ).toBe(403);
  });

  it("is refused 403 when signed by another key than k", () => {
    const other = vapidKeys();
    const token = signJwt(
      { aud: AUDIENCE, exp: nowSeconds() + 3600, sub: "mailto:ops@example.com" },
      other.privateKey,
    );
    expect(refused(check(`vapid t=${token}, k=${keys.publicKey}`))).toMatchObject({
      status: 403,
      reason: "the JWT signature does not verify with the key in k",
    });
  });

  it("is refused 403 when it is not ES256", () => {
    const token = signJwt(
      { aud: AUDIENCE, exp: nowSeconds() + 3600, sub: "mailto:a@b.c" },
      keys.privateKey,
      {
        typ: "JWT",
        alg: "HS256",
      },
    );
    expect(refused(check(`vapid t=${token}, k=${keys.publicKey}`)).reason).toMatch(
      /HS256, not ES256/,
    );
    const none = `${Buffer.from('{"alg":"none"}').toString("base64url")}.${Buffer.from("{}").toString("base64url")}.`;
    expect(refused(check(`vapid t=${none}, k=${keys.publicKey}`)).status).toBe(403);
  });

  it("is refused 403 when t or k is missing or k is no P-256 point", () => {
    const token = vapidAuthorization(keys, AUDIENCE).split(",")[0] ?? "";
    expect(refused(check(token)).reason).toMatch(/no k/);
    expect(refused(check(`vapid k=${keys.publicKey}`)).reason).toMatch(/no t/);
    const badPoint = Buffer.alloc(65, 1);
    badPoint[0] = 4;
    expect(refused(check(`${token}, k=${badPoint.toString("base64url")}`)).reason).toMatch(
      /not a point on P-256/,
    );
    expect(refused(check(`${token}, k=AAAA`)).reason).toMatch(/k is 3 bytes/);
    expect(refused(check(`${token}, k=not*base64`)).reason).toMatch(/not base64url/);
    expect(refused(check("vapid t=a.b, k=x")).status).toBe(403);
  });

  it("is refused 401 when there are no vapid credentials at all", () => {
    expect(refused(check(undefined))).toMatchObject({ status: 401 });
    expect(refused(check(""))).toMatchObject({ status: 401 });
    expect(refused(check("WebPush eyJ0eXAi.x.y"))).toMatchObject({
      status: 401,
      reason: expect.stringMatching(/"WebPush", not "vapid"/),
    });
    expect(refused(check("key=AIzaSy"))).toMatchObject({ status: 401 });
  });

  it("reads the auth-params loosely: quoted values, any order, unknown ones ignored", () => {
    const [t, k] = vapidAuthorization(keys, AUDIENCE).slice("vapid ".length).split(", ");
    expect(check(`Vapid ${k},  realm="x",${t?.replace("t=", 't="')}"`).ok).toBe(true);
    expect(parseVapidAuthorization(`vapid t="a", k=b, z=1`)).toEqual({ ok: true, t: "a", k: "b" });
  });

  it("refuses 403 a key that is not the one a subscription was restricted to", () => {
    const verifier = new VapidVerifier(AUDIENCE);
    const header = vapidAuthorization(keys, AUDIENCE);
    expect(verifier.check(header, b64(keys.publicKey)).ok).toBe(true);
    expect(verifier.check(header, b64(vapidKeys().publicKey))).toMatchObject({
      ok: false,
      status: 403,
      reason: expect.stringMatching(/restricted/),
    });
  });

  it("caches a verified token, and still checks its time on every use", async () => {
    let now = Date.now();
    const verifier = new VapidVerifier(AUDIENCE, () => now);
    const header = vapidAuthorization(keys, AUDIENCE, { exp: Math.floor(now / 1000) + 60 });
    const first = verifier.checkAsync(header);
    expect(first).toBeInstanceOf(Promise);
    expect((await first).ok).toBe(true);
    const second = verifier.checkAsync(header);
    expect(second).not.toBeInstanceOf(Promise);
    expect((second as Awaited<typeof first>).ok).toBe(true);
    now += 120_000;
    expect(verifier.check(header)).toMatchObject({ ok: false, status: 403 });
    const token = header.slice("vapid t=".length, header.indexOf(", k="));
    const forged = `vapid t=${tamper(token)}, k=${keys.publicKey}`;
    expect(await verifier.checkAsync(forged)).toMatchObject({ ok: false, status: 403 });
  });
});
