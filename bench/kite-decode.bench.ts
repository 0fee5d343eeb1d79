/**
 * Decoding Kite Connect ticker messages on one core (packages/market/src/broker/kite/ticker-wire.ts),
 * beside the official SDK's own parser (kiteconnect's KiteTicker.parseBinary) on the same messages in the
 * same run, because this machine's speed drifts.
 *
 * The messages are what the product subscribes to: the two indices in full mode (32 bytes), the CRUDEOIL
 * future and twenty option contracts in full mode (184 bytes, with depth), 23 packets a message as Kite
 * batches them. Run with `npm run bench:kite-decode -w bench`.
 *
 * Target: at least 1,000,000 packets a second.
 */
import { loadavg } from "node:os";
import { decodeKiteMessage, encodeKiteMessage } from "@kalpa/market/broker/kite/ticker-wire";
import { KiteTicker } from "kiteconnect";
import { createVerdicts } from "./support/report";

const TARGET = 1_000_000;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const ROUND_MS = 1000;

console.log(
  `load average before: ${loadavg()
    .map((l) => l.toFixed(2))
    .join(" ")}`,
);

function message(seed: number): ArrayBuffer {
  const depth = (base: number, side: number) =>
    [0, 1, 2, 3, 4].map((level) => ({
      quantity: 65 * (level + 1),
      price: base + side * (level + 1) * 0.05,
      orders: level + 1,
    }));
  const time = 1_764_055_800 + seed;
  const packets = [
    {
      token: 256_265,
      mode: "full" as const,
      lastPrice: 24_512.35 + seed * 0.05,
      high: 24_600,
      low: 24_400,
      open: 24_450,
      close: 24_499,
      change: 13.35,
      exchangeTime: time,
    },
    {
      token: 260_105,
      mode: "full" as const,
      lastPrice: 56_012.4 + seed * 0.05,
      high: 56_100,
      low: 55_900,
      open: 56_000,
      close: 55_950,
      change: 62.4,
      exchangeTime: time,
    },
    ...Array.from({ length: 21 }, (_, i) => {
      const price = 100 + i * 7.35 + (seed % 20) * 0.05;
      return {
        token: 12_345_602 + i * 256,
        mode: "full" as const,
        lastPrice: price,
        lastQuantity: 65,
        averagePrice: price - 1,
        volume: 1_000_000 + seed * 65,
        buyQuantity: 40_000,
        sellQuantity: 39_000,
        open: price - 5,
        high: price + 7,
        low: price - 9,
        close: price - 2,
        lastTradeTime: time,
        oi: 3_000_000,
        oiDayHigh: 3_100_000,
        oiDayLow: 2_900_000,
        exchangeTime: time,
        depth: { buy: depth(price, -1), sell: depth(price, 1) },
      };
    }),
  ];
  const bytes = encodeKiteMessage(packets);
  return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
}

const messages = Array.from({ length: 64 }, (_, i) => message(i));
const PACKETS_PER_MESSAGE = 23;

function measure(decode: (buffer: ArrayBuffer) => number): number {
  let packets = 0;
  let sink = 0;
  const start = process.hrtime.bigint();
  const until = start + BigInt(ROUND_MS) * 1_000_000n;
  let now = start;
  while (now < until) {
    for (let i = 0; i < 256; i++) {
      sink += decode(messages[i & 63] as ArrayBuffer);
      packets += PACKETS_PER_MESSAGE;
    }
    now = process.hrtime.bigint();
  }
  if (sink === 0) throw new Error("nothing decoded");
  return packets / (Number(now - start) / 1e9);
}

/** Reads what the adapter reads of each packet, so nothing decoded can be skipped. */
const ours = (buffer: ArrayBuffer) => {
  let sum = 0;
  for (const packet of decodeKiteMessage(buffer).packets) {
    sum += packet.lastPrice + packet.bid + packet.ask + packet.volume + packet.exchangeTime;
  }
  return sum;
};
const sdk = new KiteTicker({ api_key: "bench", access_token: "bench", reconnect: false });
// parseBinary is a public method of the SDK's ticker that its TypeScript types leave out.
const sdkParse = (
  sdk as unknown as { parseBinary(buffer: ArrayBuffer): unknown[] }
).parseBinary.bind(sdk);
const theirs = (buffer: ArrayBuffer) => sdkParse(buffer).length;

// Warm both up.
measure(ours);
measure(theirs);
const oursRates: number[] = [];
const sdkRates: number[] = [];
for (let round = 0; round < ROUNDS; round++) {
  oursRates.push(measure(ours));
  sdkRates.push(measure(theirs));
}
const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const fmt = (n: number) => Math.round(n).toLocaleString("en-US");
console.table([
  {
    decoder: "Kalpa (ticker-wire.ts)",
    "median packets/s": fmt(median(oursRates)),
    rounds: oursRates.map(fmt).join(" "),
  },
  {
    decoder: "kiteconnect SDK parseBinary",
    "median packets/s": fmt(median(sdkRates)),
    rounds: sdkRates.map(fmt).join(" "),
  },
]);
const verdicts = createVerdicts();
verdicts.check(
  `Kite decoding: ${fmt(median(oursRates))} packets/s on one core (target ≥ ${fmt(TARGET)}; the SDK's parser ${fmt(median(sdkRates))})`,
  median(oursRates) >= TARGET,
);
verdicts.print();
