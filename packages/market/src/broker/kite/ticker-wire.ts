/**
 * Kite Connect's streaming wire format (docs/kite-connect-reference.md, "WebSocket"): pure decoding and
 * encoding, no sockets. The server's adapter decodes what the ticker receives; the local double encodes
 * what it sends.
 *
 * A binary message is big-endian: a 2-byte packet count, then each packet behind a 2-byte length. The
 * packet's length says what it is:
 *
 * | bytes | packet |
 * | --- | --- |
 * | 8 | LTP: token, last price |
 * | 28 | index quote: token, last price, high, low, open, close, change |
 * | 32 | index full: the same and the exchange timestamp (epoch seconds) |
 * | 44 | quote: token, last price, last quantity, average price, volume, total buy and sell quantity, open, high, low, close |
 * | 184 | full: the quote, last trade time, OI, OI day high and low, exchange timestamp, then five bids and five offers of 12 bytes (quantity, price, orders as int16, 2 bytes padding) |
 *
 * Prices are integers in paise (divide by 100); the currency segment (3) uses 10^7 and BSE's (6) 10^4. A
 * token's low byte is its segment (9 is indices, which are not tradable). A 1-byte message is a heartbeat.
 */

export type KiteMode = "ltp" | "quote" | "full";

export const KITE_SEGMENT = {
  NSE: 1,
  NFO: 2,
  CDS: 3,
  BSE: 4,
  BFO: 5,
  BCD: 6,
  MCX: 7,
  MCXSX: 8,
  INDICES: 9,
} as const;

export const KITE_PACKET_BYTES = {
  ltp: 8,
  indexQuote: 28,
  indexFull: 32,
  quote: 44,
  full: 184,
} as const;

/** Where the open, high, low and close sit in an index packet and in a tradable quote or full one. */
const INDEX_OHLC = { open: 16, high: 8, low: 12, close: 20 } as const;
const QUOTE_OHLC = { open: 28, high: 32, low: 36, close: 40 } as const;

function priceAt(view: DataView, offset: number, divisor: number): number {
  return view.getInt32(offset) / divisor;
}

const DEPTH_LEVELS = 5;
const DEPTH_ENTRY_BYTES = 12;
const DEPTH_OFFSET = 64;

export interface KiteDepthLevel {
  readonly quantity: number;
  readonly price: number;
  readonly orders: number;
}

/**
 * One decoded packet. Fields a packet does not carry are 0 (an LTP packet has only the price; an index has
 * no quantities). The best bid and offer are read at once; the five levels (`depth`, full packets of
 * tradable instruments only) are read from the message when first asked for, so a packet costs one object.
 */
export class KitePacket {
  readonly token: number;
  readonly mode: KiteMode;
  /** Indices (segment 9) are not tradable. */
  readonly tradable: boolean;
  readonly lastPrice: number;
  readonly lastQuantity: number;
  readonly averagePrice: number;
  /** Cumulative for the day. */
  readonly volume: number;
  readonly buyQuantity: number;
  readonly sellQuantity: number;
  readonly open: number;
  readonly high: number;
  readonly low: number;
  readonly close: number;
  /** An index packet's own change field, as sent. */
  readonly change: number;
  /** Epoch seconds; 0 when not sent. */
  readonly lastTradeTime: number;
  readonly exchangeTime: number;
  readonly oi: number;
  readonly oiDayHigh: number;
  readonly oiDayLow: number;
  /** The best bid and offer (full packets of tradable instruments; else 0). */
  readonly bid: number;
  readonly bidQuantity: number;
  readonly ask: number;
  readonly askQuantity: number;
  readonly #view: DataView | undefined;
  readonly #at: number;
  #depth: KiteDepth | undefined;

