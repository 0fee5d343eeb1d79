/**
 * A self-signed X.509 certificate (ECDSA P-256, SHA-256) for the double's optional HTTPS mode, built
 * with Node's crypto and a few lines of DER, since Node can parse certificates but not make them.
 *
 * The `web-push` package sends with `https.request` whatever the endpoint's scheme, so an application
 * server using it reaches a plain-HTTP double only through a custom agent; over HTTPS it needs nothing
 * but trust in this certificate (NODE_EXTRA_CA_CERTS, or an agent's `ca`).
 */
import { generateKeyPairSync, randomBytes, sign } from "node:crypto";
import { isIPv4, isIPv6 } from "node:net";

function derLength(length: number): Buffer {
  if (length < 0x80) return Buffer.from([length]);
  const bytes: number[] = [];
  for (let rest = length; rest > 0; rest = Math.floor(rest / 256)) bytes.unshift(rest & 0xff);
  return Buffer.from([0x80 | bytes.length, ...bytes]);
}

function der(tag: number, content: Buffer): Buffer {
  return Buffer.concat([Buffer.from([tag]), derLength(content.length), content]);
}

const sequence = (...parts: Buffer[]) => der(0x30, Buffer.concat(parts));

function oid(dotted: string): Buffer {
  const [first = 0, second = 0, ...rest] = dotted.split(".").map(Number);
  const bytes = [40 * first + second];
  for (const arc of rest) {
    const groups = [arc & 0x7f];
    for (let value = Math.floor(arc / 128); value > 0; value = Math.floor(value / 128)) {
      groups.unshift((value & 0x7f) | 0x80);
    }
    bytes.push(...groups);
  }
  return der(0x06, Buffer.from(bytes));
}

function positiveInteger(bytes: Buffer): Buffer {
  let start = 0;
  while (start < bytes.length - 1 && bytes[start] === 0) start++;
  const trimmed = bytes.subarray(start);
  return der(
    0x02,
    ((trimmed[0] as number) & 0x80) === 0 ? trimmed : Buffer.concat([Buffer.from([0]), trimmed]),
  );
}

function time(at: Date): Buffer {
  const iso = at.toISOString(); // YYYY-MM-DDTHH:MM:SS.sssZ
  const digits = `${iso.slice(0, 4)}${iso.slice(5, 7)}${iso.slice(8, 10)}${iso.slice(11, 13)}${iso.slice(14, 16)}${iso.slice(17, 19)}Z`;
  // RFC 5280 section 4.1.2.5: UTCTime through 2049, GeneralizedTime from 2050.
  return at.getUTCFullYear() < 2050
    ? der(0x17, Buffer.from(digits.slice(2), "latin1"))
    : der(0x18, Buffer.from(digits, "latin1"));
}

function ipBytes(address: string): Buffer {
  if (isIPv4(address)) return Buffer.from(address.split(".").map(Number));
  const [head = "", tail] = address.split("::");
  const groups = (text: string) => (text === "" ? [] : text.split(":"));
  const left = groups(head);
  const right = tail === undefined ? [] : groups(tail);
  const all = [...left, ...Array(8 - left.length - right.length).fill("0"), ...right];
  const bytes = Buffer.alloc(16);
  all.forEach((group, i) => {
    bytes.writeUInt16BE(Number.parseInt(group, 16), 2 * i);
  });
  return bytes;
}

export interface SelfSignedCertificate {
  /** The private key, PKCS#8 PEM. */
  readonly key: string;
  /** The certificate, PEM. */
  readonly cert: string;
}

/**
 * A certificate for `hosts` (IP addresses and DNS names), valid from a day ago for `days` days, that
 * is its own issuer and a CA (so a client can trust it directly).
 */
export function selfSignedCertificate(
  hosts: readonly string[],
  options: { readonly commonName?: string; readonly days?: number; readonly now?: Date } = {},
): SelfSignedCertificate {
  const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
  const now = options.now ?? new Date();
  const ecdsaWithSha256 = sequence(oid("1.2.840.10045.4.3.2"));
  const name = sequence(
    der(
      0x31,
      sequence(
        oid("2.5.4.3"),
        der(0x0c, Buffer.from(options.commonName ?? "Kalpa push double", "utf8")),
      ),
    ),
  );
  const altNames = [...new Set(hosts)].map((host) =>
    isIPv4(host) || isIPv6(host)
      ? der(0x87, ipBytes(host))
      : der(0x82, Buffer.from(host, "latin1")),
  );
  const extensions = der(
    0xa3,
    sequence(
      // basicConstraints, critical: CA true.
      sequence(
        oid("2.5.29.19"),
        der(0x01, Buffer.from([0xff])),
        der(0x04, sequence(der(0x01, Buffer.from([0xff])))),
      ),
      // subjectAltName: the names a client checks the host against.
      sequence(oid("2.5.29.17"), der(0x04, sequence(...altNames))),
    ),
  );
  const tbs = sequence(
    der(0xa0, positiveInteger(Buffer.from([2]))), // version 3
    positiveInteger(Buffer.concat([Buffer.from([0x01]), randomBytes(15)])),
    ecdsaWithSha256,
    name,
    sequence(
      time(new Date(now.getTime() - 86_400_000)),
      time(new Date(now.getTime() + (options.days ?? 365) * 86_400_000)),
    ),
    name,
    publicKey.export({ type: "spki", format: "der" }),
    extensions,
  );
  const signature = sign("sha256", tbs, privateKey);
  const certificate = sequence(
    tbs,
    ecdsaWithSha256,
    der(0x03, Buffer.concat([Buffer.from([0]), signature])),
  );
  const base64 = certificate.toString("base64").replace(/.{64}/g, "$&\n");
  return {
    key: privateKey.export({ type: "pkcs8", format: "pem" }).toString(),
    cert: `-----BEGIN CERTIFICATE-----\n${base64}${base64.endsWith("\n") ? "" : "\n"}-----END CERTIFICATE-----\n`,
  };
}
