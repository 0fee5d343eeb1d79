import { EXCHANGES, INSTRUMENTS } from "@kalpa/contracts/names";
import { STRIKE_STEPS } from "@kalpa/contracts/signals";
import { describe, expect, it } from "vitest";
import { createModel } from "../models/models";
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

describe("the contracts' strike steps", () => {
  it("are the instruments' strike steps", () => {
    for (const [model, step] of Object.entries(STRIKE_STEPS)) {
      const symbol = createModel(model as Parameters<typeof createModel>[0]).symbol;
      expect(step, model).toBe(OPTION_UNDERLYINGS[symbol].strikeStep);
    }
  });
});
