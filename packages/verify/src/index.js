// @ts-check
/** @kalpa/verify: the ledger's hashing, signed day heads and the offline check of day bundles. */

export { verifyBundle, verifyRun } from "./bundle.js";
export { canonicalJson, entryHash, GENESIS_HASH, sha256Hex } from "./chain.js";
export {
  HEAD_KIND,
  HEAD_VERSION,
  headMessage,
  headSignatureValid,
  KEY_ALGORITHM,
  keyIdOf,
  publicKeyDocument,
  rawPublicKey,
  readKeyDocument,
  signHead,
  unwrapEnvelope,
} from "./head.js";
export {
  imprintMatches,
  messageImprintOf,
  readTimeStampResponse,
  readTimeStampToken,
  readTsaCertificate,
  timeStampRequest,
  tokenSignatureProblem,
} from "./timestamp.js";

/**
 * @typedef {import("./chain.js").LedgerEntry} LedgerEntry
 * @typedef {import("./head.js").HeadRef} HeadRef
 * @typedef {import("./head.js").HeadMessage} HeadMessage
 * @typedef {import("./head.js").SignedHead} SignedHead
 * @typedef {import("./head.js").PublicKeyDocument} PublicKeyDocument
 * @typedef {import("./bundle.js").DayBundle} DayBundle
 * @typedef {import("./bundle.js").Problem} Problem
 * @typedef {import("./bundle.js").BundleVerdict} BundleVerdict
 * @typedef {import("./bundle.js").RunVerdict} RunVerdict
 * @typedef {import("./bundle.js").TimeStampVerdict} TimeStampVerdict
 * @typedef {import("./bundle.js").VerifyOptions} VerifyOptions
 * @typedef {import("./timestamp.js").TimeStampInfo} TimeStampInfo
 */
