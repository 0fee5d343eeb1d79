import { SignalSchema } from "@kalpa/contracts/signals";
import { describe, expect, it } from "vitest";
import { signalFixture } from "./signal";

describe("signalFixture", () => {
  it("is a signal the wire's schema accepts, waiting in its entry zone", () => {
    const signal = signalFixture();
    expect(SignalSchema.parse(signal)).toEqual(signal);
    expect(signal).toMatchObject({ status: "generated", entryPrice: null, pnl: null });
    expect(signal.entryLow).toBeLessThanOrEqual(signal.premium);
    expect(signal.premium).toBeLessThanOrEqual(signal.entryHigh);
  });

  it("names the model's instrument and symbol from the model, unless told", () => {
    expect(signalFixture({ model: "CrudeOil:Yamuna" })).toMatchObject({
      id: "CrudeOil:Yamuna-1",
      name: "Yamuna",
      instrument: "CrudeOil",
      symbol: "CRUDEOIL",
    });
    expect(signalFixture({ model: "BankNifty:HFT", name: "Other" }).name).toBe("Other");
  });

  it("leaves out the fields older signals lack unless given", () => {
    const signal = signalFixture();
    for (const field of ["stopLimit", "stopRested", "priceSource", "slippageTicks"]) {
      expect(signal).not.toHaveProperty(field);
    }
    expect(signalFixture({ stopLimit: 189.15 }).stopLimit).toBe(189.15);
  });
});
