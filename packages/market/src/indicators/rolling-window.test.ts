import { describe, expect, it } from "vitest";
import { RollingWindow } from "./rolling-window";

describe("RollingWindow", () => {
  it("keeps the last values, oldest first, with their extremes", () => {
    const window = new RollingWindow(3);
    window.push(4);
    window.push(9);
    expect(window.full).toBe(false);
    expect(window.values()).toEqual([4, 9]);
    window.push(1);
    window.push(7);
    expect(window.full).toBe(true);
    expect(window.values()).toEqual([9, 1, 7]);
    expect([window.max(), window.min()]).toEqual([9, 1]);
  });
});
