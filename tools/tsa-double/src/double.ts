/**
 * A local time-stamping authority speaking the Time-Stamp Protocol of RFC 3161 over HTTP (§3.4), written
 * from the RFC, for tests and demonstrations that must not reach an outside authority.
 *
 * - A POST with `Content-Type: application/timestamp-query` and a DER TimeStampReq (§2.4.1) is answered
 *   `Content-Type: application/timestamp-reply` with a DER TimeStampResp (§2.4.2).
 * - A request it can serve is granted: the token is a CMS SignedData (RFC 5652) whose encapsulated content is
 *   a TSTInfo carrying the request's messageImprint and nonce, the authority's policy (or the one the
 *   request asked for), a serial number unique to this double and the generation time. It is signed with
 *   ECDSA P-256 / SHA-256 by the double's own key, over signed attributes holding the content type, the
 *   message digest and the ESS signingCertificateV2 (RFC 5816) naming its certificate. The certificate is
 *   included when the request asks for it (certReq).
 * - A request it cannot serve is rejected (status 2) with the failure the RFC names: badAlg for an unknown
 *   hash algorithm, badDataFormat for a malformed request or an imprint of the wrong length, unacceptedPolicy
 *   for a policy other than its own.
 *
 * The key and a self-signed certificate for it (extended key usage id-kp-timeStamping, critical, as §2.3
 * requires) are made at start, or handed in (`identity`) so a restarted double signs as the same authority.
 */
import { createHash, webcrypto } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import * as asn1js from "asn1js";
import * as pkijs from "pkijs";

const OID = {
  sha1: "1.3.14.3.2.26",
  sha256: "2.16.840.1.101.3.4.2.1",
  sha384: "2.16.840.1.101.3.4.2.2",
  sha512: "2.16.840.1.101.3.4.2.3",
  tstInfo: "1.2.840.113549.1.9.16.1.4",
  signedData: "1.2.840.113549.1.7.2",
  contentType: "1.2.840.113549.1.9.3",
  messageDigest: "1.2.840.113549.1.9.4",
  signingCertificateV2: "1.2.840.113549.1.9.16.2.47",
  ecdsaWithSha256: "1.2.840.10045.4.3.2",
  commonName: "2.5.4.3",
  extKeyUsage: "2.5.29.37",
  timeStamping: "1.3.6.1.5.5.7.3.8",
  basicConstraints: "2.5.29.19",
} as const;

/** Imprint lengths of the hash algorithms the double accepts (§2.4.1: the hash of the datum). */
const HASH_LENGTHS = new Map<string, number>([
  [OID.sha1, 20],
  [OID.sha256, 32],
  [OID.sha384, 48],
  [OID.sha512, 64],
]);

/** PKIFailureInfo bits (§2.4.2). */
const FAILURE = {
  badAlg: 0,
  badRequest: 2,
  badDataFormat: 5,
  unacceptedPolicy: 15,
} as const;

/** The double's default policy: an OID under 2.999, the arc X.660 sets aside for examples. */
export const DOUBLE_POLICY = "2.999.3161.1";

type CryptoKeyPair = webcrypto.CryptoKeyPair;

const engine = new pkijs.CryptoEngine({
  name: "node",
  crypto: webcrypto as unknown as ConstructorParameters<typeof pkijs.CryptoEngine>[0]["crypto"],
});
pkijs.setEngine("node", engine);

export interface TsaIdentity {
  /** The signing key pair (ECDSA P-256). */
  keys: CryptoKeyPair;
  certificate: pkijs.Certificate;
  /** The certificate, PEM: what a verifier is given (kalpa-verify --tsa-cert). */
  certificatePem: string;
}

export interface TsaDoubleOptions {
  port?: number;
  host?: string;
  /** The authority's key and certificate; made anew when left out. */
  identity?: TsaIdentity;
  policy?: string;
  /** The generation time of each token (a test's clock); the real time by default. */
  now?: () => Date;
}

export interface TimeStampRequestSeen {
  hashAlgorithm: string;
  hashedMessage: Buffer;
  nonce: bigint | undefined;
  certReq: boolean;
  /** 0 granted, 2 rejection. */
  status: number;
}

export interface TsaDouble {
  /** Where to POST requests: the URL to give LEDGER_TSA_URL. */
  readonly url: string;
  readonly port: number;
  readonly identity: TsaIdentity;
  readonly certificatePem: string;
  /** The requests answered so far, oldest first. */
  readonly requests: readonly TimeStampRequestSeen[];
  close(): Promise<void>;
}

function pem(label: string, der: ArrayBuffer): string {
  const base64 = Buffer.from(der).toString("base64");
  const lines = base64.match(/.{1,64}/g) ?? [];
  return `-----BEGIN ${label}-----\n${lines.join("\n")}\n-----END ${label}-----\n`;
}

