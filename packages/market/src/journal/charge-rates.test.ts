import { describe, expect, it } from "vitest";
import { CHARGE_RATES, type ChargeRateTable, ratesOn, sellTaxOn } from "./charge-rates";

const EXCHANGES = ["NSE", "MCX"] as const;

/** Every component's entries, named, each exchange's separately. */
function lists(table: ChargeRateTable) {
  const perExchange = (name: string, byExchange: ChargeRateTable["sellTax"]) =>
    EXCHANGES.map((exchange) => [`${name} ${exchange}`, byExchange[exchange]] as const);
  return [
    ["brokerage", table.brokerage] as const,
    ...perExchange("sellTax", table.sellTax),
    ...perExchange("transaction", table.transaction),
    ...perExchange("ipft", table.ipft),
    ["sebi", table.sebi] as const,
    ["stamp", table.stamp] as const,
    ["gst", table.gst] as const,
  ];
}

describe("the charge-rate table", () => {
  it("has, for every component, dated entries oldest first, each with a source", () => {
    for (const [name, entries] of lists(CHARGE_RATES)) {
      expect(entries.length, name).toBeGreaterThan(0);
      entries.forEach((entry, i) => {
        expect(entry.from, name).toMatch(/^\d{4}-\d{2}-\d{2}$/);
        expect(Number.isNaN(Date.parse(`${entry.from}T00:00:00Z`)), name).toBe(false);
        expect(entry.source.trim().length, name).toBeGreaterThan(20);
        const previous = entries[i - 1];
        if (previous) expect(previous.from < entry.from, `${name} ${entry.from}`).toBe(true);
      });
    }
  });

  it("covers NSE from 1 Jan 2018 and MCX from 1 Apr 2023", () => {
    expect(ratesOn("NSE", "2018-01-01").asOf).toBe("2018-01-01");
    expect(() => ratesOn("NSE", "2017-12-31")).toThrow(RangeError);
    expect(ratesOn("MCX", "2023-04-01").asOf).toBe("2023-04-01");
    expect(() => ratesOn("MCX", "2023-03-31")).toThrow(/No MCX sell-side tax rate/);
  });

  it("gives NSE's rates of 2018-2023 at each change", () => {
    const at = (day: string) => {
      const { sellTaxPercent, transactionPercent, sebiPercent, stampPercent, ipftPercent } =
        ratesOn("NSE", day);
      return [sellTaxPercent, transactionPercent, sebiPercent, stampPercent, ipftPercent];
    };
    expect(at("2019-03-29")).toEqual([0.05, 0.05, 0.00015, 0.002, 0.0000001]);
    expect(at("2019-04-01")).toEqual([0.05, 0.05, 0.0001, 0.002, 0.0000001]);
    expect(at("2020-06-30")).toEqual([0.05, 0.05, 0.00005, 0.002, 0.0000001]);
    expect(at("2020-07-01")).toEqual([0.05, 0.05, 0.00005, 0.003, 0.0000001]);
    expect(at("2021-01-01")).toEqual([0.05, 0.053, 0.00005, 0.003, 0.0000001]);
    expect(at("2021-04-01")).toEqual([0.05, 0.053, 0.0001, 0.003, 0.0000001]);
    expect(at("2023-03-31")).toEqual([0.05, 0.053, 0.0001, 0.003, 0.0000001]);
    expect(at("2023-04-01")).toEqual([0.0625, 0.0495, 0.0001, 0.003, 0.0005]);
  });
});

describe("ratesOn", () => {
  it("gives NSE's rates of each period and the day they are as of, at the boundaries", () => {
    const shared = {
      brokeragePerOrder: 20,
      ipftPercent: 0.0005,
      sebiPercent: 0.0001,
      stampPercent: 0.003,
      gstPercent: 18,
      gstOnIpft: true,
    };
    const before = { ...shared, sellTaxPercent: 0.0625, transactionPercent: 0.0495 };
    const after = { ...shared, sellTaxPercent: 0.1, transactionPercent: 0.03503 };
    expect(ratesOn("NSE", "2024-01-01")).toEqual({ asOf: "2023-04-01", ...before });
    expect(ratesOn("NSE", "2024-09-30")).toEqual({ asOf: "2023-04-01", ...before });
    expect(ratesOn("NSE", "2024-10-01")).toEqual({ asOf: "2024-10-01", ...after });
    expect(ratesOn("NSE", "2026-03-31")).toEqual({ asOf: "2024-10-01", ...after });
    expect(ratesOn("NSE", "2026-04-01")).toEqual({
      asOf: "2026-04-01",
      ...after,
      sellTaxPercent: 0.15,
    });
    expect(ratesOn("NSE", "2030-01-01").asOf).toBe("2026-04-01");
  });

  it("gives MCX's rates before and after its 1 Oct 2024 change, without IPFT", () => {
    const shared = {
      brokeragePerOrder: 20,
      sellTaxPercent: 0.05,
      ipftPercent: 0,
      sebiPercent: 0.0001,
      stampPercent: 0.003,
      gstPercent: 18,
      gstOnIpft: true,
    };
    expect(ratesOn("MCX", "2024-09-30")).toEqual({
      asOf: "2023-04-01",
      ...shared,
      transactionPercent: 0.05,
    });
    expect(ratesOn("MCX", "2024-10-01")).toEqual({
      asOf: "2024-10-01",
      ...shared,
      transactionPercent: 0.0418,
    });
    // STT's 2026 rise is NSE's: MCX's rates are still as of 1 Oct 2024.
    expect(ratesOn("MCX", "2026-04-01").asOf).toBe("2024-10-01");
  });

  it("throws a RangeError naming the component a day has no rate for", () => {
    expect(() => ratesOn("NSE", "2017-12-29")).toThrow(
      /No NSE brokerage rate is known for 2017-12-29 \(the table starts on 2018-01-01\)/,
    );
    expect(() => sellTaxOn("MCX", "2019-01-01")).toThrow(/No MCX sell-side tax rate/);
    // A table whose GST starts later: the message names GST.
    const table: ChargeRateTable = {
      ...CHARGE_RATES,
      gst: [{ from: "2024-01-01", percent: 18, onIpft: false, source: "test" }],
    };
    expect(() => ratesOn("MCX", "2023-06-01", table)).toThrow(/No MCX GST rate is known/);
    expect(ratesOn("MCX", "2024-01-01", table).asOf).toBe("2024-01-01");
  });

  it("refuses a day that is not YYYY-MM-DD", () => {
    expect(() => ratesOn("NSE", "1 Apr 2026")).toThrow(RangeError);
  });
});
