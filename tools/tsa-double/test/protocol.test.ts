/**
 * The double against RFC 3161 as read by pkijs (an implementation other than kalpa-verify's): a request is
 * granted with a token stamping its imprint and nonce, signed by the double's certificate; a request it
 * cannot serve is rejected with the failure the RFC names.
 */
import { createHash, randomBytes } from "node:crypto";
import * as asn1js from "asn1js";
import * as pkijs from "pkijs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTsaDouble, type TsaDouble } from "../src/double";

const SHA256 = "2.16.840.1.101.3.4.2.1";
const MD5 = "1.2.840.113549.2.5";

let double: TsaDouble;
beforeAll(async () => {
  double = await startTsaDouble();
});
afterAll(async () => {
  await double.close();
});

function request(options: {
  algorithm?: string;
  hash?: Buffer;
  nonce?: bigint;
  certReq?: boolean;
}) {
  const hash = options.hash ?? createHash("sha256").update("a signed head").digest();
  const nonce = options.nonce;
  return new pkijs.TimeStampReq({
    version: 1,
    messageImprint: new pkijs.MessageImprint({
      hashAlgorithm: new pkijs.AlgorithmIdentifier({
        algorithmId: options.algorithm ?? SHA256,
        algorithmParams: new asn1js.Null(),
      }),
      hashedMessage: new asn1js.OctetString({ valueHex: hash }),
    }),
    ...(nonce === undefined
      ? {}
      : {
          nonce: new asn1js.Integer({
            valueHex: Buffer.from(nonce.toString(16).padStart(16, "0"), "hex"),
          }),
        }),
    certReq: options.certReq ?? true,
  })
    .toSchema()
    .toBER(false);
}

async function post(body: ArrayBuffer, type = "application/timestamp-query") {
  const response = await fetch(double.url, {
    method: "POST",
    headers: { "content-type": type },
    body: Buffer.from(body),
  });
  return { response, body: Buffer.from(await response.arrayBuffer()) };
}

function tstInfoOf(resp: pkijs.TimeStampResp) {
  const signed = new pkijs.SignedData({ schema: resp.timeStampToken?.content });
  const content = signed.encapContentInfo.eContent as asn1js.OctetString;
  return { signed, info: pkijs.TSTInfo.fromBER(content.valueBlock.valueHexView) };
}

describe("the RFC 3161 double", () => {
  it("grants a SHA-256 request with a token stamping its imprint and nonce, signed by its certificate", async () => {
    const datum = randomBytes(16);
    const hash = createHash("sha256").update(datum).digest();
    const { response, body } = await post(request({ hash, nonce: 0x1234_5678_9abc_def0n }));
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/timestamp-reply");
    const resp = pkijs.TimeStampResp.fromBER(new Uint8Array(body));
    expect(resp.status.status).toBe(0);
    const { signed, info } = tstInfoOf(resp);
    expect(Buffer.from(info.messageImprint.hashedMessage.valueBlock.valueHexView)).toEqual(hash);
    expect(info.messageImprint.hashAlgorithm.algorithmId).toBe(SHA256);
    expect(Buffer.from(info.nonce?.valueBlock.valueHexView ?? []).toString("hex")).toBe(
      "123456789abcdef0",
    );
    expect(Math.abs(info.genTime.getTime() - Date.now())).toBeLessThan(5_000);
    // certReq: the certificate travels with the token, and it signed it.
    expect(signed.certificates).toHaveLength(1);
    // pkijs checks the imprint against the datum, then the signature with the trusted certificate.
    const verified = await signed.verify({
      signer: 0,
      data: new Uint8Array(datum).buffer,
      trustedCerts: [double.identity.certificate],
    });
    expect(verified).toBe(true);
  });

  it("gives each token its own serial number and leaves the certificate out when not asked", async () => {
    const first = pkijs.TimeStampResp.fromBER(
      new Uint8Array((await post(request({ certReq: false }))).body),
    );
    const second = pkijs.TimeStampResp.fromBER(
      new Uint8Array((await post(request({ certReq: false }))).body),
    );
    const serial = (resp: pkijs.TimeStampResp) =>
      Buffer.from(tstInfoOf(resp).info.serialNumber.valueBlock.valueHexView).toString("hex");
    expect(serial(first)).not.toBe(serial(second));
    expect(tstInfoOf(first).signed.certificates ?? []).toHaveLength(0);
  });

  it("rejects an unknown hash with badAlg and an imprint of the wrong length with badDataFormat", async () => {
    const badAlg = pkijs.TimeStampResp.fromBER(
      new Uint8Array((await post(request({ algorithm: MD5, hash: randomBytes(16) }))).body),
    );
    expect(badAlg.status.status).toBe(2);
    expect(badAlg.timeStampToken).toBeUndefined();
    // PKIFailureInfo bit 0: badAlg.
    expect(Buffer.from(badAlg.status.failInfo?.valueBlock.valueHexView ?? [])[0]).toBe(0x80);
    const short = pkijs.TimeStampResp.fromBER(
      new Uint8Array((await post(request({ hash: randomBytes(20) }))).body),
    );
    expect(short.status.status).toBe(2);
    // Bit 5: badDataFormat.
    expect(Buffer.from(short.status.failInfo?.valueBlock.valueHexView ?? [])[0]).toBe(0x04);
  });

  it("answers 415 to a body that is not a time-stamp query, and 405 to a GET", async () => {
    expect((await post(request({}), "application/octet-stream")).response.status).toBe(415);
    expect((await fetch(double.url)).status).toBe(405);
  });

  it("signs as the same authority when restarted with its identity", async () => {
    const again = await startTsaDouble({
      identity: double.identity,
      now: () => new Date("2026-11-27T12:00:00Z"),
    });
    try {
      const resp = pkijs.TimeStampResp.fromBER(
        new Uint8Array(
          Buffer.from(
            await (
              await fetch(again.url, {
                method: "POST",
                headers: { "content-type": "application/timestamp-query" },
                body: Buffer.from(request({})),
              })
            ).arrayBuffer(),
          ),
        ),
      );
      expect(tstInfoOf(resp).info.genTime.toISOString()).toBe("2026-11-27T12:00:00.000Z");
      expect(again.certificatePem).toBe(double.certificatePem);
    } finally {
      await again.close();
    }
  });
});
