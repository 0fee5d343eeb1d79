/** English strings of the signed record (/record); Telugu in te.ts, Hindi in hi.ts (same shape). */
import { addEnglish } from "@/i18n";

export const recordEn = {
  lead: "Every signal and every closed paper trade is written into a hash chain, the ledger. When a market day is over, the chain's last hash, the day's head, is signed with the operator's key and published here. With the key and a day's bundle, anyone can check offline that no entry of that day was changed, removed or added afterwards, and that no day was left out.",
  key: {
    heading: "The operator's public key",
    lead: "Ed25519. Its id is the SHA-256 of the key: the id every signed head names.",
    id: "Key id",
    publicKey: "Public key (base64)",
    copyId: "Copy key id",
    copyKey: "Copy public key",
    copied: "Copied",
    download: "Download the key (kalpa-ledger-key.json)",
    loading: "Loading the key…",
    failed: "The key could not be loaded.",
    trust:
      "Keep a copy of the key from a source you trust: a key downloaded together with the bundles only shows that they came from this site.",
  },
  heads: {
    heading: "Signed day heads",
    caption: "Signed day heads, newest first",
    loading: "Loading the signed heads…",
    failed: "The signed heads could not be loaded.",
    empty:
      "No day's head has been published yet. The first is published when a market day with signals is over.",
    day: "Day",
    seq: "Last entry",
    hash: "Head hash",
    signed: "Signed",
    timeStamped: "Time-stamped",
    bundle: "Bundle",
    yes: "Yes",
    no: "No",
    copyHash: "Copy the hash of {{day}}",
    copied: "Copied",
    download: "Download",
    downloadDay: "Download the bundle of {{day}} ({{file}})",
    more: "Show older days",
    loadingMore: "Loading older days…",
  },
  verify: {
    heading: "Verify it yourself",
    step1:
      "Download the key and the bundles of the days you want to check (the links above). Keep the file names.",
    step2: "With Node.js 20 or later, in a copy of the site's source code after npm ci, run:",
    step3:
      "Each day prints ok when its entries hash to its signed head and the head follows the day before it. Anything else is named, with the entry where it shows, and the command exits with status 1.",
    timeStamps:
      "A time-stamped head also carries an RFC 3161 token from an outside time-stamping authority, showing when the head existed. kalpa-verify checks that the token stamps that head and prints its time; add --tsa-cert with the authority's certificate (PEM) to check the authority's signature too.",
    format:
      "The format is described in docs/record-format.md, beside the verifier (packages/verify), which uses nothing but Node.js.",
  },
  retry: "Retry",
};

addEnglish({ record: recordEn });

declare module "@/i18n/registry" {
  interface FeatureStrings {
    record: typeof recordEn;
  }
}
