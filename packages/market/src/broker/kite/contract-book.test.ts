import { describe, expect, it } from "vitest";
import { installCalendarEdits } from "../../calendar/calendar-book";
import { nearestExpiry } from "../../calendar/expiries";
import { parseIndiaTime } from "../../time/india-time";
import { contractKey, KiteContractBook } from "./contract-book";
import {
  formatKiteCsv,
  type KiteInstrument,
  normaliseKiteInstruments,
  parseKiteCsv,
} from "./instruments";

/**
 * A slice of an instrument list in Kite's columns (the name column quoted, as Kite writes it). MCX rows
 * carry `lot_size` 1, as Kite lists them: Kite counts MCX quantities in contracts.
 */
const CSV = `instrument_token,exchange_token,tradingsymbol,name,last_price,expiry,strike,tick_size,lot_size,instrument_type,segment,exchange
256265,1001,NIFTY 50,"NIFTY 50",0,,0,0,0,EQ,INDICES,NSE
260105,1016,NIFTY BANK,"NIFTY BANK",0,,0,0,0,EQ,INDICES,NSE
12345602,48225,NIFTY26D0126000CE,"NIFTY",0,2026-12-01,26000,0.05,65,CE,NFO-OPT,NFO
12345858,48226,NIFTY26D0126000PE,"NIFTY",0,2026-12-01,26000,0.05,65,PE,NFO-OPT,NFO
12346114,48227,NIFTY26D0126050CE,"NIFTY",0,2026-12-01,26050,0.05,65,CE,NFO-OPT,NFO
12346370,48228,NIFTY26D0826000CE,"NIFTY",0,2026-12-08,26000,0.05,65,CE,NFO-OPT,NFO
12346626,48229,BANKNIFTY26DEC59000CE,"BANKNIFTY",0,2026-12-29,59000,0.05,30,CE,NFO-OPT,NFO
12346882,48230,BANKNIFTY26DECFUT,"BANKNIFTY",0,2026-12-29,0,0.05,30,FUT,NFO-FUT,NFO
112233479,438404,CRUDEOIL26NOVFUT,"CRUDEOIL",0,2026-11-19,0,1,1,FUT,MCX-FUT,MCX
112233735,438405,CRUDEOIL26DECFUT,"CRUDEOIL",0,2026-12-18,0,1,1,FUT,MCX-FUT,MCX
112233991,438406,CRUDEOILM26DECFUT,"CRUDEOILM",0,2026-12-18,0,1,1,FUT,MCX-FUT,MCX
112234247,438407,CRUDEOIL26DEC5800CE,"CRUDEOIL",0,2026-12-16,5800,0.1,1,CE,MCX-OPT,MCX
112234503,438408,CRUDEOIL26NOV5800CE,"CRUDEOIL",0,2026-11-17,5800,0.1,1,CE,MCX-OPT,MCX
not-a-token,1,BROKEN,"BROKEN",0,,0,0.05,1,EQ,NSE,NSE
`;

function book(csv = CSV) {
  return new KiteContractBook(normaliseKiteInstruments(parseKiteCsv(csv)).instruments);
}

