// @ts-check
/**
 * RFC 3161 time-stamps of signed day heads (docs/record-format.md, section 8). The server asks a
 * time-stamping authority (TSA) to stamp SHA-256 of a signed head's message; the authority's token, a CMS
 * SignedData (RFC 5652) whose content is a TSTInfo, shows that the head existed at the token's genTime.
 *
 * - `timeStampRequest` writes the TimeStampReq the server POSTs (§2.4.1);
 * - `readTimeStampResponse` reads the authority's TimeStampResp (§2.4.2): granted, the token; otherwise why;
 * - `readTimeStampToken` reads a token's TSTInfo (imprint, genTime, serial number, nonce, policy);
 * - `verifyTokenSignature` checks the token's CMS signature with the authority's certificate: the signed
 *   attributes name the TSTInfo as content and hold its digest, and the certificate's key signed them.
 */
import { createHash, randomBytes, verify, X509Certificate } from "node:crypto";
import {
  children,
  context,
  DerError,
  encode,
  expect,
  integer,
  oid,
  readDer,
  readGeneralizedTime,
  readInteger,
  readOid,
  sequence,
  TAG,
} from "./der.js";

export const OIDS = {
  sha1: "1.3.14.3.2.26",
  sha256: "2.16.840.1.101.3.4.2.1",
  sha384: "2.16.840.1.101.3.4.2.2",
  sha512: "2.16.840.1.101.3.4.2.3",
  signedData: "1.2.840.113549.1.7.2",
  tstInfo: "1.2.840.113549.1.9.16.1.4",
  contentType: "1.2.840.113549.1.9.3",
  messageDigest: "1.2.840.113549.1.9.4",
  timeStamping: "1.3.6.1.5.5.7.3.8",
  ed25519: "1.3.101.112",
  rsaPss: "1.2.840.113549.1.1.10",
};

/** Hash algorithm OIDs and their names for node:crypto. */
const HASHES = new Map([
  [OIDS.sha1, "sha1"],
  [OIDS.sha256, "sha256"],
  [OIDS.sha384, "sha384"],
  [OIDS.sha512, "sha512"],
]);

/** PKIStatus (§2.4.2). */
const STATUS = [
  "granted",
  "grantedWithMods",
  "rejection",
  "waiting",
  "revocationWarning",
  "revocationNotification",
];

/** PKIFailureInfo bit names (§2.4.2). */
const FAILURES = new Map([
  [0, "badAlg"],
  [2, "badRequest"],
  [5, "badDataFormat"],
  [14, "timeNotAvailable"],
  [15, "unacceptedPolicy"],
  [16, "unacceptedExtension"],
  [17, "addInfoNotAvailable"],
  [25, "systemFailure"],
]);

/**
 * The SHA-256 of a message: what the server asks the authority to stamp.
 * @param {string} message The signed head's message (its canonical JSON, UTF-8).
 * @returns {Buffer}
 */
export function messageImprintOf(message) {
  return createHash("sha256").update(message, "utf8").digest();
}

/**
 * A TimeStampReq (§2.4.1) for a SHA-256 imprint, with a random 64-bit nonce and certReq true (so the token
 * carries the authority's certificate).
 * @param {Buffer} sha256 The 32-byte hash to stamp.
 * @param {bigint} [nonce]
 * @returns {{ der: Buffer, nonce: bigint }}
 */
export function timeStampRequest(sha256, nonce = BigInt(`0x${randomBytes(8).toString("hex")}`)) {
  if (sha256.length !== 32) throw new TypeError("a SHA-256 imprint is 32 bytes");
  const der = sequence(
    integer(1n),
    sequence(
      sequence(oid(OIDS.sha256), encode(TAG.NULL, Buffer.alloc(0))),
      encode(TAG.OCTET_STRING, sha256),
    ),
    integer(nonce),
    encode(TAG.BOOLEAN, Buffer.from([0xff])),
  );
  return { der, nonce };
}

/**
 * Reads a TimeStampResp: the token when granted, otherwise the status, its text and the failure.
 * @param {Buffer} der
 * @returns {{ granted: true, token: Buffer } | { granted: false, reason: string }}
 */
