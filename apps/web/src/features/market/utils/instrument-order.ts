import { INSTRUMENTS, type MarketSymbol } from "@kalpa/contracts/names";

/** Items keyed by symbol in the product's order of instruments (NIFTY, BANKNIFTY, CRUDEOIL), others last. */
export function inInstrumentOrder<T extends { symbol: MarketSymbol }>(items: readonly T[]): T[] {
  const rank = (symbol: MarketSymbol) => {
    const index = INSTRUMENTS.findIndex((instrument) => instrument.symbol === symbol);
    return index < 0 ? INSTRUMENTS.length : index;
  };
  return [...items].sort((a, b) => rank(a.symbol) - rank(b.symbol));
}
