import { createECDH } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  generateUserAgentKeys,
  subscriptionFor,
  subscriptionJSON,
  userAgentKeysFrom,
} from "../src/browser-keys";
import {
  decryptAes128gcm,
  decryptWebPush,
  decryptWebPushText,
  deriveKeyAndNonce,
  PushDecryptError,
  parseAes128gcmHeader,
  webPushInputKeyingMaterial,
  webPushSharedSecret,
} from "../src/decrypt";
import { b64, encryptAes128gcm, encryptWebPush, RFC8188, RFC8291 } from "./support";

const rfcUserAgent = () => userAgentKeysFrom(RFC8291.uaPrivate, RFC8291.authSecret);

describe("RFC 8291 Appendix A, the worked example", () => {
  it("decrypts the example's body with the user agent's private key and auth secret", () => {
    expect(decryptWebPushText(b64(RFC8291.body), rfcUserAgent())).toBe(
      "When I grow up, I want to be a watermelon",
    );
    expect(decryptWebPush(b64(RFC8291.body), rfcUserAgent())).toEqual(b64(RFC8291.plaintextBase64));
  });

  it("derives the receiver's public key (p256dh) from its private key", () => {
    expect(rfcUserAgent().publicKey.toString("base64url")).toBe(RFC8291.uaPublic);
  });

  it("reads the 86-byte header: the salt, rs 4096 and the sender's key as keyid", () => {
    const body = b64(RFC8291.body);
    expect(body.length).toBe(144);
    const header = parseAes128gcmHeader(body);
    expect(header.length).toBe(86);
    expect(body.subarray(0, 86).toString("base64url")).toBe(RFC8291.header);
    expect(header.salt.toString("base64url")).toBe(RFC8291.salt);
    expect(header.rs).toBe(4096);
    expect(header.keyid.toString("base64url")).toBe(RFC8291.asPublic);
    expect(body.subarray(86).toString("base64url")).toBe(RFC8291.ciphertext);
  });

  it("reproduces every intermediate value", () => {
    const ua = rfcUserAgent();
    const asPublic = b64(RFC8291.asPublic);
    const secret = webPushSharedSecret(ua.privateKey, asPublic);
    expect(secret.toString("base64url")).toBe(RFC8291.ecdhSecret);
    // Either side's private key gives the same secret.
    const sender = createECDH("prime256v1");
    sender.setPrivateKey(b64(RFC8291.asPrivate));
    expect(sender.getPublicKey().toString("base64url")).toBe(RFC8291.asPublic);
    expect(sender.computeSecret(b64(RFC8291.uaPublic)).toString("base64url")).toBe(
      RFC8291.ecdhSecret,
    );
    expect(
      Buffer.concat([Buffer.from("WebPush: info\0"), ua.publicKey, asPublic]).toString("base64url"),
    ).toBe(RFC8291.keyInfo);
    const ikm = webPushInputKeyingMaterial(secret, ua.authSecret, ua.publicKey, asPublic);
    expect(ikm.toString("base64url")).toBe(RFC8291.ikm);
    expect(Buffer.from("Content-Encoding: aes128gcm\0").toString("base64url")).toBe(
      RFC8291.cekInfo,
    );
    expect(Buffer.from("Content-Encoding: nonce\0").toString("base64url")).toBe(RFC8291.nonceInfo);
    const { cek, nonce } = deriveKeyAndNonce(ikm, b64(RFC8291.salt));
    expect(cek.toString("base64url")).toBe(RFC8291.cek);
    expect(nonce.toString("base64url")).toBe(RFC8291.nonce);
  });

  it("is what this side's own encryption produces from the same inputs", () => {
    const sender = createECDH("prime256v1");
    sender.setPrivateKey(b64(RFC8291.asPrivate));
    const ua = rfcUserAgent();
    const ikm = webPushInputKeyingMaterial(
      sender.computeSecret(ua.publicKey),
      ua.authSecret,
      ua.publicKey,
      sender.getPublicKey(),
    );
    const body = encryptAes128gcm({
      ikm,
      keyid: sender.getPublicKey(),
      rs: 4096,
      salt: b64(RFC8291.salt),
      records: [{ plaintext: RFC8291.plaintext }],
    });
    expect(body.toString("base64url")).toBe(RFC8291.body);
  });
});

describe("RFC 8188's examples", () => {
  it("3.1: one record, rs 4096, the key given directly", () => {
    const example = RFC8188.single;
    const body = b64(example.body);
    expect(body.length).toBe(example.bodyBytes);
    const header = parseAes128gcmHeader(body);
    expect(header.salt.toString("base64url")).toBe(example.salt);
    expect(header.rs).toBe(4096);
    expect(header.keyid.length).toBe(0);
    const { cek, nonce } = deriveKeyAndNonce(b64(example.ikm), header.salt);
    expect(cek.toString("base64url")).toBe(example.cek);
    expect(nonce.toString("base64url")).toBe(example.nonce);
    expect(decryptAes128gcm(body, b64(example.ikm)).toString("utf8")).toBe("I am the walrus");
    expect(Buffer.from("I am the walrus\x02").toString("base64url")).toBe(example.unencrypted);
  });

  it("3.2: two records of rs 25 (the first padded), the key found by its keyid", () => {
    const example = RFC8188.multiple;
    const body = b64(example.body);
    expect(body.length).toBe(example.bodyBytes);
    const header = parseAes128gcmHeader(body);
    expect(header.rs).toBe(25);
    expect(header.keyid.toString("utf8")).toBe("a1");
    const keyids: string[] = [];
    const plaintext = decryptAes128gcm(body, (keyid) => {
      keyids.push(keyid.toString("utf8"));
      return b64(example.ikm);
    });
    expect(plaintext.toString("utf8")).toBe("I am the walrus");
    expect(keyids).toEqual(["a1"]);
  });
});