describe("the instrument list", () => {
  it("normalises rows and counts the ones that are not instruments", () => {
    const { instruments, rejected } = normaliseKiteInstruments(parseKiteCsv(CSV));
    expect(instruments).toHaveLength(13);
    expect(rejected).toBe(1);
    expect(instruments[0]).toEqual({
      token: 256_265,
      exchangeToken: 1001,
      tradingSymbol: "NIFTY 50",
      name: "NIFTY 50",
      expiry: null,
      strike: 0,
      tickSize: 0,
      lotSize: 0,
      instrumentType: "EQ",
      segment: "INDICES",
      exchange: "NSE",
    });
  });

  it("takes the SDK's parsed rows too (expiry as a Date at UTC midnight, numbers as numbers)", () => {
    const { instruments } = normaliseKiteInstruments([
      {
        instrument_token: "12345602",
        exchange_token: "48225",
        tradingsymbol: "NIFTY26D0126000CE",
        name: "NIFTY",
        last_price: 0,
        expiry: new Date("2026-12-01"),
        strike: 26_000,
        tick_size: 0.05,
        lot_size: 65,
        instrument_type: "CE",
        segment: "NFO-OPT",
        exchange: "NFO",
      },
    ]);
    expect(instruments[0]?.expiry).toBe("2026-12-01");
    expect(instruments[0]?.lotSize).toBe(65);
  });

  it("writes the CSV back so that it reads the same", () => {
    const { instruments } = normaliseKiteInstruments(parseKiteCsv(CSV));
    const again = normaliseKiteInstruments(parseKiteCsv(formatKiteCsv(instruments)));
    expect(again.instruments).toEqual(instruments);
  });
});

describe("resolving contracts from the list", () => {
  const at = parseIndiaTime("2026-11-25 10:00");

  it("finds the index tokens and the CRUDEOIL future of the options traded, rolled with them", () => {
    const b = book();
    expect(b.underlying("NIFTY", "2026-11-25")?.token).toBe(256_265);
    expect(b.underlying("BANKNIFTY", "2026-11-25")?.token).toBe(260_105);
    // November's options trade to 16 Nov, so November's future streams.
    expect(b.underlying("CRUDEOIL", "2026-11-16")?.tradingSymbol).toBe("CRUDEOIL26NOVFUT");
    // On their expiry day (17 Nov) fresh positions are in December's options: December's future
    // streams, though November's trades to the 19th.
    expect(b.underlying("CRUDEOIL", "2026-11-17")?.tradingSymbol).toBe("CRUDEOIL26DECFUT");
    expect(b.underlying("CRUDEOIL", "2026-11-19")?.tradingSymbol).toBe("CRUDEOIL26DECFUT");
    expect(b.underlying("CRUDEOIL", "2026-12-19")).toBeUndefined();
  });

  it("gives the traded NFO contract with the broker's lot size (units), token and tick", () => {
    const resolved = book().resolve("NIFTY", "CE", 26_000, at);
    expect(resolved).toMatchObject({
      ok: true,
      contract: {
        symbol: "NIFTY",
        expiry: "2026-12-01",
        strike: 26_000,
        optionType: "CE",
        lotSize: 65,
        token: 12_345_602,
        tradingSymbol: "NIFTY26D0126000CE",
        tickSize: 0.05,
        expiresAt: parseIndiaTime("2026-12-01 15:40"),
        kiteLot: { units: 65 },
      },
    });
    expect(book().resolve("BANKNIFTY", "CE", 59_000, at)).toMatchObject({
      ok: true,
      contract: { expiry: "2026-12-29", lotSize: 30 },
    });
  });

  it("gives a CRUDEOIL contract a lot of 100 barrels from the product's table, not Kite's lot_size of 1", () => {
    const resolved = book().resolve("CRUDEOIL", "CE", 5800, at);
    expect(resolved).toMatchObject({
      ok: true,
      contract: {
        symbol: "CRUDEOIL",
        expiry: "2026-12-16",
        strike: 5800,
        lotSize: 100,
        tradingSymbol: "CRUDEOIL26DEC5800CE",
        tickSize: 0.1,
        // Kite's own count of the same lot: one contract.
        kiteLot: { contracts: 1 },
      },
    });
  });

  it("refuses an MCX contract the multiplier table does not cover, saying why", () => {
    // A CRUDEOIL option expiring in 2019, before the table's first entry (2020).
    const old = `${CSV.split("\n")[0]}
112234503,438408,CRUDEOIL19DEC4000CE,"CRUDEOIL",0,2019-12-16,4000,0.1,1,CE,MCX-OPT,MCX
`;
    expect(book(old).resolve("CRUDEOIL", "CE", 4000, parseIndiaTime("2019-12-02 10:00"))).toEqual({
      ok: false,
      reason:
        "the product's MCX table has no CRUDEOIL contract multiplier for contracts expiring 2019-12-16",
    });
    expect(book(old).disagreements("2019-12-02")).toContainEqual({
      symbol: "CRUDEOIL",
      field: "lotSize",
      table: "none",
      broker: "1",
      message:
        "CRUDEOIL: the product's MCX table has no CRUDEOIL contract multiplier for contracts expiring 2019-12-16, so the 2019-12-16 contracts are not traded.",
    });
  });

  it("moves to the next listed expiry after the nearest one's close", () => {
    const afterClose = parseIndiaTime("2026-12-01 15:41");
    expect(book().resolve("NIFTY", "CE", 26_000, afterClose)).toMatchObject({
      ok: true,
      contract: { expiry: "2026-12-08" },
    });
  });

  it("refuses a strike the list does not hold, saying which", () => {
    expect(book().resolve("NIFTY", "PE", 26_050, at)).toEqual({
      ok: false,
      reason: "NIFTY 2026-12-01 26050 PE is not in the broker's instrument list",
    });
  });

  it("keys contracts the same way everywhere", () => {
    expect(
      contractKey({ symbol: "NIFTY", expiry: "2026-12-01", strike: 26_000, optionType: "CE" }),
    ).toBe("NIFTY:2026-12-01:26000:CE");
  });
});

