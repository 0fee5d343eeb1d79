import { describe, expect, it } from "vitest";
import {
  decodeKiteMessage,
  encodeKiteHeartbeat,
  encodeKiteMessage,
  KITE_PACKET_BYTES,
  priceDivisor,
} from "./ticker-wire";

/** Big-endian bytes of an unsigned 32-bit or 16-bit value, written out for the golden messages. */
const be32 = (value: number) => [
  (value >>> 24) & 0xff,
  (value >>> 16) & 0xff,
  (value >>> 8) & 0xff,
  value & 0xff,
];
const be16 = (value: number) => [(value >>> 8) & 0xff, value & 0xff];

// NIFTY 50 is token 256265 = 0x0003E909: its low byte 9 is the indices segment.
const NIFTY_TOKEN = [0x00, 0x03, 0xe9, 0x09];
// A NIFTY option in NFO (segment 2): 12345602 = 0x00BC6102.
const OPTION_TOKEN = 12_345_602;

/** A tradable full packet, field by field at the documented offsets. */
function fullOptionPacket(): number[] {
  const bytes = [
    ...be32(OPTION_TOKEN), // 0 token
    ...be32(12_345), // 4 last price 123.45
    ...be32(75), // 8 last traded quantity
    ...be32(12_210), // 12 average price 122.10
    ...be32(1_500_000), // 16 volume today
    ...be32(42_000), // 20 total buy quantity
    ...be32(39_000), // 24 total sell quantity
    ...be32(11_000), // 28 open 110.00
    ...be32(13_005), // 32 high 130.05
    ...be32(10_500), // 36 low 105.00
    ...be32(11_800), // 40 close 118.00
    ...be32(1_764_055_799), // 44 last trade time
    ...be32(3_250_000), // 48 OI
    ...be32(3_300_000), // 52 OI day high
    ...be32(3_100_000), // 56 OI day low
    ...be32(1_764_055_800), // 60 exchange time
  ];
  // 64: five bids then five offers, 12 bytes each: quantity, price, orders (int16), 2 bytes padding.
  for (let level = 0; level < 5; level++) {
    bytes.push(...be32(650 + level), ...be32(12_340 - level * 5), ...be16(3 + level), 0, 0);
  }
  for (let level = 0; level < 5; level++) {
    bytes.push(...be32(700 + level), ...be32(12_350 + level * 5), ...be16(4 + level), 0, 0);
  }
  return bytes;
}

