import { EXCHANGES, INSTRUMENTS } from "@kalpa/contracts/names";
import { describe, expect, it } from "vitest";
import { OPTION_UNDERLYINGS } from "./option-underlyings";

describe("option underlyings", () => {
  it("sit on the exchanges the contracts name, with the spec's exchange ids", () => {
    for (const row of INSTRUMENTS) {
      const instrument = OPTION_UNDERLYINGS[row.symbol];
      expect(instrument.exchange).toBe(row.exchange);
      expect(instrument.exchangeId).toBe(EXCHANGES[row.exchange]);
    }
    expect(OPTION_UNDERLYINGS.CRUDEOIL.exchangeId).toBe(5);
  });

  it("list weekly contracts for NIFTY only", () => {
    expect(OPTION_UNDERLYINGS.NIFTY.expiryKinds).toContain("weekly");
    expect(OPTION_UNDERLYINGS.BANKNIFTY.expiryKinds).toEqual(["monthly"]);
    expect(OPTION_UNDERLYINGS.CRUDEOIL.expiryKinds).toEqual(["monthly"]);
  });
});