function integerOf(value: bigint): asn1js.Integer {
  let hex = value.toString(16);
  if (hex.length % 2 === 1) hex = `0${hex}`;
  // A leading 1 bit would read as negative: DER keeps a zero byte before it.
  if (/^[89a-f]/.test(hex)) hex = `00${hex}`;
  return new asn1js.Integer({ valueHex: Buffer.from(hex, "hex") });
}

function bigintOf(value: asn1js.Integer): bigint {
  const hex = Buffer.from(value.valueBlock.valueHexView).toString("hex");
  return hex === "" ? 0n : BigInt(`0x${hex}`);
}

/** A new key and a self-signed certificate for it, valid for a year, for time-stamping only. */
export async function createTsaIdentity(commonName = "Kalpa TSA double"): Promise<TsaIdentity> {
  const keys = (await webcrypto.subtle.generateKey({ name: "ECDSA", namedCurve: "P-256" }, true, [
    "sign",
    "verify",
  ])) as CryptoKeyPair;
  const certificate = new pkijs.Certificate();
  certificate.version = 2;
  certificate.serialNumber = integerOf(
    BigInt(`0x${Buffer.from(webcrypto.getRandomValues(new Uint8Array(8))).toString("hex")}`) | 1n,
  );
  const name = [
    new pkijs.AttributeTypeAndValue({
      type: OID.commonName,
      value: new asn1js.Utf8String({ value: commonName }),
    }),
  ];
  certificate.subject.typesAndValues.push(...name);
  certificate.issuer.typesAndValues.push(...name);
  const notBefore = new Date(Date.now() - 60_000);
  certificate.notBefore.value = notBefore;
  certificate.notAfter.value = new Date(notBefore.getTime() + 365 * 86_400_000);
  certificate.extensions = [
    new pkijs.Extension({
      extnID: OID.basicConstraints,
      critical: true,
      extnValue: new pkijs.BasicConstraints({ cA: false }).toSchema().toBER(false),
      parsedValue: new pkijs.BasicConstraints({ cA: false }),
    }),
    // §2.3: the TSA's certificate holds exactly one extended key usage, id-kp-timeStamping, critical.
    new pkijs.Extension({
      extnID: OID.extKeyUsage,
      critical: true,
      extnValue: new pkijs.ExtKeyUsage({ keyPurposes: [OID.timeStamping] }).toSchema().toBER(false),
      parsedValue: new pkijs.ExtKeyUsage({ keyPurposes: [OID.timeStamping] }),
    }),
  ];
  // pkijs types keys as the DOM's CryptoKey; node's webcrypto keys are the same objects.
  await certificate.subjectPublicKeyInfo.importKey(keys.publicKey as never);
  await certificate.sign(keys.privateKey as never, "SHA-256");
  return {
    keys,
    certificate,
    certificatePem: pem("CERTIFICATE", certificate.toSchema().toBER(false)),
  };
}

class Rejection extends Error {
  constructor(
    readonly failure: number,
    message: string,
  ) {
    super(message);
  }
}

function rejection(failure: number, text: string): ArrayBuffer {
  const bits = new Uint8Array(Math.floor(failure / 8) + 1);
  bits[Math.floor(failure / 8)] = 0x80 >> (failure % 8);
  const unused = 7 - (failure % 8);
  const status = new asn1js.Sequence({
    value: [
      new asn1js.Integer({ value: 2 }),
      new asn1js.Sequence({ value: [new asn1js.Utf8String({ value: text })] }),
      new asn1js.BitString({ valueHex: bits, unusedBits: unused }),
    ],
  });
  return new asn1js.Sequence({ value: [status] }).toBER(false);
}

/** The signed token (a ContentInfo holding SignedData) for a TSTInfo. */
async function signToken(
  identity: TsaIdentity,
  tstInfo: pkijs.TSTInfo,
  includeCertificate: boolean,
): Promise<pkijs.ContentInfo> {
  const content = tstInfo.toSchema().toBER(false);
  const certificateDer = identity.certificate.toSchema().toBER(false);
  const essCertIdV2 = new asn1js.Sequence({
    // hashAlgorithm is left out: its DEFAULT is id-sha256 (RFC 5035).
    value: [
      new asn1js.OctetString({
        valueHex: createHash("sha256").update(Buffer.from(certificateDer)).digest(),
      }),
    ],
  });
  const signingCertificateV2 = new asn1js.Sequence({
    value: [new asn1js.Sequence({ value: [essCertIdV2] })],
  });
  const signedData = new pkijs.SignedData({
    version: 3,
    encapContentInfo: new pkijs.EncapsulatedContentInfo({
      eContentType: OID.tstInfo,
      eContent: new asn1js.OctetString({ valueHex: content }),
    }),
    signerInfos: [
      new pkijs.SignerInfo({
        version: 1,
        sid: new pkijs.IssuerAndSerialNumber({
          issuer: identity.certificate.issuer,
          serialNumber: identity.certificate.serialNumber,
        }),
        signedAttrs: new pkijs.SignedAndUnsignedAttributes({
          type: 0,
          attributes: [
            new pkijs.Attribute({
              type: OID.contentType,
              values: [new asn1js.ObjectIdentifier({ value: OID.tstInfo })],
            }),
            new pkijs.Attribute({
              type: OID.messageDigest,
              values: [
                new asn1js.OctetString({
                  valueHex: createHash("sha256").update(Buffer.from(content)).digest(),
                }),
              ],
            }),
            new pkijs.Attribute({ type: OID.signingCertificateV2, values: [signingCertificateV2] }),
          ],
        }),
      }),
    ],
    certificates: includeCertificate ? [identity.certificate] : undefined,
  });
  // pkijs splits eContent into a constructed (BER) OCTET STRING; the token is DER: one primitive string.
  signedData.encapContentInfo.eContent = new asn1js.OctetString({ valueHex: content });
  await signedData.sign(identity.keys.privateKey as never, 0, "SHA-256");
  return new pkijs.ContentInfo({ contentType: OID.signedData, content: signedData.toSchema(true) });
}