describe("decoding Kite ticker messages (golden bytes from the documented layout)", () => {
  it("reads an LTP packet: 1 packet of 8 bytes, token then price in paise", () => {
    // 24,512.35 rupees = 2,451,235 paise = 0x00256723.
    const message = new Uint8Array([
      0x00,
      0x01,
      0x00,
      0x08,
      ...NIFTY_TOKEN,
      0x00,
      0x25,
      0x67,
      0x23,
    ]);
    const decoded = decodeKiteMessage(message);
    expect(decoded.malformed).toBe(false);
    expect(decoded.packets).toHaveLength(1);
    expect(decoded.packets[0]).toMatchObject({
      token: 256_265,
      mode: "ltp",
      tradable: false,
      lastPrice: 24_512.35,
    });
  });

  it("reads an index full packet (32 bytes): high, low, open, close in that order, change, time", () => {
    const message = new Uint8Array([
      0x00,
      0x01,
      0x00,
      0x20,
      ...NIFTY_TOKEN,
      0x00,
      0x25,
      0x67,
      0x23, // last 24,512.35
      0x00,
      0x25,
      0x6a,
      0x20, // high 24,520.00
      0x00,
      0x25,
      0x3b,
      0x4a, // low 24,400.10
      0x00,
      0x25,
      0x4e,
      0xcd, // open 24,450.05
      0x00,
      0x25,
      0x61,
      0xec, // close 24,499.00
      0x00,
      0x00,
      0x05,
      0x37, // change 13.35
      0x69,
      0x25,
      0x5a,
      0xf8, // exchange time 1764055800 (2025-11-25 13:00 IST)
    ]);
    const [packet] = decodeKiteMessage(message).packets;
    expect(packet).toMatchObject({
      token: 256_265,
      mode: "full",
      tradable: false,
      lastPrice: 24_512.35,
      high: 24_520,
      low: 24_400.1,
      open: 24_450.05,
      close: 24_499,
      change: 13.35,
      exchangeTime: 1_764_055_800,
      volume: 0,
    });
    expect(packet?.depth).toBeUndefined();
  });

  it("reads an index quote packet (28 bytes) without a timestamp", () => {
    const message = new Uint8Array([
      ...be16(1),
      ...be16(28),
      ...NIFTY_TOKEN,
      ...be32(2_451_235),
      ...be32(2_452_000),
      ...be32(2_440_010),
      ...be32(2_445_005),
      ...be32(2_449_900),
      ...be32(1335),
    ]);
    expect(decodeKiteMessage(message).packets[0]).toMatchObject({
      mode: "quote",
      lastPrice: 24_512.35,
      close: 24_499,
      exchangeTime: 0,
    });
  });

  it("reads a tradable full packet (184 bytes) with five levels of depth each side", () => {
    const packet = fullOptionPacket();
    expect(packet).toHaveLength(184);
    const decoded = decodeKiteMessage(new Uint8Array([...be16(1), ...be16(184), ...packet]));
    const [full] = decoded.packets;
    expect(full).toMatchObject({
      token: OPTION_TOKEN,
      mode: "full",
      tradable: true,
      lastPrice: 123.45,
      lastQuantity: 75,
      averagePrice: 122.1,
      volume: 1_500_000,
      buyQuantity: 42_000,
      sellQuantity: 39_000,
      open: 110,
      high: 130.05,
      low: 105,
      close: 118,
      lastTradeTime: 1_764_055_799,
      oi: 3_250_000,
      oiDayHigh: 3_300_000,
      oiDayLow: 3_100_000,
      exchangeTime: 1_764_055_800,
    });
    expect(full?.depth?.buy[0]).toEqual({ quantity: 650, price: 123.4, orders: 3 });
    expect(full?.depth?.buy[4]).toEqual({ quantity: 654, price: 123.2, orders: 7 });
    expect(full?.depth?.sell[0]).toEqual({ quantity: 700, price: 123.5, orders: 4 });
    expect(full?.depth?.sell[4]).toEqual({ quantity: 704, price: 123.7, orders: 8 });
  });

  it("reads a tradable quote packet (44 bytes): the first 44 bytes of the full one", () => {
    const quote = fullOptionPacket().slice(0, 44);
    const [packet] = decodeKiteMessage(new Uint8Array([...be16(1), ...be16(44), ...quote])).packets;
    expect(packet).toMatchObject({ mode: "quote", lastPrice: 123.45, close: 118, exchangeTime: 0 });
    expect(packet?.depth).toBeUndefined();
  });

  it("reads several packets of different kinds in one message, in order", () => {
    const message = new Uint8Array([
      ...be16(2),
      ...be16(8),
      ...NIFTY_TOKEN,
      ...be32(2_451_235),
      ...be16(184),
      ...fullOptionPacket(),
    ]);
    const decoded = decodeKiteMessage(message);
    expect(decoded.packets.map((p) => [p.token, p.mode])).toEqual([
      [256_265, "ltp"],
      [OPTION_TOKEN, "full"],
    ]);
  });

  it("takes a 1-byte message as a heartbeat", () => {
    expect(decodeKiteMessage(new Uint8Array([0]))).toMatchObject({ heartbeat: true, packets: [] });
    expect(encodeKiteHeartbeat()).toEqual(new Uint8Array([0]));
  });

  it("divides currency-segment prices by 10^7 and BSE currency by 10^4", () => {
    expect(priceDivisor(0x0102_0303)).toBe(10_000_000);
    expect(priceDivisor(0x0102_0306)).toBe(10_000);
    expect(priceDivisor(OPTION_TOKEN)).toBe(100);
  });
});

describe("bytes published on Kite's forum (docs/kite-connect-reference.md, examples A and C)", () => {
  const hex = (text: string) =>
    new Uint8Array(
      (text.replaceAll(/\s/g, "").match(/../g) ?? []).map((b) => Number.parseInt(b, 16)),
    );

  it("reads the NIFTY 50 index quote packet posted in forum comment 5126", () => {
    const decoded = decodeKiteMessage(
      hex("0001001c 0003e909 000ded2d 000dfd18 000de90e 000dfcd7 000ded2d ffffffdc"),
    );
    expect(decoded.packets[0]).toMatchObject({
      token: 256_265,
      tradable: false,
      mode: "quote",
      lastPrice: 9126.85,
      high: 9167.6,
      low: 9116.3,
      open: 9166.95,
      close: 9126.85,
      // The change field is signed: ffffffdc is -36.
      change: -0.36,
    });
  });

  it("drops the 2016 GOLDGUINEA full packet (164 bytes, the v1 layout), as the SDK does", () => {
    const decoded = decodeKiteMessage(
      hex(`000100a4 032c9507 0024fb30 00000001 00250faa 000002c8 000000da 0000009a
        002521dc 0025281c 0024f61c 00253820
        000000010024facc00010000 000000010024fa0400010000 000000100024f9a000020000
        000000010024f8d800010000 000000010024f74800010000
        000000010024fbf800010000 000000010024fcc000010000 000000020024ffe000010000
        00000001002500a800010000 000000010025081400010000`),
    );
    expect(decoded).toMatchObject({ malformed: false, dropped: 1, packets: [] });
  });
});

