/**
 * Helpers for the double's tests: the specifications' published examples, an application server's
 * side written from the same specifications (VAPID JWTs, aes128gcm records, including wrong ones a
 * library would never make), and a raw HTTP client that sends exactly the given headers.
 */
import {
  createCipheriv,
  createECDH,
  generateKeyPairSync,
  hkdfSync,
  type KeyObject,
  randomBytes,
  sign,
} from "node:crypto";
import { type IncomingHttpHeaders, request } from "node:http";
import type { PushSubscriptionJSON } from "../src/browser-keys";
import { webPushInputKeyingMaterial } from "../src/decrypt";

/** Joins an example's line-wrapped base64url, as the RFCs say may be done. */
const unwrap = (...lines: string[]) => lines.join("");

/**
 * RFC 8291 section 5 and Appendix A ("Intermediate Values for Encryption"), as printed there; the
 * wrapped values are joined again.
 */
export const RFC8291 = {
  plaintext: "When I grow up, I want to be a watermelon",
  plaintextBase64: "V2hlbiBJIGdyb3cgdXAsIEkgd2FudCB0byBiZSBhIHdhdGVybWVsb24",
  asPublic: unwrap(
    "BP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIg",
    "Dll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A8",
  ),
  asPrivate: "yfWPiYE-n46HLnH0KqZOF1fJJU3MYrct3AELtAQ-oRw",
  uaPublic: unwrap(
    "BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcx",
    "aOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4",
  ),
  uaPrivate: "q1dXpw3UpT5VOmu_cf_v6ih07Aems3njxI-JWgLcM94",
  salt: "DGv6ra1nlYgDCS1FRnbzlw",
  authSecret: "BTBZMqHH6r4Tts7J_aSIgg",
  ecdhSecret: "kyrL1jIIOHEzg3sM2ZWRHDRB62YACZhhSlknJ672kSs",
  keyInfo: unwrap(
    "V2ViUHVzaDogaW5mbwAEJXGyvs3942BVGq8e0PTNNmwR",
    "zr5VX4m8t7GGpTM5FzFo7OLr4BhZe9MEebhuPI-OztV3",
    "ylkYfpJGmQ22ggCLDgT-M_SrDepxkU21WCP3O1SUj0Ew",
    "bZIHMtu5pZpTKGSCIA5Zent7wmC6HCJ5mFgJkuk5cwAv",
    "MBKiiujwa7t45ewP",
  ),
  ikm: "S4lYMb_L0FxCeq0WhDx813KgSYqU26kOyzWUdsXYyrg",
  cekInfo: "Q29udGVudC1FbmNvZGluZzogYWVzMTI4Z2NtAA",
  cek: "oIhVW04MRdy2XN9CiKLxTg",
  nonceInfo: "Q29udGVudC1FbmNvZGluZzogbm9uY2UA",
  nonce: "4h_95klXJ5E_qnoN",
  /** "an 86 octet header of" */
  header: unwrap(
    "DGv6ra1nlYgDCS1FRnbzlwAAEABBBP4z",
    "9KsN6nGRTbVYI_c7VJSPQTBtkgcy27ml",
    "mlMoZIIgDll6e3vCYLocInmYWAmS6Tlz",
    "AC8wEqKK6PBru3jl7A8",
  ),
  paddedPlaintext: unwrap("V2hlbiBJIGdyb3cgdXAsIEkgd2FudCB0", "byBiZSBhIHdhdGVybWVsb24C"),
  ciphertext: unwrap(
    "8pfeW0KbunFT06SuDKoJH9Ql87S1QUrd",
    "irN6GcG7sFz1y1sqLgVi1VhjVkHsUoEs",
    "bI_0LpXMuGvnzQ",
  ),
  /** Section 5's request body: 144 bytes (the example's Content-Length line says 145). */
  body: unwrap(
    "DGv6ra1nlYgDCS1FRnbzlwAAEABBBP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27ml",
    "mlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A_yl95bQpu6cVPT",
    "pK4Mqgkf1CXztLVBSt2Ks3oZwbuwXPXLWyouBWLVWGNWQexSgSxsj_Qulcy4a-fN",
  ),
} as const;

