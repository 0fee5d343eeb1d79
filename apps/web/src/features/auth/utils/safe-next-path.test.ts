import { describe, expect, it } from "vitest";
import { loginPathReturningTo, safeNextPath } from "./safe-next-path";

describe("safeNextPath", () => {
  it.each([
    ["/profile", "/profile"],
    ["/live-trade/nifty?tab=1#top", "/live-trade/nifty?tab=1#top"],
    ["/", "/"],
  ])("keeps the same-site path %s", (raw, expected) => {
    expect(safeNextPath(raw)).toBe(expected);
  });

  it.each([
    [null],
    [""],
    ["profile"],
    ["//evil.example/steal"],
    ["/\\evil.example"],
    ["https://evil.example/"],
    ["javascript:alert(1)"],
    ["/\tprofile"],
    ["/profile\n"],
  ])("sends %j to the dashboard instead", (raw) => {
    expect(safeNextPath(raw)).toBe("/dashboard");
  });
});

describe("loginPathReturningTo", () => {
  it("encodes the path it should return to", () => {
    expect(loginPathReturningTo("/profile?tab=a&b=1")).toBe(
      "/login?next=%2Fprofile%3Ftab%3Da%26b%3D1",
    );
  });
});