function readBody(request: IncomingMessage, limit: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        reject(new Error("request too large"));
        request.destroy();
        return;
      }
      chunks.push(chunk);
    });
    request.on("end", () => resolve(Buffer.concat(chunks)));
    request.on("error", reject);
  });
}

export async function startTsaDouble(options: TsaDoubleOptions = {}): Promise<TsaDouble> {
  const identity = options.identity ?? (await createTsaIdentity());
  const policy = options.policy ?? DOUBLE_POLICY;
  const now = options.now ?? (() => new Date());
  const requests: TimeStampRequestSeen[] = [];
  let serial = BigInt(Date.now()) * 1000n;

  async function answer(body: Buffer): Promise<ArrayBuffer> {
    let request: pkijs.TimeStampReq;
    try {
      request = pkijs.TimeStampReq.fromBER(new Uint8Array(body));
    } catch {
      throw new Rejection(FAILURE.badDataFormat, "the request is not a DER TimeStampReq");
    }
    const imprint = request.messageImprint;
    const algorithm = imprint.hashAlgorithm.algorithmId;
    const hashed = Buffer.from(imprint.hashedMessage.valueBlock.valueHexView);
    const seen: TimeStampRequestSeen = {
      hashAlgorithm: algorithm,
      hashedMessage: hashed,
      nonce: request.nonce ? bigintOf(request.nonce) : undefined,
      certReq: request.certReq ?? false,
      status: 2,
    };
    requests.push(seen);
    if (request.version !== 1) throw new Rejection(FAILURE.badRequest, "version must be 1");
    const length = HASH_LENGTHS.get(algorithm);
    if (length === undefined) throw new Rejection(FAILURE.badAlg, `unknown hash ${algorithm}`);
    if (hashed.length !== length) {
      throw new Rejection(FAILURE.badDataFormat, "the imprint is not that hash's length");
    }
    if (request.reqPolicy !== undefined && request.reqPolicy !== policy) {
      throw new Rejection(FAILURE.unacceptedPolicy, `policy ${request.reqPolicy} is not served`);
    }
    serial += 1n;
    const tstInfo = new pkijs.TSTInfo({
      version: 1,
      policy,
      messageImprint: imprint,
      serialNumber: integerOf(serial),
      genTime: now(),
      accuracy: new pkijs.Accuracy({ seconds: 1 }),
      ...(request.nonce ? { nonce: request.nonce } : {}),
    });
    const token = await signToken(identity, tstInfo, seen.certReq);
    seen.status = 0;
    return new pkijs.TimeStampResp({
      status: new pkijs.PKIStatusInfo({ status: 0 }),
      timeStampToken: token,
    })
      .toSchema()
      .toBER(false);
  }

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    if (request.method !== "POST") {
      response.writeHead(405, { allow: "POST" }).end();
      return;
    }
    const type = (request.headers["content-type"] ?? "").split(";")[0]?.trim().toLowerCase();
    if (type !== "application/timestamp-query") {
      response
        .writeHead(415, { "content-type": "text/plain" })
        .end("application/timestamp-query\n");
      return;
    }
    let body: Buffer;
    try {
      body = await readBody(request, 64 * 1024);
    } catch {
      response.writeHead(413).end();
      return;
    }
    let reply: ArrayBuffer;
    try {
      reply = await answer(body);
    } catch (error) {
      if (!(error instanceof Rejection)) throw error;
      reply = rejection(error.failure, error.message);
    }
    response
      .writeHead(200, {
        "content-type": "application/timestamp-reply",
        "content-length": reply.byteLength,
      })
      .end(Buffer.from(reply));
  }

  const server = createServer((request, response) => {
    handle(request, response).catch(() => {
      if (!response.headersSent) response.writeHead(500).end();
      else response.destroy();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, options.host ?? "127.0.0.1", () => resolve());
  });
  const address = server.address() as AddressInfo;
  const host = address.family === "IPv6" ? `[${address.address}]` : address.address;
  return {
    url: `http://${host}:${address.port}/`,
    port: address.port,
    identity,
    certificatePem: identity.certificatePem,
    requests,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