describe("malformed messages are reported, never thrown", () => {
  it("drops a truncated message whole", () => {
    const whole = [...be16(1), ...be16(184), ...fullPacketBytes()];
    for (const cut of [0, 2, 3, 10, 100, whole.length - 1]) {
      const decoded = decodeKiteMessage(new Uint8Array(whole.slice(0, cut)));
      if (cut === 0) expect(decoded.malformed).toBe(true);
      else expect(decoded).toMatchObject({ malformed: true, packets: [] });
    }
  });

  it("drops a message longer than its framing says", () => {
    const message = new Uint8Array([...be16(1), ...be16(8), ...NIFTY_TOKEN, ...be32(1), 0xff]);
    expect(decodeKiteMessage(message)).toMatchObject({ malformed: true, packets: [] });
  });

  it("skips and counts a packet of an unknown size (the 2016 164-byte full packet)", () => {
    const old = new Array(164).fill(0);
    const message = new Uint8Array([
      ...be16(2),
      ...be16(164),
      ...old,
      ...be16(8),
      ...NIFTY_TOKEN,
      ...be32(2_451_235),
    ]);
    const decoded = decodeKiteMessage(message);
    expect(decoded).toMatchObject({ malformed: false, dropped: 1 });
    expect(decoded.packets.map((p) => p.lastPrice)).toEqual([24_512.35]);
  });

  it("survives random bytes", () => {
    let seed = 7;
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    for (let i = 0; i < 2000; i++) {
      const bytes = new Uint8Array(Math.floor(random() * 300));
      for (let j = 0; j < bytes.length; j++) bytes[j] = Math.floor(random() * 256);
      expect(() => decodeKiteMessage(bytes)).not.toThrow();
    }
  });
});

function fullPacketBytes(): number[] {
  return [...be32(OPTION_TOKEN), ...new Array(180).fill(0)];
}

describe("encoding (what the double sends)", () => {
  it("writes the same bytes as the documented layout, for every packet kind", () => {
    const encoded = encodeKiteMessage([
      { token: 256_265, mode: "ltp", lastPrice: 24_512.35 },
      {
        token: 256_265,
        mode: "full",
        lastPrice: 24_512.35,
        high: 24_520,
        low: 24_400.1,
        open: 24_450.05,
        close: 24_499,
        change: 13.35,
        exchangeTime: 1_764_055_800,
      },
    ]);
    expect([...encoded]).toEqual([
      ...be16(2),
      ...be16(8),
      ...NIFTY_TOKEN,
      ...be32(2_451_235),
      ...be16(32),
      ...NIFTY_TOKEN,
      ...be32(2_451_235),
      ...be32(2_452_000),
      ...be32(2_440_010),
      ...be32(2_445_005),
      ...be32(2_449_900),
      ...be32(1335),
      ...be32(1_764_055_800),
    ]);
  });

  it("round-trips a tradable full packet with its depth", () => {
    const packet = {
      token: OPTION_TOKEN,
      mode: "full" as const,
      lastPrice: 123.45,
      lastQuantity: 75,
      averagePrice: 122.1,
      volume: 1_500_000,
      buyQuantity: 42_000,
      sellQuantity: 39_000,
      open: 110,
      high: 130.05,
      low: 105,
      close: 118,
      lastTradeTime: 1_764_055_799,
      oi: 3_250_000,
      oiDayHigh: 3_300_000,
      oiDayLow: 3_100_000,
      exchangeTime: 1_764_055_800,
      depth: {
        buy: [0, 1, 2, 3, 4].map((l) => ({
          quantity: 650 + l,
          price: 123.4 - l * 0.05,
          orders: 3 + l,
        })),
        sell: [0, 1, 2, 3, 4].map((l) => ({
          quantity: 700 + l,
          price: 123.5 + l * 0.05,
          orders: 4 + l,
        })),
      },
    };
    const bytes = encodeKiteMessage([packet]);
    expect(bytes.length).toBe(2 + 2 + KITE_PACKET_BYTES.full);
    expect([...bytes]).toEqual([...be16(1), ...be16(184), ...fullOptionPacket()]);
    const [decoded] = decodeKiteMessage(bytes).packets;
    expect(decoded?.lastPrice).toBe(123.45);
    expect(decoded?.depth?.buy[2]?.price).toBeCloseTo(123.3, 10);
    expect(decoded?.depth?.sell[4]).toEqual({ quantity: 704, price: 123.7, orders: 8 });
  });
});