  constructor(view: DataView, at: number, size: number) {
    const token = view.getUint32(at);
    const segment = token & 0xff;
    const divisor =
      segment === KITE_SEGMENT.CDS ? 10_000_000 : segment === KITE_SEGMENT.BCD ? 10_000 : 100;
    const index = size === KITE_PACKET_BYTES.indexQuote || size === KITE_PACKET_BYTES.indexFull;
    const tradableQuote = size === KITE_PACKET_BYTES.quote || size === KITE_PACKET_BYTES.full;
    const full = size === KITE_PACKET_BYTES.full;
    this.token = token;
    this.mode =
      size === KITE_PACKET_BYTES.ltp
        ? "ltp"
        : size === KITE_PACKET_BYTES.indexFull || full
          ? "full"
          : "quote";
    this.tradable = segment !== KITE_SEGMENT.INDICES;
    this.lastPrice = view.getInt32(at + 4) / divisor;
    this.lastQuantity = tradableQuote ? view.getInt32(at + 8) : 0;
    this.averagePrice = tradableQuote ? view.getInt32(at + 12) / divisor : 0;
    this.volume = tradableQuote ? view.getInt32(at + 16) : 0;
    this.buyQuantity = tradableQuote ? view.getInt32(at + 20) : 0;
    this.sellQuantity = tradableQuote ? view.getInt32(at + 24) : 0;
    // An index packet orders its prices high, low, open, close; a tradable one open, high, low, close.
    const ohlc = index ? INDEX_OHLC : tradableQuote ? QUOTE_OHLC : undefined;
    this.open = ohlc ? priceAt(view, at + ohlc.open, divisor) : 0;
    this.high = ohlc ? priceAt(view, at + ohlc.high, divisor) : 0;
    this.low = ohlc ? priceAt(view, at + ohlc.low, divisor) : 0;
    this.close = ohlc ? priceAt(view, at + ohlc.close, divisor) : 0;
    this.change = index ? view.getInt32(at + 24) / divisor : 0;
    this.lastTradeTime = full ? view.getUint32(at + 44) : 0;
    this.oi = full ? view.getInt32(at + 48) : 0;
    this.oiDayHigh = full ? view.getInt32(at + 52) : 0;
    this.oiDayLow = full ? view.getInt32(at + 56) : 0;
    this.exchangeTime = full
      ? view.getUint32(at + 60)
      : size === KITE_PACKET_BYTES.indexFull
        ? view.getUint32(at + 28)
        : 0;
    const sell = at + DEPTH_OFFSET + DEPTH_LEVELS * DEPTH_ENTRY_BYTES;
    this.bidQuantity = full ? view.getInt32(at + DEPTH_OFFSET) : 0;
    this.bid = full ? view.getInt32(at + DEPTH_OFFSET + 4) / divisor : 0;
    this.askQuantity = full ? view.getInt32(sell) : 0;
    this.ask = full ? view.getInt32(sell + 4) / divisor : 0;
    this.#view = full ? view : undefined;
    this.#at = at;
    this.#depth = undefined;
  }