describe("CRUDEOIL on its options' expiry day", () => {
  it("trades the next listed series: no fresh positions in the expiring one", () => {
    const withJanuary = CSV.replace(
      "not-a-token",
      '112234503,438408,CRUDEOIL27JAN5800CE,"CRUDEOIL",0,2027-01-15,5800,0.1,100,CE,MCX-OPT,MCX\nnot-a-token',
    );
    const b = book(withJanuary);
    expect(b.tradedExpiry("CRUDEOIL", parseIndiaTime("2026-12-15 21:00"))?.expiry).toBe(
      "2026-12-16",
    );
    expect(b.tradedExpiry("CRUDEOIL", parseIndiaTime("2026-12-16 09:30"))).toEqual({
      expiry: "2027-01-15",
      expiresAt: parseIndiaTime("2027-01-15 23:55"),
    });
    expect(b.resolve("CRUDEOIL", "CE", 5800, parseIndiaTime("2026-12-16 09:30"))).toMatchObject({
      ok: true,
      contract: { tradingSymbol: "CRUDEOIL27JAN5800CE", expiry: "2027-01-15" },
    });
  });
});

describe("comparing the list with the product's tables", () => {
  it("agrees when the list matches the tables, and explains Kite's MCX lots instead of flagging them", () => {
    expect(book().disagreements("2026-11-25")).toEqual([]);
    expect(book().notes("2026-11-25")).toEqual([
      {
        symbol: "CRUDEOIL",
        field: "lotSize",
        message:
          "CRUDEOIL: Kite lists MCX contracts with lot_size 1 and counts their quantities in contracts; one CRUDEOIL contract is 100 barrels (the product's MCX table), so a lot of the 2026-12-16 contracts counts 100 barrels in premiums, P&L and charges.",
      },
    ]);
  });

  it("reports an MCX lot_size other than Kite's one contract, and keeps the table's lot", () => {
    // Were Kite to list barrels (100) instead of contracts, the lot must not become 100 x 100.
    const inUnits = CSV.replace(",5800,0.1,1,CE,", ",5800,0.1,100,CE,");
    const found = book(inUnits).disagreements("2026-11-25");
    expect(found).toEqual([
      {
        symbol: "CRUDEOIL",
        field: "lotSize",
        table: "1",
        broker: "100",
        message:
          "CRUDEOIL: the broker lists lot_size 100 for the 2026-12-16 contracts, where Kite counts MCX quantities in contracts (1 a lot); the product keeps its table's lot of 100 barrels.",
      },
    ]);
    expect(book(inUnits).notes("2026-11-25")).toEqual([]);
    const resolved = book(inUnits).resolve(
      "CRUDEOIL",
      "CE",
      5800,
      parseIndiaTime("2026-11-25 10:00"),
    );
    expect(resolved.ok && resolved.contract.lotSize).toBe(100);
  });

  it("reports a changed lot size", () => {
    const changed = CSV.replaceAll(",0.05,65,", ",0.05,75,");
    const found = book(changed).disagreements("2026-11-25");
    expect(found).toEqual([
      {
        symbol: "NIFTY",
        field: "lotSize",
        table: "65",
        broker: "75",
        message:
          "NIFTY: the broker's lot size for the 2026-12-01 contracts is 75; the product's table says 65.",
      },
    ]);
    // Trading follows the broker.
    const resolved = book(changed).resolve(
      "NIFTY",
      "CE",
      26_000,
      parseIndiaTime("2026-11-25 10:00"),
    );
    expect(resolved.ok && resolved.contract.lotSize).toBe(75);
  });

  it("reports an expiry the tables do not have", () => {
    const moved = CSV.replaceAll("2026-12-16,5800", "2026-12-15,5800");
    expect(book(moved).disagreements("2026-11-25")).toMatchObject([
      { symbol: "CRUDEOIL", field: "expiry", table: "2026-12-16", broker: "2026-12-15" },
    ]);
  });
});

