import { describe, expect, it } from "vitest";
import { pushHosts } from "./hosts";

describe("the push services the server sends to", () => {
  const hosts = pushHosts();

  it("allows the four browsers' push services over https", () => {
    for (const endpoint of [
      "https://fcm.googleapis.com/fcm/send/abc:def",
      "https://updates.push.services.mozilla.com/wpush/v2/gAAAA",
      "https://web.push.apple.com/QGv3",
      "https://api.push.apple.com/3/device/x",
      "https://wns2-par02p.notify.windows.com/w/?token=BQYAAA",
    ]) {
      expect(hosts.allows(endpoint), endpoint).toBe(true);
    }
  });

  it("refuses any other host, plain http, another port, credentials and look-alikes", () => {
    for (const endpoint of [
      "https://169.254.169.254/latest/meta-data",
      "http://fcm.googleapis.com/fcm/send/x",
      "https://fcm.googleapis.com:8443/fcm/send/x",
      "https://user:pw@fcm.googleapis.com/fcm/send/x",
      "https://fcm.googleapis.com.evil.example/x",
      "https://evilnotify.windows.com/x",
      "https://push.apple.com/x",
      "https://localhost/x",
      "not a url",
      "javascript:alert(1)",
    ]) {
      expect(hosts.allows(endpoint), endpoint).toBe(false);
    }
  });

  it("adds the hosts PUSH_SERVICE_HOSTS names, with their port, and only those", () => {
    const withDouble = pushHosts(["127.0.0.1:8790"]);
    expect(withDouble.allows("http://127.0.0.1:8790/push/abc")).toBe(true);
    expect(withDouble.allows("http://127.0.0.1:8791/push/abc")).toBe(false);
    expect(withDouble.allows("http://127.0.0.1/push/abc")).toBe(false);
  });
});
