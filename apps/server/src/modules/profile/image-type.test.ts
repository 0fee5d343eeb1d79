import { describe, expect, it } from "vitest";
import { detectImageType } from "./image-type";

const bytes = (...values: Array<number | string>) =>
  Buffer.concat(
    values.map((value) => (typeof value === "string" ? Buffer.from(value) : Buffer.from([value]))),
  );

describe("detectImageType", () => {
  it("knows PNG, JPEG and WebP by their first bytes", () => {
    expect(detectImageType(bytes(0x89, "PNG", 0x0d, 0x0a, 0x1a, 0x0a, "rest"))).toBe("image/png");
    expect(detectImageType(bytes(0xff, 0xd8, 0xff, 0xdb))).toBe("image/jpeg");
    expect(detectImageType(bytes("RIFF", 0, 0, 0, 0, "WEBPVP8L"))).toBe("image/webp");
  });

  it("refuses look-alikes and everything else", () => {
    expect(detectImageType(bytes(0x89, "PNG", 0x0d, 0x0a))).toBeUndefined();
    expect(detectImageType(bytes(0xff, 0xd8))).toBeUndefined();
    expect(detectImageType(bytes("RIFF", 0, 0, 0, 0, "WAVEfmt "))).toBeUndefined();
    expect(detectImageType(bytes("GIF89a"))).toBeUndefined();
    expect(detectImageType(bytes("<svg/>"))).toBeUndefined();
    expect(detectImageType(Buffer.alloc(0))).toBeUndefined();
  });
});