describe("with a broker, its instrument list is the authority for expiries", () => {
  const at = parseIndiaTime("2026-11-25 10:00");

  it("trades the broker's expiry where the product's calendar computes another", () => {
    // The exchange moved the 1 Dec expiry to Monday 30 Nov for a holiday the product's calendar lacks.
    const moved = book(CSV.replaceAll("2026-12-01", "2026-11-30"));
    expect(nearestExpiry("NIFTY", "2026-11-25")).toBe("2026-12-01");
    expect(moved.resolve("NIFTY", "CE", 26_000, at)).toMatchObject({
      ok: true,
      contract: { expiry: "2026-11-30", expiresAt: parseIndiaTime("2026-11-30 15:40") },
    });
    expect(moved.disagreements("2026-11-25")).toMatchObject([
      { symbol: "NIFTY", field: "expiry", table: "2026-12-01", broker: "2026-11-30" },
    ]);
  });

  it("keeps trading the listed expiry when the operator's calendar moved it (until the list changes)", () => {
    try {
      installCalendarEdits({
        days: [
          {
            day: "2026-12-01",
            nse: "closed",
            mcx: "evening",
            name: "Operator holiday",
            sessions: [],
            source: "test",
          },
        ],
        years: [],
      });
      expect(nearestExpiry("NIFTY", "2026-11-25")).toBe("2026-11-30");
      // The list still says 1 Dec: the broker decides, and the console hears of the disagreement.
      expect(book().resolve("NIFTY", "CE", 26_000, at)).toMatchObject({
        ok: true,
        contract: { expiry: "2026-12-01", expiresAt: parseIndiaTime("2026-12-01 15:40") },
      });
      expect(book().disagreements("2026-11-25")).toMatchObject([
        { symbol: "NIFTY", field: "expiry", table: "2026-11-30", broker: "2026-12-01" },
      ]);
    } finally {
      installCalendarEdits({ days: [], years: [] });
    }
  });
});

describe("a list without the product's symbols", () => {
  it("resolves nothing and says so", () => {
    const empty = new KiteContractBook([] as KiteInstrument[]);
    expect(empty.underlying("NIFTY", "2026-11-25")).toBeUndefined();
    expect(empty.resolve("CRUDEOIL", "CE", 5800, Date.UTC(2026, 10, 25, 6))).toEqual({
      ok: false,
      reason: "the broker's instrument list has no CRUDEOIL option expiry ahead",
    });
  });
});