export function readTimeStampResponse(der) {
  const [statusInfo, token] = children(expect(readDer(der), TAG.SEQUENCE, "TimeStampResp"));
  const [statusNode, ...rest] = children(expect(statusInfo, TAG.SEQUENCE, "PKIStatusInfo"));
  const status = Number(readInteger(expect(statusNode, TAG.INTEGER, "PKIStatus")));
  if ((status === 0 || status === 1) && token) {
    return { granted: true, token: Buffer.from(token.bytes) };
  }
  const parts = [`status ${STATUS[status] ?? status}`];
  for (const node of rest) {
    if (node.tag === TAG.SEQUENCE) {
      const texts = children(node).map((text) => text.content.toString("utf8"));
      if (texts.length > 0) parts.push(texts.join("; "));
    } else if (node.tag === TAG.BIT_STRING) {
      const bits = node.content.subarray(1);
      for (const [bit, name] of FAILURES) {
        const byte = bits[bit >> 3];
        if (byte !== undefined && byte & (0x80 >> (bit & 7))) parts.push(name);
      }
    }
  }
  if (status === 0 || status === 1) parts.push("no token");
  return { granted: false, reason: parts.join(", ") };
}

/**
 * @typedef {object} TimeStampInfo
 * @property {string} hashAlgorithm The imprint's hash (node:crypto's name), e.g. "sha256".
 * @property {Buffer} hashedMessage The imprint.
 * @property {Date} genTime When the authority stamped it.
 * @property {bigint} serialNumber
 * @property {bigint | undefined} nonce
 * @property {string} policy
 */

/**
 * The parts of a token that its signature covers and a verifier needs.
 * @typedef {object} ParsedToken
 * @property {TimeStampInfo} info
 * @property {Buffer} content The TSTInfo's DER (the encapsulated content).
 * @property {string} digestAlgorithm The signer's digest (node:crypto's name).
 * @property {Buffer | undefined} signedAttributes As signed: the SET OF Attribute with its universal tag.
 * @property {Map<string, import("./der.js").DerNode[]>} attributes Signed attributes by type.
 * @property {string} signatureAlgorithm Its OID.
 * @property {Buffer} signature
 */

/**
 * @param {import("./der.js").DerNode | undefined} node An AlgorithmIdentifier.
 * @param {string} what
 */
function algorithmOf(node, what) {
  const [id] = children(expect(node, TAG.SEQUENCE, what));
  return readOid(expect(id, TAG.OID, what));
}

/**
 * @param {string} oidText
 * @param {string} what
 */
function hashName(oidText, what) {
  const name = HASHES.get(oidText);
  if (!name) throw new DerError(`${what} uses an unknown hash (${oidText})`);
  return name;
}

/**
 * Reads a TimeStampToken (ContentInfo of SignedData over a TSTInfo).
 * @param {Buffer} der
 * @returns {ParsedToken}
 */
export function readTimeStampToken(der) {
  const [type, wrapped] = children(expect(readDer(der), TAG.SEQUENCE, "the token (ContentInfo)"));
  if (readOid(expect(type, TAG.OID, "the token's content type")) !== OIDS.signedData) {
    throw new DerError("the token is not CMS SignedData");
  }
  const [signedData] = children(expect(wrapped, context(0), "the token's content"));
  const parts = children(expect(signedData, TAG.SEQUENCE, "SignedData"));
  const encapsulated = expect(parts[2], TAG.SEQUENCE, "the encapsulated content");
  const [eContentType, eContentWrapped] = children(encapsulated);
  if (readOid(expect(eContentType, TAG.OID, "the content type")) !== OIDS.tstInfo) {
    throw new DerError("the token's content is not a TSTInfo");
  }
  const [eContent] = children(expect(eContentWrapped, context(0), "the TSTInfo"));
  // DER has it primitive; some CMS writers send BER's constructed form (segments), read as their sum.
  const content =
    eContent?.tag === (TAG.OCTET_STRING | 0x20)
      ? Buffer.concat(
          children(eContent).map((part) => expect(part, TAG.OCTET_STRING, "the TSTInfo").content),
        )
      : expect(eContent, TAG.OCTET_STRING, "the TSTInfo").content;
  const signerInfos = expect(parts.at(-1), TAG.SET, "the signer infos");
  const [signerInfo, another] = children(signerInfos);
  if (!signerInfo || another) throw new DerError("the token is not signed by exactly one signer");
  const signer = children(expect(signerInfo, TAG.SEQUENCE, "the signer info"));
  const digestAlgorithm = hashName(algorithmOf(signer[2], "the signer's digest"), "the signer");
  let index = 3;
  /** @type {Buffer | undefined} */
  let signedAttributes;
  /** @type {Map<string, import("./der.js").DerNode[]>} */
  const attributes = new Map();
  const maybeAttributes = signer[index];
  if (maybeAttributes?.tag === context(0)) {
    // The signature covers the attributes with the SET OF tag, not the [0] IMPLICIT one they travel under.
    signedAttributes = Buffer.concat([Buffer.from([TAG.SET]), maybeAttributes.bytes.subarray(1)]);
    for (const attribute of children(maybeAttributes)) {
      const [attrType, values] = children(expect(attribute, TAG.SEQUENCE, "a signed attribute"));
      attributes.set(
        readOid(expect(attrType, TAG.OID, "an attribute's type")),
        children(expect(values, TAG.SET, "an attribute's values")),
      );
    }
    index += 1;
  }
  const signatureAlgorithm = algorithmOf(signer[index], "the signature algorithm");
  const signature = expect(signer[index + 1], TAG.OCTET_STRING, "the signature").content;
  return {
    info: readTstInfo(Buffer.from(content)),
    content: Buffer.from(content),
    digestAlgorithm,
    signedAttributes,
    attributes,
    signatureAlgorithm,
    signature: Buffer.from(signature),
  };
}

