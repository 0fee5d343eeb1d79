import { describe, expect, it } from "vitest";
import { cn } from "./cn";

describe("cn", () => {
  it("joins class names and skips falsy ones", () => {
    expect(cn("a", false, null, undefined, "b")).toBe("a b");
  });

  it("lets a later Tailwind class replace an earlier one that sets the same property", () => {
    expect(cn("p-5 max-w-md rounded-2xl", "max-w-2xl")).toBe("p-5 rounded-2xl max-w-2xl");
    expect(cn("h-9 px-3.5 text-sm", "h-11 px-2")).toBe("text-sm h-11 px-2");
    expect(cn("bg-accent-400 shadow-sm shadow-accent-500/20", "bg-red-400 shadow-red-500/20")).toBe(
      "shadow-sm bg-red-400 shadow-red-500/20",
    );
  });

  it("keeps classes that only look alike (a colour and a size of text, a responsive variant)", () => {
    expect(cn("text-sm text-ink-300", "text-accent-300")).toBe("text-sm text-accent-300");
    expect(cn("p-5 sm:p-7", "p-4")).toBe("sm:p-7 p-4");
  });
});