/** RFC 8188 section 3 ("Examples"). */
export const RFC8188 = {
  /** 3.1, "Encryption of a Response": rs 4096, an empty keyid, one record. */
  single: {
    plaintext: "I am the walrus",
    ikm: "yqdlZ-tYemfogSmv7Ws5PQ",
    body: unwrap("I1BsxtFttlv3u_Oo94xnmwAAEAAA-NAVub2qFgBEuQKRapoZu-IxkIva3MEB1PD-", "ly8Thjg"),
    /**
     * The text says "the 54 octet content body" but prints 71 base64url characters, 53 bytes: the
     * 21-byte header, 15 of text, the delimiter and the 16-byte tag. The bytes are what decrypt.
     */
    bodyBytes: 53,
    salt: "I1BsxtFttlv3u_Oo94xnmw",
    prk: "zyeH5phsIsgUyd4oiSEIy35x-gIi4aM7y0hCF8mwn9g",
    cek: "_wniytB-ofscZDh4tbSjHw",
    nonce: "Bcs8gkIRKLI8GeI8",
    unencrypted: "SSBhbSB0aGUgd2FscnVzAg",
  },
  /** 3.2, "Encryption with Multiple Records": rs 25, keyid "a1", two records. */
  multiple: {
    plaintext: "I am the walrus",
    ikm: "BO3ZVPxUlnLORbVGMpbT1Q",
    keyid: "a1",
    rs: 25,
    body: unwrap(
      "uNCkWiNYzKTnBN9ji3-qWAAAABkCYTHOG8chz_gnvgOqdGYovxyjuqRyJFjEDyoF",
      "1Fvkj6hQPdPHI51OEUKEpgz3SsLWIqS_uA",
    ),
    bodyBytes: 73,
  },
} as const;

/** RFC 8292 section 2.4 ("Example"): the Authorization header's two parameters. */
export const RFC8292 = {
  token: unwrap(
    "eyJ0eXAiOiJKV1QiLCJhbGciOiJFUzI1NiJ9.eyJhdWQiOiJodHRwczovL3",
    "B1c2guZXhhbXBsZS5uZXQiLCJleHAiOjE0NTM1MjM3NjgsInN1YiI6Im1ha",
    "Wx0bzpwdXNoQGV4YW1wbGUuY29tIn0.i3CYb7t4xfxCDquptFOepC9GAu_H",
    "LGkMlMuCGSK2rpiUfnK9ojFwDXb1JrErtmysazNjjvW2L9OkSSHzvoD1oA",
  ),
  key: unwrap(
    "BA1Hxzyi1RUM1b5wjxsn7nGxAszw2u61m164i3MrAIxHF6YK5h4SDYic-dR",
    "uU_RCPCfA5aq9ojSwk5Y2EmClBPs",
  ),
  /** The JWK printed beside it (Figure 2). */
  jwk: {
    x: "DUfHPKLVFQzVvnCPGyfucbECzPDa7rWbXriLcysAjEc",
    y: "F6YK5h4SDYic-dRuU_RCPCfA5aq9ojSwk5Y2EmClBPs",
  },
  audience: "https://push.example.net",
  subject: "mailto:push@example.com",
} as const;

export const b64 = (text: string) => Buffer.from(text, "base64url");

// ---- an application server's VAPID side --------------------------------------------------------

export interface VapidKeys {
  readonly privateKey: KeyObject;
  /** The uncompressed public point, base64url: `k`. */
  readonly publicKey: string;
}

export function vapidKeys(): VapidKeys {
  const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
  const jwk = publicKey.export({ format: "jwk" });
  const point = Buffer.concat([Buffer.from([4]), b64(jwk.x ?? ""), b64(jwk.y ?? "")]);
  return { privateKey, publicKey: point.toString("base64url") };
}

const json64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");

/** A compact JWS over `claims`, signed ES256 (r || s) unless `header` says otherwise. */
export function signJwt(
  claims: Record<string, unknown>,
  privateKey: KeyObject,
  header: Record<string, unknown> = { typ: "JWT", alg: "ES256" },
): string {
  const input = `${json64(header)}.${json64(claims)}`;
  const signature = sign("sha256", Buffer.from(input), {
    key: privateKey,
    dsaEncoding: "ieee-p1363",
  });
  return `${input}.${signature.toString("base64url")}`;
}

