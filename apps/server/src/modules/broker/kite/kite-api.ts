/**
 * Kite Connect's REST API through the official SDK (`kiteconnect`'s KiteConnect), rooted at KITE_ROOT: the
 * session exchange, the profile (a cheap check that a token still works), the instrument list and
 * historical candles. The SDK rejects with Kite's error body ({ error_type, message }); every failure here
 * becomes a KiteError with that type, so callers can tell a refused token (TokenException) from an outage.
 *
 * Historical candles are limited to 3 requests a second (docs/kite-connect-reference.md, section 6): calls
 * are spaced HISTORICAL_SPACING_MS apart, and a 429 ("Too many requests") is retried after a second.
 */
import type { KiteInstrumentRow } from "@kalpa/market/broker/kite/instruments";
import { KiteConnect } from "kiteconnect";
import type { KiteConfig } from "../../../config/app-config";

export const HISTORICAL_SPACING_MS = 350;
const RATE_LIMIT_RETRIES = 3;
const REQUEST_TIMEOUT_MS = 10_000;

export class KiteError extends Error {
  constructor(
    readonly type: string,
    message: string,
  ) {
    super(message);
    this.name = "KiteError";
  }

  /** The broker refused the credentials: a login is needed. */
  get tokenRefused(): boolean {
    return this.type === "TokenException";
  }
}

function asKiteError(error: unknown): KiteError {
  if (error instanceof KiteError) return error;
  if (error && typeof error === "object") {
    const body = error as { error_type?: unknown; message?: unknown };
    const type = typeof body.error_type === "string" ? body.error_type : "NetworkException";
    const message = typeof body.message === "string" ? body.message : String(error);
    return new KiteError(type, message);
  }
  return new KiteError("NetworkException", String(error));
}

export interface KiteSessionResult {
  accessToken: string;
  userId: string;
  /** As Kite sends it: "yyyy-mm-dd hh:mm:ss", India time. */
  loginTime: string;
}

/** A candle as Kite sends it: [timestamp, open, high, low, close, volume]. */
export interface KiteCandle {
  time: number;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
}

export type KiteInterval = "minute" | "day";

export interface KiteApi {
  generateSession(requestToken: string): Promise<KiteSessionResult>;
  /** The token's user id; rejects with a TokenException when the token no longer works. */
  profile(accessToken: string): Promise<{ userId: string }>;
  instruments(accessToken: string | undefined, exchange: string): Promise<KiteInstrumentRow[]>;
  /** `from` and `to` are India wall-clock times, "yyyy-mm-dd hh:mm:ss" (`to` inclusive). */
  historical(
    accessToken: string,
    token: number,
    interval: KiteInterval,
    from: string,
    to: string,
    continuous?: boolean,
  ): Promise<KiteCandle[]>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function createKiteApi(config: KiteConfig): KiteApi {
  const client = (accessToken?: string) => {
    const kite = new KiteConnect({
      api_key: config.apiKey,
      root: config.root,
      timeout: REQUEST_TIMEOUT_MS,
    });
    if (accessToken) kite.setAccessToken(accessToken);
    return kite;
  };
  let historicalQueue: Promise<unknown> = Promise.resolve();
  let lastHistoricalAt = 0;

  const call = async <T>(work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (error) {
      throw asKiteError(error);
    }
  };

  return {
    async generateSession(requestToken) {
      const session = (await call(() =>
        client().generateSession(requestToken, config.apiSecret),
      )) as { access_token?: unknown; user_id?: unknown; login_time?: unknown };
      if (typeof session.access_token !== "string" || typeof session.user_id !== "string") {
        throw new KiteError("DataException", "Kite's session answer had no access token");
      }
      // The SDK turns login_time into a Date in the process's zone; keep Kite's own text when it can.
      const login = session.login_time;
      return {
        accessToken: session.access_token,
        userId: session.user_id,
        loginTime: typeof login === "string" ? login : "",
      };
    },
    async profile(accessToken) {
      const profile = (await call(() => client(accessToken).getProfile())) as { user_id?: unknown };
      return { userId: typeof profile.user_id === "string" ? profile.user_id : "" };
    },
    async instruments(accessToken, exchange) {
      type Exchange = Parameters<ReturnType<typeof client>["getInstruments"]>[0];
      const rows = await call(() => client(accessToken).getInstruments(exchange as Exchange));
      if (!Array.isArray(rows)) {
        throw new KiteError("DataException", "Kite's instrument list was not a CSV of instruments");
      }
      return rows as KiteInstrumentRow[];
    },
    historical(accessToken, token, interval, from, to, continuous = false) {
      const run = async (): Promise<KiteCandle[]> => {
        for (let attempt = 0; ; attempt++) {
          const wait = lastHistoricalAt + HISTORICAL_SPACING_MS - Date.now();
          if (wait > 0) await sleep(wait);
          lastHistoricalAt = Date.now();
          try {
            const candles = (await call(() =>
              client(accessToken).getHistoricalData(token, interval, from, to, continuous),
            )) as unknown;
            return toCandles(candles);
          } catch (error) {
            const kite = asKiteError(error);
            if (!/too many requests/i.test(kite.message) || attempt >= RATE_LIMIT_RETRIES)
              throw kite;
            await sleep(1000);
          }
        }
      };
      const result = historicalQueue.then(run, run);
      historicalQueue = result.catch(() => undefined);
      return result;
    },
  };
}

/** The SDK's parsed candles ({ date, open, high, low, close, volume }, or { data: [...] }). */
function toCandles(value: unknown): KiteCandle[] {
  const list = Array.isArray(value)
    ? value
    : value && typeof value === "object" && Array.isArray((value as { data?: unknown }).data)
      ? (value as { data: unknown[] }).data
      : undefined;
  if (!list) throw new KiteError("DataException", "Kite's candles were not a list");
  const candles: KiteCandle[] = [];
  for (const item of list) {
    const c = item as Record<string, unknown>;
    const time = c.date instanceof Date ? c.date.getTime() : Date.parse(String(c.date));
    const numbers = [c.open, c.high, c.low, c.close, c.volume].map(Number);
    if (!Number.isFinite(time) || !numbers.every(Number.isFinite)) continue;
    const [open, high, low, close, volume] = numbers as [number, number, number, number, number];
    candles.push({ time, open, high, low, close, volume });
  }
  return candles;
}
