/**
 * MCX contract multipliers: how many units of the commodity one contract is (market-facts.md,
 * "Instruments"). A premium, a P&L or a charge is a price per unit (rupees a barrel) times units, so this
 * table is what turns a count of contracts into units.
 *
 * Why the product keeps its own table: Kite lists MCX instruments with `lot_size` 1 and counts MCX
 * quantities in contracts (its documented MCX sample row, `SILVER15DECFUT`, carries `lot_size` 1; a Kite
 * staff answer of Nov 2018, kite.trade/forum/discussion/5094, confirms `lot_size` is always 1 on MCX and
 * that no API gives the contract's size; other brokers' integrations convert Kite's MCX quantities into
 * units for the same reason, e.g. marketcalls/openalgo pull request 1998). So the multiplier comes from
 * here, keyed by contract (Kite's `name` column: CRUDEOIL, CRUDEOILM), never from Kite's `lot_size`.
 *
 * An MCX option's trading unit is one futures contract (MCX's option specifications: `contractsPerOptionLot`
 * 1), so one option lot is `unitsPerContract` units: a CRUDEOIL lot is 100 barrels, a CRUDEOILM lot 10.
 *
 * Each entry holds for the contracts expiring from `expiriesFrom` (inclusive) until the next entry's;
 * expiries before the first entry are not covered. To record a revision: add one entry with its first
 * revised expiry and MCX's circular as its source.
 */
import type { DayKey } from "@kalpa/contracts/names";

export const MCX_CONTRACTS = ["CRUDEOIL", "CRUDEOILM"] as const;
export type McxContract = (typeof MCX_CONTRACTS)[number];

export interface ContractMultiplierEntry {
  /** The first expiry whose contracts carry `unitsPerContract`. */
  readonly expiriesFrom: DayKey;
  readonly unitsPerContract: number;
  readonly unit: "barrel";
  /** Futures contracts in one option lot (the option's trading unit). */
  readonly contractsPerOptionLot: number;
  readonly source: string;
}

export const MCX_CONTRACT_MULTIPLIERS: Readonly<
  Record<McxContract, readonly ContractMultiplierEntry[]>
> = {
  CRUDEOIL: [
    {
      expiriesFrom: "2020-01-01",
      unitsPerContract: 100,
      unit: "barrel",
      contractsPerOptionLot: 1,
      source:
        "MCX contract specification of Crude Oil (CRUDEOIL), January 2020 contract onwards: trading unit " +
        "100 barrels. The options (launched 15 May 2018) trade one such futures contract a lot; Zerodha's " +
        "commodity options page lists CRUDE OIL at 100 BBL.",
    },
  ],
  CRUDEOILM: [
    {
      expiriesFrom: "2024-04-23",
      unitsPerContract: 10,
      unit: "barrel",
      contractsPerOptionLot: 1,
      source:
        "MCX circular on Crude Oil Mini options (launched 23 Apr 2024), as Zerodha's bulletin of 23 Apr " +
        "2024 reproduces its specification: trading unit one Crude Oil Mini futures contract (10 bbl). " +
        "Contracts expiring before the launch are not recorded.",
    },
  ],
};

/** Whether Kite's `name` is a contract the table knows. */
export function isMcxContract(name: string): name is McxContract {
  return (MCX_CONTRACTS as readonly string[]).includes(name);
}

/** The entry that holds for `contract`'s contracts expiring on `expiry`. */
export function multiplierEntryOf(contract: McxContract, expiry: DayKey): ContractMultiplierEntry {
  let found: ContractMultiplierEntry | undefined;
  for (const entry of MCX_CONTRACT_MULTIPLIERS[contract]) {
    if (entry.expiriesFrom <= expiry) found = entry;
  }
  if (!found) {
    throw new RangeError(
      `No ${contract} contract multiplier recorded for contracts expiring ${expiry}`,
    );
  }
  return found;
}

/** Units (barrels) in one `contract` contract expiring on `expiry`. */
export function unitsPerContract(contract: McxContract, expiry: DayKey): number {
  return multiplierEntryOf(contract, expiry).unitsPerContract;
}

/**
 * `contracts` (a count in Kite's MCX terms) as units of the commodity. Refuses a count that is not a whole
 * number of contracts, rather than rounding it.
 */
export function contractsToUnits(contract: McxContract, expiry: DayKey, contracts: number): number {
  if (!Number.isInteger(contracts) || contracts < 0) {
    throw new RangeError(`${contracts} is not a whole number of ${contract} contracts`);
  }
  return contracts * unitsPerContract(contract, expiry);
}

/** Contracts in one option lot of `contract` expiring on `expiry`: the quantity Kite counts for a lot. */
export function optionLotContracts(contract: McxContract, expiry: DayKey): number {
  return multiplierEntryOf(contract, expiry).contractsPerOptionLot;
}

/** Units (barrels) in one option lot of `contract` expiring on `expiry`: what a premium per lot multiplies. */
export function optionLotUnits(contract: McxContract, expiry: DayKey): number {
  return contractsToUnits(contract, expiry, optionLotContracts(contract, expiry));
}
