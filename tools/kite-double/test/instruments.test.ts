import { get, type IncomingHttpHeaders } from "node:http";
import { gunzipSync } from "node:zlib";
import { KiteContractBook } from "@kalpa/market/broker/kite/contract-book";
import {
  type KiteInstrument,
  normaliseKiteInstruments,
} from "@kalpa/market/broker/kite/instruments";
import { KITE_SEGMENT } from "@kalpa/market/broker/kite/ticker-wire";
import { nextExpiry } from "@kalpa/market/calendar/expiries";
import { lotSizeOf } from "@kalpa/market/instruments/lot-sizes";
import { SimulatedMarket } from "@kalpa/market/sim/simulated-market";
import { parseIndiaTime } from "@kalpa/market/time/india-time";
import { type Exchanges, KiteConnect } from "kiteconnect";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { KiteDouble } from "../src/double";
import { buildListing } from "../src/listing";
import { control, startDouble } from "./support";

const HEADER =
  "instrument_token,exchange_token,tradingsymbol,name,last_price,expiry,strike,tick_size,lot_size,instrument_type,segment,exchange";
const DAY = "2026-11-25";

let double: KiteDouble;
let kc: InstanceType<typeof KiteConnect>;
beforeAll(async () => {
  double = await startDouble();
  kc = new KiteConnect({ api_key: double.apiKey, root: double.root });
});
afterAll(() => double.close());
beforeEach(async () => {
  await control(double, "reset");
});

async function sdkInstruments(exchange?: Exchanges): Promise<KiteInstrument[]> {
  const rows = (exchange === undefined
    ? await kc.getInstruments()
    : await kc.getInstruments(exchange)) as unknown as Record<string, unknown>[];
  // The list ends with a newline (as a CSV writer ends every record; Kite's own ending is unconfirmed),
  // which the SDK's parser turns into one last row with an empty token and NaN numbers.
  expect(rows.at(-1)).toMatchObject({ instrument_token: "" });
  const { instruments, rejected } = normaliseKiteInstruments(rows.slice(0, -1));
  expect(rejected).toBe(0);
  return instruments;
}

function expiriesOf(instruments: KiteInstrument[], name: string, type: string): string[] {
  return [
    ...new Set(
      instruments
        .filter((row) => row.name === name && row.instrumentType === type)
        .map((row) => row.expiry ?? ""),
    ),
  ].sort();
}

