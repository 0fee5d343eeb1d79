/**
 * The broker's instrument list, kept in the database: downloaded on start and once a day (Kite regenerates
 * it every morning), reduced to the rows the product streams or trades, and turned into a contract book
 * (packages/market's KiteContractBook). With several processes, the engine's process downloads it and the
 * stored copy serves a restart, or a broker outage at start-up.
 */
import { KITE_LISTING, KiteContractBook } from "@kalpa/market/broker/kite/contract-book";
import {
  type KiteInstrument,
  normaliseKiteInstruments,
} from "@kalpa/market/broker/kite/instruments";
import { eq } from "drizzle-orm";
import type { AppDb } from "../../db/client";
import { brokerInstrumentLists, brokerInstruments } from "../../db/schema";
import type { KiteApi } from "./kite/kite-api";

/** The list's exchanges the product needs: NSE (the index rows), NFO and MCX. */
export const KITE_EXCHANGES = ["NSE", "NFO", "MCX"] as const;

const INSERT_CHUNK = 500;

/** Whether a row is one the product streams or trades. */
export function isProductInstrument(instrument: KiteInstrument): boolean {
  for (const [symbol, listing] of Object.entries(KITE_LISTING)) {
    if (listing.index !== undefined) {
      if (instrument.segment === "INDICES" && instrument.tradingSymbol === listing.index)
        return true;
    }
    if (instrument.name !== symbol) continue;
    if (instrument.segment === listing.optionSegment) return true;
    if (listing.index === undefined && instrument.instrumentType === "FUT") return true;
  }
  return false;
}

export interface StoredInstrumentList {
  book: KiteContractBook;
  loadedAt: number;
  /** Rows in the whole downloaded list. */
  listed: number;
}

export interface BrokerInstrumentStore {
  /** The stored list, if one was ever downloaded. */
  load(broker: string): Promise<StoredInstrumentList | undefined>;
  /** Downloads the list, stores the product's rows in place of the old ones, and answers the new book. */
  refresh(
    broker: string,
    accessToken: string | undefined,
    at: number,
  ): Promise<StoredInstrumentList>;
}

export function createBrokerInstrumentStore(db: AppDb, api: KiteApi): BrokerInstrumentStore {
  async function load(broker: string): Promise<StoredInstrumentList | undefined> {
    const [list] = await db
      .select()
      .from(brokerInstrumentLists)
      .where(eq(brokerInstrumentLists.broker, broker));
    if (!list) return undefined;
    const rows = await db
      .select()
      .from(brokerInstruments)
      .where(eq(brokerInstruments.broker, broker));
    const instruments: KiteInstrument[] = rows.map(({ broker: _broker, ...row }) => row);
    return {
      book: new KiteContractBook(instruments),
      loadedAt: list.loadedAt.getTime(),
      listed: list.listed,
    };
  }

  return {
    load,
    async refresh(broker, accessToken, at) {
      let listed = 0;
      const kept: KiteInstrument[] = [];
      for (const exchange of KITE_EXCHANGES) {
        const { instruments, rejected } = normaliseKiteInstruments(
          await api.instruments(accessToken, exchange),
        );
        listed += instruments.length + rejected;
        for (const instrument of instruments)
          if (isProductInstrument(instrument)) kept.push(instrument);
      }
      await db.transaction(async (tx) => {
        await tx.delete(brokerInstruments).where(eq(brokerInstruments.broker, broker));
        for (let i = 0; i < kept.length; i += INSERT_CHUNK) {
          await tx
            .insert(brokerInstruments)
            .values(kept.slice(i, i + INSERT_CHUNK).map((row) => ({ broker, ...row })));
        }
        const list = { broker, loadedAt: new Date(at), listed };
        await tx
          .insert(brokerInstrumentLists)
          .values(list)
          .onConflictDoUpdate({ target: brokerInstrumentLists.broker, set: list });
      });
      return { book: new KiteContractBook(kept), loadedAt: at, listed };
    },
  };
}
