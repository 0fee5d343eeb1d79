/**
 * Checking an application server's VAPID credentials (RFC 8292) as a push service does:
 *
 *   Authorization: vapid t=<JWT>, k=<base64url uncompressed P-256 public key>
 *
 * The JWT is a JWS signed with ES256 (ECDSA P-256, SHA-256; the signature is r || s, 64 bytes) by the
 * key in `k`. Its `aud` is the origin of the push resource URL, its `exp` is in the future and at most
 * 24 hours ahead, and `sub` (RFC 8292: SHOULD) is a mailto: or https: contact; this double requires it.
 *
 * Absent credentials are answered 401; present but invalid ones 403 (RFC 8292 section 4.2).
 */
import { createPublicKey, type KeyObject, verify } from "node:crypto";
import { tryFromBase64Url } from "./base64url";
import { P256_POINT_BYTES } from "./browser-keys";

/** RFC 8292 section 2: "An 'exp' claim MUST NOT be more than 24 hours from the time of the request." */
export const VAPID_MAX_LIFETIME_SECONDS = 24 * 60 * 60;

export interface VapidClaims {
  readonly aud: string | readonly string[];
  readonly exp: number;
  readonly sub: string;
  readonly [claim: string]: unknown;
}

/** What was checked, when the credentials hold. */
export interface VapidIdentity {
  /** `k` as sent (base64url). */
  readonly key: string;
  /** `k` decoded: the 65-byte uncompressed point. */
  readonly publicKey: Buffer;
  /** The JWT as sent. */
  readonly token: string;
  readonly header: { readonly alg: "ES256"; readonly [name: string]: unknown };
  readonly claims: VapidClaims;
}

export type VapidCheck =
  | { readonly ok: true; readonly identity: VapidIdentity }
  | { readonly ok: false; readonly status: 401 | 403; readonly reason: string };

export interface VapidCheckOptions {
  /** The push resource's origin, e.g. `http://127.0.0.1:8790`: what `aud` must hold. */
  readonly audience: string;
  /** The time of the request (epoch ms; default now). */
  readonly now?: number;
  /**
   * For a restricted subscription (RFC 8292 section 4): the application server key it was created
   * with (base64url or bytes). A different `k` is refused.
   */
  readonly applicationServerKey?: string | Uint8Array;
}

function refuse(status: 401 | 403, reason: string): VapidCheck {
  return { ok: false, status, reason };
}

/** The `t` and `k` parameters of a `vapid` Authorization value, or why there are none. */
export function parseVapidAuthorization(
  value: string | undefined,
):
  | { readonly ok: true; readonly t: string | undefined; readonly k: string | undefined }
  | { readonly ok: false; readonly status: 401; readonly reason: string } {
  if (value === undefined || value.trim() === "") {
    return {
      ok: false,
      status: 401,
      reason: "no Authorization header: this push service requires VAPID (vapid t=<JWT>, k=<key>)",
    };
  }
  const trimmed = value.trim();
  const space = trimmed.search(/\s/);
  const scheme = space < 0 ? trimmed : trimmed.slice(0, space);
  if (scheme.toLowerCase() !== "vapid") {
    return {
      ok: false,
      status: 401,
      reason: `the Authorization scheme is "${scheme}", not "vapid" (RFC 8292 section 3)`,
    };
  }
  let t: string | undefined;
  let k: string | undefined;
  // auth-param = token BWS "=" BWS ( token / quoted-string ), separated by commas. Unknown
  // parameters are ignored (RFC 8292 section 3).
  for (const part of space < 0 ? [] : trimmed.slice(space + 1).split(",")) {
    const eq = part.indexOf("=");
    if (eq < 0) continue;
    const name = part.slice(0, eq).trim().toLowerCase();
    let param = part.slice(eq + 1).trim();
    if (param.length >= 2 && param.startsWith('"') && param.endsWith('"')) {
      param = param.slice(1, -1);
    }
    if (name === "t") t = param;
    else if (name === "k") k = param;
  }
  return { ok: true, t, k };
}