describe("GET /instruments", () => {
  it("is Kite's CSV: the exact header, Content-Type text/csv, no authentication", async () => {
    const res = await fetch(`${double.root}/instruments`, {
      headers: { "Accept-Encoding": "identity" },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv");
    const csv = await res.text();
    expect(csv.split("\n")[0]).toBe(HEADER);
    expect(csv).toContain("\n256265,1001,NIFTY 50,NIFTY 50,0,,0,0,0,EQ,INDICES,NSE\n");
    expect(csv).toContain("\n260105,1016,NIFTY BANK,NIFTY BANK,0,,0,0,0,EQ,INDICES,NSE\n");
  });

  it("is gzipped for a client that takes gzip", async () => {
    // node:http, which hands the body over as it came (fetch would undo the gzip itself).
    const { headers, body } = await new Promise<{ headers: IncomingHttpHeaders; body: Buffer }>(
      (resolve, reject) => {
        get(`${double.root}/instruments`, { headers: { "Accept-Encoding": "gzip" } }, (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (chunk: Buffer) => chunks.push(chunk));
          res.on("end", () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
        }).on("error", reject);
      },
    );
    expect(headers["content-type"]).toBe("text/csv");
    expect(headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(body).toString("utf8").startsWith(`${HEADER}\n`)).toBe(true);
  });

  it("parses through the SDK into the index rows and the expected contracts", async () => {
    const instruments = await sdkInstruments();
    const byToken = new Map(instruments.map((row) => [row.token, row]));
    expect(byToken.size).toBe(instruments.length);
    expect(byToken.get(256_265)).toMatchObject({
      tradingSymbol: "NIFTY 50",
      segment: "INDICES",
      exchange: "NSE",
    });
    expect(byToken.get(260_105)).toMatchObject({ tradingSymbol: "NIFTY BANK" });

    // NIFTY: every weekly in the next 5 weeks and the monthly; the others two monthlies.
    const niftyWeeklies: string[] = [];
    for (let day = DAY; niftyWeeklies.length < 5; ) {
      const expiry = nextExpiry("NIFTY", day, "weekly");
      niftyWeeklies.push(expiry);
      day = new Date(Date.parse(`${expiry}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    }
    expect(niftyWeeklies).toEqual([
      "2026-12-01",
      "2026-12-08",
      "2026-12-15",
      "2026-12-22",
      "2026-12-29",
    ]);
    expect(expiriesOf(instruments, "NIFTY", "CE")).toEqual(niftyWeeklies);
    expect(expiriesOf(instruments, "NIFTY", "PE")).toEqual(niftyWeeklies);
    // 26 Jan 2027, January's last Tuesday, is Republic Day (2027's provisional calendar): Monday 25 Jan.
    expect(expiriesOf(instruments, "BANKNIFTY", "CE")).toEqual(["2026-12-29", "2027-01-25"]);
    expect(expiriesOf(instruments, "CRUDEOIL", "CE")).toEqual(["2026-12-16", "2027-01-15"]);
    expect(expiriesOf(instruments, "CRUDEOIL", "FUT")).toEqual([
      "2026-12-18",
      "2027-01-19",
      "2027-02-19",
    ]);

    const market = new SimulatedMarket({ seed: "kalpa" });
    for (const [symbol, step] of [
      ["NIFTY", 50],
      ["BANKNIFTY", 100],
      ["CRUDEOIL", 50],
    ] as const) {
      const options = instruments.filter(
        (row) => row.name === symbol && row.instrumentType === "CE",
      );
      const strikes = [...new Set(options.map((row) => row.strike))].sort((a, b) => a - b);
      const centre = Math.round(market.previousClose(symbol, DAY) / step) * step;
      expect(strikes).toHaveLength(41);
      expect(strikes[0]).toBe(centre - 20 * step);
      expect(strikes.at(-1)).toBe(centre + 20 * step);
      // NFO rows list the lot in units; MCX rows 1, as Kite lists MCX (quantities in contracts).
      for (const row of options) {
        expect(row.lotSize).toBe(symbol === "CRUDEOIL" ? 1 : lotSizeOf(symbol, row.expiry ?? ""));
      }
    }

    for (const row of instruments) {
      const segment =
        row.segment === "INDICES"
          ? KITE_SEGMENT.INDICES
          : row.exchange === "NFO"
            ? KITE_SEGMENT.NFO
            : KITE_SEGMENT.MCX;
      expect(row.token & 0xff).toBe(segment);
      expect(row.token >> 8).toBe(row.exchangeToken);
      expect(row.token).toBeLessThan(2 ** 31);
    }
    // The strike at the money of the simulated close before DAY (the strikes listed follow the market).
    const atm = Math.round(market.previousClose("NIFTY", DAY) / 50) * 50;
    expect(instruments.find((row) => row.tradingSymbol === `NIFTY26D01${atm}CE`)).toMatchObject({
      expiry: "2026-12-01",
      strike: atm,
      tickSize: 0.05,
      lotSize: 65,
      segment: "NFO-OPT",
      exchange: "NFO",
    });
    expect(instruments.find((row) => row.tradingSymbol === "CRUDEOIL26DECFUT")).toMatchObject({
      instrumentType: "FUT",
      segment: "MCX-FUT",
      lotSize: 1,
      tickSize: 1,
    });
    // Every MCX row, future or option, carries Kite's lot_size of one contract.
    const mcx = instruments.filter((row) => row.exchange === "MCX");
    expect(mcx.length).toBeGreaterThan(80);
    expect(new Set(mcx.map((row) => row.lotSize))).toEqual(new Set([1]));
  });

  it("gives the product's contract book what it needs to stream and trade", async () => {
    const instruments = await sdkInstruments();
    const book = new KiteContractBook(instruments);
    expect(book.underlying("NIFTY", DAY)?.token).toBe(256_265);
    expect(book.underlying("BANKNIFTY", DAY)?.token).toBe(260_105);
    expect(book.underlying("CRUDEOIL", DAY)?.tradingSymbol).toBe("CRUDEOIL26DECFUT");
    expect(book.disagreements(DAY)).toEqual([]);
    const at = parseIndiaTime(`${DAY} 10:00`);
    const listed = instruments.find(
      (row) => row.name === "NIFTY" && row.instrumentType === "CE" && row.expiry === "2026-12-01",
    );
    const resolved = book.resolve("NIFTY", "CE", listed?.strike ?? 0, at);
    expect(resolved).toMatchObject({ ok: true, contract: { expiry: "2026-12-01", lotSize: 65 } });
    // CRUDEOIL's lot is 100 barrels from the product's table, one contract in Kite's count.
    const crude = book.expiries("CRUDEOIL")[0] ?? "";
    const strike =
      instruments.find((row) => row.name === "CRUDEOIL" && row.instrumentType === "PE")?.strike ??
      0;
    expect(book.resolve("CRUDEOIL", "PE", strike, at)).toMatchObject({
      ok: true,
      contract: { expiry: crude, lotSize: 100, kiteLot: { contracts: 1 } },
    });
    expect(book.notes(DAY)).toMatchObject([{ symbol: "CRUDEOIL", field: "lotSize" }]);
  });

  it("answers one exchange at /instruments/:exchange (ignoring the SDK's extra query)", async () => {
    const nfo = await sdkInstruments("NFO");
    expect(nfo.length).toBeGreaterThan(0);
    expect(new Set(nfo.map((row) => row.exchange))).toEqual(new Set(["NFO"]));
    const nse = await sdkInstruments("NSE");
    expect(nse.map((row) => row.token).sort()).toEqual([256_265, 260_105]);
  });

  it("keeps a contract's token from day to day, and each day's list the same for a seed", () => {
    const market = new SimulatedMarket({ seed: "kalpa" });
    const today = buildListing(market, DAY);
    const again = buildListing(new SimulatedMarket({ seed: "kalpa" }), DAY);
    expect(again.rows.map((row) => row.token)).toEqual(today.rows.map((row) => row.token));
    const tomorrow = buildListing(market, "2026-11-26");
    const bySymbol = new Map(tomorrow.rows.map((row) => [row.tradingSymbol, row.token]));
    const shared = today.rows.filter((row) => bySymbol.has(row.tradingSymbol));
    expect(shared.length).toBeGreaterThan(500);
    for (const row of shared) expect(bySymbol.get(row.tradingSymbol)).toBe(row.token);
  });
});

describe("the list's controls", () => {
  it("lot-size changes one symbol's contracts, and reset undoes it", async () => {
    const res = await control(double, "lot-size", { symbol: "NIFTY", lotSize: 75 });
    expect(res.status).toBe(200);
    let instruments = await sdkInstruments();
    const lots = (name: string) =>
      new Set(instruments.filter((row) => row.name === name).map((row) => row.lotSize));
    expect(lots("NIFTY")).toEqual(new Set([75]));
    expect(lots("BANKNIFTY")).toEqual(new Set([30]));
    const book = new KiteContractBook(instruments);
    expect(book.disagreements(DAY)).toMatchObject([
      { symbol: "NIFTY", field: "lotSize", table: "65", broker: "75" },
    ]);
    await control(double, "reset");
    instruments = await sdkInstruments();
    expect(lots("NIFTY")).toEqual(new Set([65]));
  });

  it("remove-strike drops that strike's rows, so the product cannot resolve it", async () => {
    const before = await sdkInstruments();
    const strike = before.find((row) => row.name === "BANKNIFTY")?.strike ?? 0;
    await control(double, "remove-strike", { symbol: "BANKNIFTY", strike });
    const after = await sdkInstruments();
    expect(after.filter((row) => row.name === "BANKNIFTY" && row.strike === strike)).toEqual([]);
    expect(before.length - after.length).toBe(4);
    const book = new KiteContractBook(after);
    expect(book.resolve("BANKNIFTY", "PE", strike, parseIndiaTime(`${DAY} 10:00`)).ok).toBe(false);
  });

  it("refuses bad control bodies", async () => {
    expect((await control(double, "lot-size", { symbol: "GOLD", lotSize: 1 })).status).toBe(400);
    expect((await control(double, "lot-size", { symbol: "NIFTY", lotSize: 0 })).status).toBe(400);
    expect((await control(double, "remove-strike", { symbol: "NIFTY" })).status).toBe(400);
  });
});