  /** Five bids and five offers (full packets of tradable instruments only). */
  get depth(): KiteDepth | undefined {
    const view = this.#view;
    if (!view || this.#depth) return this.#depth;
    const divisor = priceDivisor(this.token);
    const buy: KiteDepthLevel[] = [];
    const sell: KiteDepthLevel[] = [];
    for (let level = 0; level < 2 * DEPTH_LEVELS; level++) {
      const entry = this.#at + DEPTH_OFFSET + level * DEPTH_ENTRY_BYTES;
      (level < DEPTH_LEVELS ? buy : sell).push({
        quantity: view.getInt32(entry),
        price: view.getInt32(entry + 4) / divisor,
        orders: view.getUint16(entry + 8),
      });
    }
    this.#depth = { buy, sell };
    return this.#depth;
  }
}

export interface KiteDepth {
  readonly buy: readonly KiteDepthLevel[];
  readonly sell: readonly KiteDepthLevel[];
}

export interface KiteDecoded {
  readonly packets: KitePacket[];
  /** A 1-byte message: the connection is alive, nothing else. */
  readonly heartbeat: boolean;
  /**
   * The message's framing does not add up (shorter than its count and lengths say, or longer): nothing in
   * it is trusted, and it yields no packets.
   */
  readonly malformed: boolean;
  /** Packets whose length matches no packet kind: skipped, the rest of the message decoded. */
  readonly dropped: number;
}

/** The price divisor of a token's segment. */
export function priceDivisor(token: number): number {
  const segment = token & 0xff;
  if (segment === KITE_SEGMENT.CDS) return 10_000_000;
  if (segment === KITE_SEGMENT.BCD) return 10_000;
  return 100;
}

const EMPTY: KiteDecoded = { packets: [], heartbeat: false, malformed: true, dropped: 0 };
const HEARTBEAT: KiteDecoded = { packets: [], heartbeat: true, malformed: false, dropped: 0 };

function asView(data: ArrayBuffer | ArrayBufferView): DataView {
  if (data instanceof ArrayBuffer) return new DataView(data);
  return new DataView(data.buffer, data.byteOffset, data.byteLength);
}

/** Decodes one binary message from the ticker. Never throws: bad framing is reported, not raised. */
export function decodeKiteMessage(data: ArrayBuffer | ArrayBufferView): KiteDecoded {
  const view = asView(data);
  const length = view.byteLength;
  if (length === 1) return HEARTBEAT;
  if (length < 2) return EMPTY;
  const count = view.getUint16(0);
  // Walk the framing first: a message that does not add up yields nothing.
  let offset = 2;
  for (let i = 0; i < count; i++) {
    if (offset + 2 > length) return EMPTY;
    offset += 2 + view.getUint16(offset);
    if (offset > length) return EMPTY;
  }
  if (offset !== length) return EMPTY;
  const packets: KitePacket[] = [];
  let dropped = 0;
  offset = 2;
  for (let i = 0; i < count; i++) {
    const size = view.getUint16(offset);
    if (PACKET_SIZES.has(size)) packets.push(new KitePacket(view, offset + 2, size));
    else dropped += 1;
    offset += 2 + size;
  }
  return { packets, heartbeat: false, malformed: false, dropped };
}

const PACKET_SIZES = new Set<number>(Object.values(KITE_PACKET_BYTES));

/** What the double sends for one instrument (fields a mode does not carry are ignored). */
export interface KitePacketInput {
  readonly token: number;
  readonly mode: KiteMode;
  readonly lastPrice: number;
  readonly lastQuantity?: number;
  readonly averagePrice?: number;
  readonly volume?: number;
  readonly buyQuantity?: number;
  readonly sellQuantity?: number;
  readonly open?: number;
  readonly high?: number;
  readonly low?: number;
  readonly close?: number;
  readonly change?: number;
  readonly lastTradeTime?: number;
  readonly exchangeTime?: number;
  readonly oi?: number;
  readonly oiDayHigh?: number;
  readonly oiDayLow?: number;
  readonly depth?: KiteDepth;
}

function packetBytes(packet: KitePacketInput): number {
  const index = (packet.token & 0xff) === KITE_SEGMENT.INDICES;
  if (packet.mode === "ltp") return KITE_PACKET_BYTES.ltp;
  if (index) {
    return packet.mode === "full" ? KITE_PACKET_BYTES.indexFull : KITE_PACKET_BYTES.indexQuote;
  }
  return packet.mode === "full" ? KITE_PACKET_BYTES.full : KITE_PACKET_BYTES.quote;
}

/** Encodes packets into one binary message, exactly as the ticker sends them. */
export function encodeKiteMessage(packets: readonly KitePacketInput[]): Uint8Array {
  let length = 2;
  for (const packet of packets) length += 2 + packetBytes(packet);
  const bytes = new Uint8Array(length);
  const view = new DataView(bytes.buffer);
  view.setUint16(0, packets.length);
  let offset = 2;
  for (const packet of packets) {
    const size = packetBytes(packet);
    view.setUint16(offset, size);
    writePacket(view, offset + 2, size, packet);
    offset += 2 + size;
  }
  return bytes;
}

/** The 1-byte heartbeat message. */
export function encodeKiteHeartbeat(): Uint8Array {
  return new Uint8Array(1);
}

function writePacket(view: DataView, at: number, size: number, packet: KitePacketInput) {
  const divisor = priceDivisor(packet.token);
  const price = (offset: number, value = 0) =>
    view.setInt32(at + offset, Math.round(value * divisor));
  const int = (offset: number, value = 0) => view.setInt32(at + offset, Math.round(value));
  view.setUint32(at, packet.token);
  price(4, packet.lastPrice);
  if (size === KITE_PACKET_BYTES.ltp) return;
  if (size === KITE_PACKET_BYTES.indexQuote || size === KITE_PACKET_BYTES.indexFull) {
    price(8, packet.high);
    price(12, packet.low);
    price(16, packet.open);
    price(20, packet.close);
    price(24, packet.change);
    if (size === KITE_PACKET_BYTES.indexFull) view.setUint32(at + 28, packet.exchangeTime ?? 0);
    return;
  }
  int(8, packet.lastQuantity);
  price(12, packet.averagePrice);
  int(16, packet.volume);
  int(20, packet.buyQuantity);
  int(24, packet.sellQuantity);
  price(28, packet.open);
  price(32, packet.high);
  price(36, packet.low);
  price(40, packet.close);
  if (size !== KITE_PACKET_BYTES.full) return;
  view.setUint32(at + 44, packet.lastTradeTime ?? 0);
  int(48, packet.oi);
  int(52, packet.oiDayHigh);
  int(56, packet.oiDayLow);
  view.setUint32(at + 60, packet.exchangeTime ?? 0);
  for (let level = 0; level < 2 * DEPTH_LEVELS; level++) {
    const entry = DEPTH_OFFSET + level * DEPTH_ENTRY_BYTES;
    const side = level < DEPTH_LEVELS ? packet.depth?.buy : packet.depth?.sell;
    const value = side?.[level % DEPTH_LEVELS];
    int(entry, value?.quantity);
    price(entry + 4, value?.price);
    view.setUint16(at + entry + 8, value?.orders ?? 0);
  }
}