describe("malformed bodies fail with a reason", () => {
  const ua = generateUserAgentKeys();
  const subscription = subscriptionJSON("https://push.example.net/push/x", ua);
  const fails = (body: Uint8Array, pattern: RegExp) => {
    expect(() => decryptWebPush(body, ua)).toThrow(PushDecryptError);
    expect(() => decryptWebPush(body, ua)).toThrow(pattern);
  };

  it("a body shorter than the header", () => {
    fails(Buffer.alloc(20), /shorter than the aes128gcm header/);
  });

  it("a record size below 18", () => {
    const body = encryptWebPush(subscription, [{ plaintext: "x" }]);
    body.writeUInt32BE(17, 16);
    fails(body, /rs=17 is below the minimum of 18/);
  });

  it("a keyid running past the end", () => {
    const body = Buffer.alloc(30);
    body.writeUInt32BE(4096, 16);
    body[20] = 65;
    fails(body, /runs past the end/);
  });

  it("a keyid that is not a 65-byte point (RFC 8188's example is not a push message)", () => {
    fails(b64(RFC8188.single.body), /keyid is 0 bytes.*65 bytes starting 0x04/);
  });

  it("a keyid that is not on the curve", () => {
    const body = encryptWebPush(subscription, [{ plaintext: "x" }]);
    body[21 + 64] = (body[21 + 64] as number) ^ 1;
    fails(body, /not a point on P-256/);
  });

  it("a modified byte of ciphertext", () => {
    const body = encryptWebPush(subscription, [{ plaintext: "hello" }]);
    body[body.length - 20] = (body[body.length - 20] as number) ^ 1;
    fails(body, /fails AES-128-GCM authentication/);
  });

  it("the wrong subscription's keys", () => {
    const body = encryptWebPush(subscription, [{ plaintext: "hello" }]);
    expect(() => decryptWebPush(body, generateUserAgentKeys())).toThrow(/authentication/);
  });

  it("no records after the header", () => {
    const body = encryptWebPush(subscription, [{ plaintext: "x" }]).subarray(0, 86);
    fails(body, /no records after the header/);
  });

  it("a record too short to hold a tag", () => {
    const body = encryptWebPush(subscription, [{ plaintext: "x" }]).subarray(0, 86 + 10);
    fails(body, /record 0 is 10 bytes/);
  });

  it("a last record whose delimiter is 1 (RFC 8291 section 4: only 2 is accepted)", () => {
    fails(encryptWebPush(subscription, [{ plaintext: "x", delimiter: 1 }]), /delimiter 1, not 2/);
  });

  it("a record of nothing but zeros", () => {
    fails(
      encryptWebPush(subscription, [{ plaintext: "", delimiter: 0, padding: 4 }]),
      /no padding delimiter/,
    );
  });

  it("more than one record (RFC 8291 section 4 requires one)", () => {
    const body = encryptWebPush(subscription, [{ plaintext: "ab" }, { plaintext: "cd" }], {
      rs: 19,
    });
    fails(body, /do not fit in one record of rs=19/);
  });

  it("a truncated multi-record body (RFC 8188 3.2 without its last record)", () => {
    const body = b64(RFC8188.multiple.body);
    expect(() => decryptAes128gcm(body.subarray(0, 23 + 25), b64(RFC8188.multiple.ikm))).toThrow(
      /last record \(0\) ends with padding delimiter 1, not 2: the body is truncated/,
    );
  });

  it("a record before the last whose delimiter is 2", () => {
    const ikm = Buffer.alloc(16, 7);
    const body = encryptAes128gcm({
      ikm,
      keyid: Buffer.alloc(0),
      rs: 20,
      records: [{ plaintext: "abc", delimiter: 2 }, { plaintext: "d" }],
    });
    expect(() => decryptAes128gcm(body, ikm)).toThrow(/record 0 is not the last.*2, not 1/);
  });

  it("padding after the delimiter is stripped", () => {
    const body = encryptWebPush(subscription, [{ plaintext: "padded", padding: 100 }]);
    expect(decryptWebPushText(body, ua)).toBe("padded");
  });
});

describe("a browser's subscription", () => {
  it("has a 65-byte uncompressed p256dh and a 16-byte auth, base64url", () => {
    const subscription = subscriptionFor("https://push.example.net/push/abc");
    expect(subscription.endpoint).toBe("https://push.example.net/push/abc");
    const p256dh = b64(subscription.keys.p256dh);
    expect(p256dh.length).toBe(65);
    expect(p256dh[0]).toBe(4);
    expect(b64(subscription.keys.auth).length).toBe(16);
    expect(subscription.keys.p256dh).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(subscription.userAgent.privateKey.length).toBe(32);
    expect(JSON.parse(JSON.stringify(subscription))).toEqual({
      endpoint: subscription.endpoint,
      keys: subscription.keys,
    });
  });

  it("decrypts what is encrypted to it", () => {
    const subscription = subscriptionFor("https://push.example.net/push/abc");
    const body = encryptWebPush(subscription, [{ plaintext: "héllo ✓" }]);
    expect(decryptWebPushText(body, subscription.userAgent)).toBe("héllo ✓");
  });
});
