import { describe, expect, it } from "vitest";
import { limitKeyForIp } from "./client-ip";

describe("limitKeyForIp", () => {
  it("counts IPv4 by the address, also when written IPv4-mapped", () => {
    expect(limitKeyForIp("203.0.113.7")).toBe("203.0.113.7");
    expect(limitKeyForIp("::ffff:203.0.113.7")).toBe("203.0.113.7");
  });

  it("counts every IPv6 address of one /64 together", () => {
    const key = limitKeyForIp("2001:db8:1:2::1");
    expect(key).toBe("2001:db8:1:2::/64");
    expect(limitKeyForIp("2001:0db8:0001:0002:ffff:ffff:ffff:ffff")).toBe(key);
    expect(limitKeyForIp("2001:db8:1:3::1")).not.toBe(key);
    expect(limitKeyForIp("::1")).toBe("0:0:0:0::/64");
  });
});