/**
 * @param {Buffer} der A TSTInfo (§2.4.2).
 * @returns {TimeStampInfo}
 */
function readTstInfo(der) {
  const fields = children(expect(readDer(der), TAG.SEQUENCE, "TSTInfo"));
  const [version, policy, imprint, serial, genTime, ...optional] = fields;
  if (readInteger(expect(version, TAG.INTEGER, "TSTInfo's version")) !== 1n) {
    throw new DerError("TSTInfo is not version 1");
  }
  const [algorithm, hashed] = children(expect(imprint, TAG.SEQUENCE, "the message imprint"));
  const nonceNode = optional.find((node) => node.tag === TAG.INTEGER);
  return {
    hashAlgorithm: hashName(algorithmOf(algorithm, "the imprint's hash"), "the imprint"),
    hashedMessage: Buffer.from(expect(hashed, TAG.OCTET_STRING, "the imprint's hash").content),
    genTime: readGeneralizedTime(expect(genTime, TAG.GENERALIZED_TIME, "genTime")),
    serialNumber: readInteger(expect(serial, TAG.INTEGER, "the serial number")),
    nonce: nonceNode ? readInteger(nonceNode) : undefined,
    policy: readOid(expect(policy, TAG.OID, "the policy")),
  };
}

/**
 * Whether the token stamps this message: its imprint is the message's hash under the imprint's algorithm.
 * @param {TimeStampInfo} info
 * @param {string} message
 */
export function imprintMatches(info, message) {
  const hash = createHash(info.hashAlgorithm).update(message, "utf8").digest();
  return hash.equals(info.hashedMessage);
}

/**
 * Checks the token's CMS signature with the authority's certificate. Returns what is wrong, or undefined
 * when the signature holds: the signed attributes say the content is a TSTInfo and hold its digest; the
 * certificate's key signed them; the certificate is for time-stamping (§2.3) and was valid at genTime.
 * @param {ParsedToken} token
 * @param {X509Certificate} certificate
 * @returns {string | undefined}
 */
export function tokenSignatureProblem(token, certificate) {
  if (!token.signedAttributes) return "the token has no signed attributes (RFC 3161 requires them)";
  const [contentType] = token.attributes.get(OIDS.contentType) ?? [];
  if (!contentType || contentType.tag !== TAG.OID || readOid(contentType) !== OIDS.tstInfo) {
    return "the token's signed content type is not a TSTInfo";
  }
  const [digest] = token.attributes.get(OIDS.messageDigest) ?? [];
  const expected = createHash(token.digestAlgorithm).update(token.content).digest();
  if (!digest || digest.tag !== TAG.OCTET_STRING || !expected.equals(digest.content)) {
    return "the token's TSTInfo does not match the digest its authority signed";
  }
  let valid = false;
  try {
    if (token.signatureAlgorithm === OIDS.ed25519) {
      valid = verify(null, token.signedAttributes, certificate.publicKey, token.signature);
    } else if (token.signatureAlgorithm === OIDS.rsaPss) {
      return "the token is signed with RSASSA-PSS, which kalpa-verify does not check";
    } else {
      // RSA PKCS #1 v1.5 and ECDSA (DER signature), with the signer's digest.
      valid = verify(
        token.digestAlgorithm,
        token.signedAttributes,
        certificate.publicKey,
        token.signature,
      );
    }
  } catch {
    valid = false;
  }
  if (!valid) return "the token's signature does not verify with the authority's certificate";
  const usages = certificate.keyUsage ?? [];
  if (!usages.includes(OIDS.timeStamping)) {
    return "the authority's certificate is not for time-stamping (extended key usage)";
  }
  const genTime = token.info.genTime.getTime();
  if (genTime < Date.parse(certificate.validFrom) || genTime > Date.parse(certificate.validTo)) {
    return "the token's genTime is outside its certificate's validity";
  }
  return undefined;
}

/**
 * Reads the authority's certificate (PEM or DER).
 * @param {Buffer} bytes
 * @returns {X509Certificate}
 */
export function readTsaCertificate(bytes) {
  return new X509Certificate(bytes);
}