/** `vapid t=…, k=…` for `audience`, 12 hours ahead, with a mailto: contact, unless overridden. */
export function vapidAuthorization(
  keys: VapidKeys,
  audience: string,
  claims: Record<string, unknown> = {},
): string {
  const token = signJwt(
    {
      aud: audience,
      exp: Math.floor(Date.now() / 1000) + 12 * 3600,
      sub: "mailto:ops@example.com",
      ...claims,
    },
    keys.privateKey,
  );
  return `vapid t=${token}, k=${keys.publicKey}`;
}

// ---- an application server's encryption side ---------------------------------------------------

export interface RecordSpec {
  readonly plaintext: Uint8Array | string;
  /** 2 for the last record, 1 before it, unless a test wants a wrong one (0: none at all). */
  readonly delimiter?: number;
  readonly padding?: number;
}

/** An aes128gcm body with the records as given (RFC 8188 section 2), right or deliberately wrong. */
export function encryptAes128gcm(options: {
  readonly ikm: Uint8Array;
  readonly keyid: Uint8Array;
  readonly rs: number;
  readonly records: readonly RecordSpec[];
  readonly salt?: Uint8Array;
}): Buffer {
  const salt = Buffer.from(options.salt ?? randomBytes(16));
  const cek = Buffer.from(
    hkdfSync("sha256", options.ikm, salt, Buffer.from("Content-Encoding: aes128gcm\0"), 16),
  );
  const base = Buffer.from(
    hkdfSync("sha256", options.ikm, salt, Buffer.from("Content-Encoding: nonce\0"), 12),
  );
  const header = Buffer.alloc(21);
  salt.copy(header);
  header.writeUInt32BE(options.rs, 16);
  header[20] = options.keyid.length;
  const parts: Buffer[] = [header, Buffer.from(options.keyid)];
  options.records.forEach((record, seq) => {
    const last = seq === options.records.length - 1;
    const delimiter = record.delimiter ?? (last ? 2 : 1);
    const plain = Buffer.concat([
      Buffer.from(record.plaintext),
      delimiter === 0 ? Buffer.alloc(0) : Buffer.from([delimiter]),
      Buffer.alloc(record.padding ?? 0),
    ]);
    const nonce = Buffer.from(base);
    nonce.writeUInt32BE((nonce.readUInt32BE(8) ^ seq) >>> 0, 8);
    const cipher = createCipheriv("aes-128-gcm", cek, nonce);
    parts.push(cipher.update(plain), cipher.final(), cipher.getAuthTag());
  });
  return Buffer.concat(parts);
}

/** An RFC 8291 body for a subscription, with the records (and rs) a test chooses. */
export function encryptWebPush(
  subscription: PushSubscriptionJSON,
  records: readonly RecordSpec[],
  options: { readonly rs?: number; readonly sender?: ReturnType<typeof createECDH> } = {},
): Buffer {
  const sender = options.sender ?? createECDH("prime256v1");
  if (options.sender === undefined) sender.generateKeys();
  const uaPublic = b64(subscription.keys.p256dh);
  const ikm = webPushInputKeyingMaterial(
    sender.computeSecret(uaPublic),
    b64(subscription.keys.auth),
    uaPublic,
    sender.getPublicKey(),
  );
  return encryptAes128gcm({ ikm, keyid: sender.getPublicKey(), rs: options.rs ?? 4096, records });
}

// ---- a raw HTTP client ------------------------------------------------------------------------

export interface RawResponse {
  readonly status: number;
  readonly headers: IncomingHttpHeaders;
  readonly text: string;
}

/** POSTs (or `method`s) `body` with exactly `headers` (an array value repeats the header). */
export function send(
  url: string,
  headers: Record<string, string | string[]>,
  body: Uint8Array = Buffer.alloc(0),
  method = "POST",
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const target = new URL(url);
    const req = request(
      {
        host: target.hostname,
        port: target.port,
        path: `${target.pathname}${target.search}`,
        method,
        headers: { ...headers, "Content-Length": String(body.length) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            text: Buffer.concat(chunks).toString("utf8"),
          }),
        );
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}