function parseJsonPart(part: string): Record<string, unknown> | undefined {
  const bytes = tryFromBase64Url(part);
  if (bytes === undefined) return undefined;
  try {
    const value: unknown = JSON.parse(bytes.toString("utf8"));
    return value !== null && typeof value === "object" && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

/** The public key in `k`, or why it is not one. */
export function vapidPublicKey(
  k: string,
): { readonly point: Buffer; readonly key: KeyObject } | { readonly reason: string } {
  const point = tryFromBase64Url(k);
  if (point === undefined) return { reason: "k is not base64url" };
  if (point.length !== P256_POINT_BYTES || point[0] !== 0x04) {
    return {
      reason: `k is ${point.length} bytes; RFC 8292 section 3.2 wants an uncompressed P-256 point (65 bytes starting 0x04)`,
    };
  }
  try {
    const key = createPublicKey({
      key: {
        kty: "EC",
        crv: "P-256",
        x: point.subarray(1, 33).toString("base64url"),
        y: point.subarray(33, 65).toString("base64url"),
      },
      format: "jwk",
    });
    return { point, key };
  } catch {
    return { reason: "k is not a point on P-256" };
  }
}

interface ParsedJwt {
  readonly header: VapidIdentity["header"];
  readonly claims: Record<string, unknown>;
  /** `header.payload`: what was signed. */
  readonly signingInput: Buffer;
  readonly signature: Buffer;
}

/** The JWT's parts, or why it is not an ES256 JWT. */
function parseJwt(token: string): ParsedJwt | { readonly reason: string } {
  const firstDot = token.indexOf(".");
  const secondDot = firstDot < 0 ? -1 : token.indexOf(".", firstDot + 1);
  if (secondDot < 0 || token.indexOf(".", secondDot + 1) >= 0) {
    return { reason: "t is not a JWT in compact form (header.payload.signature)" };
  }
  const header = parseJsonPart(token.slice(0, firstDot));
  if (header === undefined) return { reason: "the JWT header is not base64url JSON" };
  if (header.alg !== "ES256") {
    return {
      reason: `the JWT is signed with ${String(header.alg)}, not ES256 (RFC 8292 section 2)`,
    };
  }
  if (header.typ !== undefined && header.typ !== "JWT") {
    return { reason: `the JWT header's typ is ${String(header.typ)}, not JWT` };
  }
  const claims = parseJsonPart(token.slice(firstDot + 1, secondDot));
  if (claims === undefined) return { reason: "the JWT claims are not a base64url JSON object" };
  const signature = tryFromBase64Url(token.slice(secondDot + 1));
  if (signature === undefined || signature.length !== 64) {
    return { reason: "the JWT signature is not a 64-byte ES256 signature (r || s)" };
  }
  return {
    header: header as VapidIdentity["header"],
    claims,
    signingInput: Buffer.from(token.slice(0, secondDot), "latin1"),
    signature,
  };
}

const BAD_SIGNATURE = "the JWT signature does not verify with the key in k";

/** The claims' checks that depend on the request: audience, time and contact. */
function checkClaims(
  claims: Record<string, unknown>,
  audience: string,
  nowMs: number,
): string | undefined {
  const { aud, exp, sub } = claims;
  const audiences = Array.isArray(aud) ? aud : [aud];
  if (!audiences.includes(audience)) {
    return `aud ${JSON.stringify(aud)} is not this push service's origin "${audience}" (RFC 8292 section 2)`;
  }
  if (typeof exp !== "number" || !Number.isFinite(exp)) {
    return "the JWT has no numeric exp claim (RFC 8292 section 2)";
  }
  const nowSeconds = nowMs / 1000;
  if (nowSeconds > exp) {
    return `the JWT expired at ${new Date(exp * 1000).toISOString()} (exp ${exp})`;
  }
  if (exp - nowSeconds > VAPID_MAX_LIFETIME_SECONDS) {
    return `exp ${exp} is ${Math.round((exp - nowSeconds) / 360) / 10} h ahead, more than the 24 h RFC 8292 section 2 allows`;
  }
  if (typeof sub !== "string" || !(sub.startsWith("mailto:") || sub.startsWith("https:"))) {
    return `sub ${sub === undefined ? "is missing" : JSON.stringify(sub)}${sub === undefined ? "" : " is not a mailto: or https: URI"}: this push service wants a contact (RFC 8292 section 2.1)`;
  }
  return undefined;
}

function restrictionOf(key: string | Uint8Array | undefined): Buffer | undefined {
  if (key === undefined) return undefined;
  if (typeof key !== "string") return Buffer.from(key);
  const bytes = tryFromBase64Url(key);
  if (bytes === undefined) throw new Error("the application server key is not base64url");
  return bytes;
}

interface Verified {
  readonly point: Buffer;
  readonly header: VapidIdentity["header"];
  readonly claims: Record<string, unknown>;
}

/**
 * A push service's VAPID checks with the caches RFC 8292 section 5 invites ("application servers are
 * therefore encouraged to reuse tokens, which permits the push service to cache the results of
 * signature validation"): imported keys by `k`, and verified signatures by (t, k). The audience, time
 * and restriction checks run on every request.
 */
export class VapidVerifier {
  private readonly keys = new Map<string, { point: Buffer; key: KeyObject } | { reason: string }>();
  private readonly tokens = new Map<string, Verified>();
  private readonly pending = new Map<string, Promise<Verified | undefined>>();

  constructor(
    private readonly audience: string,
    private readonly clock: () => number = Date.now,
    private readonly cacheSize = 4096,
  ) {}

  /** Checks an Authorization value, verifying a signature not seen before on this thread. */
  check(authorization: string | undefined, applicationServerKey?: Buffer): VapidCheck {
    const step = this.prepare(authorization);
    if ("status" in step) return step;
    if ("verified" in step) return this.finish(step.verified, step.k, step.t, applicationServerKey);
    const signed = verify(
      "sha256",
      step.jwt.signingInput,
      { key: step.key, dsaEncoding: "ieee-p1363" },
      step.jwt.signature,
    );
    if (!signed) return refuse(403, BAD_SIGNATURE);
    return this.finish(this.remember(step), step.k, step.t, applicationServerKey);
  }

  /**
   * `check`, but a signature not seen before is verified in libuv's thread pool (Node's callback
   * form of crypto.verify), off the event loop: the answer is then a promise. Cached tokens and
   * early refusals are answered at once.
   */
  checkAsync(
    authorization: string | undefined,
    applicationServerKey?: Buffer,
  ): VapidCheck | Promise<VapidCheck> {
    const step = this.prepare(authorization);
    if ("status" in step) return step;
    if ("verified" in step) return this.finish(step.verified, step.k, step.t, applicationServerKey);
    const cacheKey = `${step.k} ${step.t}`;
    let pending = this.pending.get(cacheKey);
    if (pending === undefined) {
      // One verification for a burst of requests carrying the same new token.
      pending = new Promise<Verified | undefined>((resolve) => {
        verify(
          "sha256",
          step.jwt.signingInput,
          { key: step.key, dsaEncoding: "ieee-p1363" },
          step.jwt.signature,
          (error, signed) => {
            this.pending.delete(cacheKey);
            resolve(error === null && signed ? this.remember(step) : undefined);
          },
        );
      });
      this.pending.set(cacheKey, pending);
    }
    return pending.then((verified) =>
      verified === undefined
        ? refuse(403, BAD_SIGNATURE)
        : this.finish(verified, step.k, step.t, applicationServerKey),
    );
  }

  private prepare(authorization: string | undefined):
    | Extract<VapidCheck, { ok: false }>
    | { readonly k: string; readonly t: string; readonly verified: Verified }
    | {
        readonly k: string;
        readonly t: string;
        readonly point: Buffer;
        readonly key: KeyObject;
        readonly jwt: ParsedJwt;
      } {
    const parsed = parseVapidAuthorization(authorization);
    if (!parsed.ok) return parsed;
    const { t, k } = parsed;
    if (t === undefined || t === "") {
      return { ok: false, status: 403, reason: "the vapid credentials have no t (the JWT)" };
    }
    if (k === undefined || k === "") {
      return { ok: false, status: 403, reason: "the vapid credentials have no k (the public key)" };
    }
    const verified = this.tokens.get(`${k} ${t}`);
    if (verified !== undefined) return { k, t, verified };
    let imported = this.keys.get(k);
    if (imported === undefined) {
      imported = vapidPublicKey(k);
      if (this.keys.size >= this.cacheSize) this.keys.clear();
      this.keys.set(k, imported);
    }
    if ("reason" in imported) return { ok: false, status: 403, reason: imported.reason };
    const jwt = parseJwt(t);
    if ("reason" in jwt) return { ok: false, status: 403, reason: jwt.reason };
    return { k, t, point: imported.point, key: imported.key, jwt };
  }

  private remember(step: { k: string; t: string; point: Buffer; jwt: ParsedJwt }): Verified {
    const verified = { point: step.point, header: step.jwt.header, claims: step.jwt.claims };
    if (this.tokens.size >= this.cacheSize) this.tokens.clear();
    this.tokens.set(`${step.k} ${step.t}`, verified);
    return verified;
  }

  private finish(
    verified: Verified,
    k: string,
    t: string,
    applicationServerKey: Buffer | undefined,
  ): VapidCheck {
    if (applicationServerKey !== undefined && !verified.point.equals(applicationServerKey)) {
      return refuse(
        403,
        "k is not the application server key this subscription was restricted to (RFC 8292 section 4.2)",
      );
    }
    const problem = checkClaims(verified.claims, this.audience, this.clock());
    if (problem !== undefined) return refuse(403, problem);
    return {
      ok: true,
      identity: {
        key: k,
        publicKey: verified.point,
        token: t,
        header: verified.header,
        claims: verified.claims as unknown as VapidClaims,
      },
    };
  }
}

/** Checks one Authorization value (no caching): what was checked, or the status and the reason. */
export function verifyVapid(
  authorization: string | undefined,
  options: VapidCheckOptions,
): VapidCheck {
  const verifier = new VapidVerifier(options.audience, () => options.now ?? Date.now());
  return verifier.check(authorization, restrictionOf(options.applicationServerKey));
}

/** `applicationServerKey` (base64url) as bytes, for restricting a subscription. */
export function applicationServerKeyBytes(key: string | Uint8Array): Buffer {
  const bytes = restrictionOf(key) as Buffer;
  if (bytes.length !== P256_POINT_BYTES || bytes[0] !== 0x04) {
    throw new Error("an application server key is an uncompressed P-256 point: 65 bytes from 0x04");
  }
  return bytes;
}
