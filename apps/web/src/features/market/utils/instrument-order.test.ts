import { describe, expect, it } from "vitest";
import { inInstrumentOrder } from "./instrument-order";

describe("inInstrumentOrder", () => {
  it("puts NIFTY, BANKNIFTY, CRUDEOIL in the product's order", () => {
    expect(
      inInstrumentOrder([
        { symbol: "CRUDEOIL" },
        { symbol: "NIFTY" },
        { symbol: "BANKNIFTY" },
      ] as const),
    ).toEqual([{ symbol: "NIFTY" }, { symbol: "BANKNIFTY" }, { symbol: "CRUDEOIL" }]);
  });
});
