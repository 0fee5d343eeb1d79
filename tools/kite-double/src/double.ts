/**
 * A local double of the parts of Zerodha's Kite Connect the product uses, from Kite's published
 * documentation (docs/kite-connect-reference.md): the login page and its redirect, the session token
 * exchange and logout, the profile, the instrument list, historical candles and the ticker WebSocket, on
 * one port (HTTP, and the WebSocket through the `upgrade` event), with prices from the product's own
 * simulator. Test controls under /__double/ inject what Kite does on a bad day (see controls below and
 * README.md, "The local Kite double").
 */
import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { Duplex } from "node:stream";
import { gzipSync } from "node:zlib";
import { MARKET_SYMBOLS, type MarketSymbol } from "@kalpa/contracts/names";
import { simulatedPricer } from "@kalpa/market/options/option-pricing";
import { SimulatedMarket } from "@kalpa/market/sim/simulated-market";
import { dayKeyOf } from "@kalpa/market/time/day-key";
import { WebSocketServer } from "ws";
import { type AccessSession, AuthStore } from "./auth";
import { createDoubleClock, type DoubleClock } from "./clock";
import { History, readHistoricalQuery } from "./historical";
import { kiteDateTime } from "./kite-time";
import {
  buildListing,
  INDEX_TOKENS,
  type Listing,
  type ListingOverrides,
  listingCsv,
  NO_OVERRIDES,
} from "./listing";
import { errorPage, loginPage } from "./login-page";
import { type Quote, QuoteBook } from "./quotes";
import { Tape } from "./tape";
import { HEARTBEAT_EVERY_MS, MALFORMED_KINDS, type MalformedKind, TickerHub } from "./ticker";

export interface KiteDoubleOptions {
  /** Default 4455; 0 picks a free port. */
  readonly port?: number;
  /** Default 127.0.0.1. */
  readonly host?: string;
  /** Default "kalpa_dev". */
  readonly apiKey?: string;
  /** Default "kalpa_dev_secret". */
  readonly apiSecret?: string;
  /** The app's registered redirect URL (default the product's callback on :3000). */
  readonly redirectUrl?: string;
  /** Who the login page logs in (default "DOUBLE1"). */
  readonly userId?: string;
  /** The simulator's seed (default "kalpa", the product's SIM_SEED default). */
  readonly seed?: string;
  /** The market clock: `auto` (default) or an instant (epoch ms), and its speed (default 1). */
  readonly clock?: { readonly start?: "auto" | number; readonly speed?: number };
  /** How often the ticker sends (default 1000 ms). Prices tick every second, as the product's do. */
  readonly tickMs?: number;
  /** The real time source (default Date.now): token lifetimes, rate limits, the clock's pace. */
  readonly realNow?: () => number;
  /** Where tokens come from (default 32 random hex characters). */
  readonly randomToken?: () => string;
}

export const KITE_DOUBLE_DEFAULTS = {
  port: 4455,
  host: "127.0.0.1",
  apiKey: "kalpa_dev",
  apiSecret: "kalpa_dev_secret",
  redirectUrl: "http://127.0.0.1:3000/api/admin/broker/kite/callback",
  userId: "DOUBLE1",
  seed: "kalpa",
  tickMs: 1000,
} as const;

export interface KiteDouble {
  /** `http://host:port` (KITE_ROOT). */
  readonly root: string;
  /** `ws://host:port/` (KITE_WS_ROOT). */
  readonly wsRoot: string;
  /** `http://host:port/connect/login` (KITE_LOGIN_URL). */
  readonly loginUrl: string;
  readonly port: number;
  readonly apiKey: string;
  readonly apiSecret: string;
  readonly redirectUrl: string;
  readonly userId: string;
  readonly seed: string;
  readonly tickMs: number;
  readonly clock: DoubleClock;
  /** The instrument list the double serves now. */
  listing(): Listing;
  /** A listed token's quote now (what the ticker would send), or undefined. */
  quote(token: number): Quote | undefined;
  close(): Promise<void>;
}

/** The historical API's documented limit: 3 requests a second. */
const HISTORICAL_PER_SECOND = 3;
const MAX_BODY_BYTES = 64 * 1024;

const TOKEN_ERROR = {
  status: "error",
  message: "Incorrect `api_key` or `access_token`.",
  data: null,
  error_type: "TokenException",
} as const;

class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly errorType: string,
    message: string,
  ) {
    super(message);
  }
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    "Content-Type": "application/json",
    "Content-Length": Buffer.byteLength(text),
  });
  res.end(text);
}

function sendKiteError(res: ServerResponse, status: number, errorType: string, message: string) {
  sendJson(res, status, { status: "error", message, data: null, error_type: errorType });
}

function sendHtml(res: ServerResponse, status: number, html: string): void {
  res.writeHead(status, {
    "Content-Type": "text/html; charset=utf-8",
    "Content-Length": Buffer.byteLength(html),
    "Cache-Control": "no-store",
  });
  res.end(html);
}

function redirect(res: ServerResponse, location: string): void {
  res.writeHead(302, { Location: location, "Content-Length": 0, "Cache-Control": "no-store" });
  res.end();
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buffer = chunk as Buffer;
    size += buffer.length;
    if (size > MAX_BODY_BYTES)
      throw new HttpError(413, "InputException", "Request body too large.");
    chunks.push(buffer);
  }
  return Buffer.concat(chunks).toString("utf8");
}

async function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  const text = (await readBody(req)).trim();
  if (text === "") return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new HttpError(400, "control", "The body is not JSON.");
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) {
    throw new HttpError(400, "control", "The body must be a JSON object.");
  }
  return parsed as Record<string, unknown>;
}

/** `Authorization: token api_key:access_token`. */
function credentialsOf(req: IncomingMessage): { apiKey: string; accessToken: string } | undefined {
  const match = /^token ([^:\s]+):(\S+)$/.exec(req.headers.authorization ?? "");
  return match?.[1] && match[2] ? { apiKey: match[1], accessToken: match[2] } : undefined;
}

function refuseUpgrade(socket: Duplex, status: number, reason: string): void {
  const body = reason;
  socket.once("finish", () => socket.destroy());
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nContent-Type: text/plain\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
}

function isMarketSymbol(value: unknown): value is MarketSymbol {
  return typeof value === "string" && (MARKET_SYMBOLS as readonly string[]).includes(value);
}

export async function createKiteDouble(options: KiteDoubleOptions = {}): Promise<KiteDouble> {
  const config = {
    port: options.port ?? KITE_DOUBLE_DEFAULTS.port,
    host: options.host ?? KITE_DOUBLE_DEFAULTS.host,
    apiKey: options.apiKey ?? KITE_DOUBLE_DEFAULTS.apiKey,
    apiSecret: options.apiSecret ?? KITE_DOUBLE_DEFAULTS.apiSecret,
    redirectUrl: options.redirectUrl ?? KITE_DOUBLE_DEFAULTS.redirectUrl,
    userId: options.userId ?? KITE_DOUBLE_DEFAULTS.userId,
    seed: options.seed ?? KITE_DOUBLE_DEFAULTS.seed,
    tickMs: options.tickMs ?? KITE_DOUBLE_DEFAULTS.tickMs,
  };
  if (!(Number.isInteger(config.tickMs) && config.tickMs >= 50)) {
    throw new RangeError("tickMs must be a whole number of milliseconds, at least 50");
  }
  if (!URL.canParse(config.redirectUrl)) {
    throw new RangeError(`redirectUrl: "${config.redirectUrl}" is not a URL`);
  }
  const realNow = options.realNow ?? Date.now;
  const randomToken = options.randomToken ?? (() => randomBytes(16).toString("hex"));
  const clock = createDoubleClock(
    options.clock?.start ?? "auto",
    options.clock?.speed ?? 1,
    realNow,
  );

  const pricer = simulatedPricer();
  // Live quotes and history each keep their own simulator (same seed, same prices), so a long history
  // request does not evict the live day from the simulator's small cache.
  const liveMarket = new SimulatedMarket({ seed: config.seed });
  const historyMarket = new SimulatedMarket({ seed: config.seed });
  const quoteBook = new QuoteBook(new Tape(liveMarket), pricer);
  const history = new History(historyMarket, pricer);
  const auth = new AuthStore({
    apiKey: config.apiKey,
    apiSecret: config.apiSecret,
    userId: config.userId,
    now: realNow,
    token: randomToken,
  });

  let overrides: ListingOverrides = NO_OVERRIDES;
  let overridesVersion = 0;
  let cached: { key: string; listing: Listing; csv: Map<string, { csv: string; gzip?: Buffer }> } =
    { key: "", listing: { day: "", rows: [], byToken: new Map() }, csv: new Map() };

  function currentListing() {
    const day = dayKeyOf(clock.now());
    const key = `${day} ${overridesVersion}`;
    if (cached.key !== key) {
      cached = {
        key,
        listing: buildListing(historyMarket, day, overrides),
        csv: new Map(),
      };
    }
    return cached;
  }

  function quoteOf(token: number, at: number): Quote | undefined {
    const row = currentListing().listing.byToken.get(token);
    return row ? quoteBook.quote(row, at, Math.floor(at / 1000)) : undefined;
  }

  const hub = new TickerHub(
    {
      quotes(tokens) {
        const at = clock.now();
        const found = new Map<number, Quote>();
        for (const token of tokens) {
          const quote = quoteOf(token, at);
          if (quote) found.set(token, quote);
        }
        return found;
      },
    },
    realNow,
    config.tickMs,
  );

  const requests = new Map<string, number>();
  const count = (key: string) => requests.set(key, (requests.get(key) ?? 0) + 1);
  /** Accepted historical requests' times per api_key, for the 3-a-second limit. */
  const historicalWindow = new Map<string, number[]>();

  function authenticate(req: IncomingMessage): AccessSession {
    const credentials = credentialsOf(req);
    const session = credentials && auth.session(credentials.apiKey, credentials.accessToken);
    if (!session) throw new HttpError(403, "TokenException", TOKEN_ERROR.message);
    return session;
  }

  function profileOf(session: Pick<AccessSession, "userId">) {
    // The fields of Kite's documented profile (and the official mock's values where they are generic).
    return {
      user_id: session.userId,
      user_type: "individual",
      email: `${session.userId.toLowerCase()}@kite-double.invalid`,
      user_name: "Kite Double",
      user_shortname: "Double",
      broker: "ZERODHA",
      exchanges: ["NSE", "NFO", "BFO", "CDS", "BSE", "MCX", "BCD", "MF"],
      products: ["CNC", "NRML", "MIS", "BO", "CO"],
      order_types: ["MARKET", "LIMIT", "SL", "SL-M"],
      avatar_url: null,
      meta: { demat_consent: "physical" },
    };
  }

  // --- Routes -----------------------------------------------------------------------------------

  function loginRoute(url: URL, res: ServerResponse): void {
    const apiKey = url.searchParams.get("api_key");
    if (apiKey !== config.apiKey) {
      sendHtml(res, 400, errorPage("Invalid `api_key`: no app is registered with this key."));
      return;
    }
    sendHtml(
      res,
      200,
      loginPage({
        apiKey,
        userId: config.userId,
        redirectParams: url.searchParams.get("redirect_params"),
      }),
    );
  }

  function authorizeRoute(url: URL, res: ServerResponse): void {
    const apiKey = url.searchParams.get("api_key");
    if (apiKey !== config.apiKey) {
      sendHtml(res, 400, errorPage("Invalid `api_key`: no app is registered with this key."));
      return;
    }
    const target = new URL(config.redirectUrl);
    if (url.searchParams.get("action") === "cancel") {
      // Kite sends only the status back on a cancel (redirect_params are not returned).
      target.searchParams.set("status", "cancelled");
      redirect(res, target.toString());
      return;
    }
    target.searchParams.set("action", "login");
    target.searchParams.set("type", "login");
    target.searchParams.set("status", "success");
    target.searchParams.set("request_token", auth.issueRequestToken());
    // Documented as "added to the redirect URL's query string"; as separate params is the likeliest form.
    const extra = url.searchParams.get("redirect_params");
    if (extra) {
      for (const [name, value] of new URLSearchParams(extra)) {
        target.searchParams.append(name, value);
      }
    }
    redirect(res, target.toString());
  }

  async function sessionTokenRoute(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const form = new URLSearchParams(await readBody(req));
    const apiKey = form.get("api_key") ?? "";
    const requestToken = form.get("request_token") ?? "";
    const checksum = form.get("checksum") ?? "";
    // Kite's text for a missing field is not documented; the double names the first one missing.
    for (const [name, value] of [
      ["api_key", apiKey],
      ["request_token", requestToken],
      ["checksum", checksum],
    ]) {
      if (value === "") throw new HttpError(400, "InputException", `Missing \`${name}\`.`);
    }
    const exchange = auth.exchange(apiKey, requestToken, checksum);
    if (!exchange.ok) throw new HttpError(403, "TokenException", exchange.message);
    const { session } = exchange;
    sendJson(res, 200, {
      status: "success",
      data: {
        user_type: "individual",
        email: profileOf(session).email,
        user_name: "Kite Double",
        user_shortname: "Double",
        broker: "ZERODHA",
        exchanges: profileOf(session).exchanges,
        products: profileOf(session).products,
        order_types: profileOf(session).order_types,
        avatar_url: null,
        user_id: session.userId,
        api_key: session.apiKey,
        access_token: session.accessToken,
        public_token: session.publicToken,
        enctoken: session.enctoken,
        refresh_token: "",
        silo: "",
        login_time: kiteDateTime(session.loginAt),
        meta: { demat_consent: "physical" },
      },
    });
  }

  function logoutRoute(req: IncomingMessage, url: URL, res: ServerResponse): void {
    // The SDK sends api_key and access_token in the query (and the Authorization header once it has a
    // token). Logging out is idempotent: an unknown or dead token is simply gone (Kite's answer for one is
    // not documented).
    const credentials = credentialsOf(req);
    const apiKey = url.searchParams.get("api_key") ?? credentials?.apiKey;
    const accessToken = url.searchParams.get("access_token") ?? credentials?.accessToken;
    if (apiKey !== config.apiKey || !accessToken) {
      throw new HttpError(403, "TokenException", TOKEN_ERROR.message);
    }
    auth.invalidate(accessToken);
    sendJson(res, 200, { status: "success", data: true });
  }

  function instrumentsRoute(req: IncomingMessage, res: ServerResponse, exchange?: string): void {
    const current = currentListing();
    const key = exchange ?? "";
    let entry = current.csv.get(key);
    if (!entry) {
      entry = { csv: listingCsv(current.listing, exchange) };
      current.csv.set(key, entry);
    }
    // Kite serves the dump gzipped; axios (the SDK) undoes Content-Encoding: gzip by itself.
    const gzip = /\bgzip\b/.test(String(req.headers["accept-encoding"] ?? ""));
    if (gzip) entry.gzip ??= gzipSync(entry.csv);
    const body = gzip && entry.gzip ? entry.gzip : Buffer.from(entry.csv);
    res.writeHead(200, {
      "Content-Type": "text/csv",
      "Content-Length": body.length,
      ...(gzip ? { "Content-Encoding": "gzip" } : {}),
    });
    res.end(body);
  }

  function historicalRoute(
    req: IncomingMessage,
    url: URL,
    res: ServerResponse,
    token: string,
    interval: string,
  ): void {
    const session = authenticate(req);
    const now = realNow();
    const recent = (historicalWindow.get(session.apiKey) ?? []).filter((at) => now - at < 1000);
    if (recent.length >= HISTORICAL_PER_SECOND) {
      historicalWindow.set(session.apiKey, recent);
      throw new HttpError(429, "NetworkException", "Too many requests");
    }
    recent.push(now);
    historicalWindow.set(session.apiKey, recent);
    const query = readHistoricalQuery({
      interval,
      from: url.searchParams.get("from"),
      to: url.searchParams.get("to"),
    });
    if (!query.ok) throw new HttpError(400, "InputException", query.message);
    const row = /^\d+$/.test(token)
      ? currentListing().listing.byToken.get(Number(token))
      : undefined;
    // Kite's answer for a token it does not know is not documented; the double says so plainly.
    if (!row) throw new HttpError(400, "InputException", "invalid token");
    const candles = history.candles(row, query.interval, query.span, {
      continuous: url.searchParams.get("continuous") === "1",
      oi: url.searchParams.get("oi") === "1",
      now: clock.now(),
    });
    sendJson(res, 200, { status: "success", data: { candles } });
  }

  // --- Test controls (/__double/) ----------------------------------------------------------------

  function controlState() {
    const now = clock.now();
    const listing = currentListing().listing;
    return {
      clock: {
        now: new Date(now).toISOString(),
        nowMs: now,
        start: new Date(clock.start).toISOString(),
        speed: clock.speed,
        live: clock.live,
      },
      listing: { day: listing.day, rows: listing.rows.length },
      overrides,
      stalledUntil: hub.stalledUntil > realNow() ? new Date(hub.stalledUntil).toISOString() : null,
      connections: hub.state(),
      tokens: auth.counts(),
      requests: Object.fromEntries([...requests].sort(([a], [b]) => a.localeCompare(b))),
    };
  }

  async function controlRoute(
    name: string,
    req: IncomingMessage,
    res: ServerResponse,
  ): Promise<void> {
    if (name === "state" && req.method === "GET") {
      sendJson(res, 200, controlState());
      return;
    }
    if (req.method !== "POST") throw new HttpError(404, "control", `No control ${name}.`);
    const body = await readJson(req);
    switch (name) {
      case "expire-token": {
        const expired = auth.expireAll();
        const closed = body.closeSockets === true ? hub.closeAll(true) : 0;
        sendJson(res, 200, { ok: true, expired, closedSockets: closed });
        return;
      }
      case "stall": {
        const seconds = body.seconds;
        if (typeof seconds !== "number" || !(seconds > 0 && seconds <= 3600)) {
          throw new HttpError(
            400,
            "control",
            "seconds: a number of seconds, above 0, at most 3600.",
          );
        }
        hub.stall(seconds);
        sendJson(res, 200, { ok: true, until: new Date(hub.stalledUntil).toISOString() });
        return;
      }
      case "malformed": {
        const kind = body.kind;
        if (!MALFORMED_KINDS.includes(kind as MalformedKind)) {
          throw new HttpError(400, "control", `kind: one of ${MALFORMED_KINDS.join(", ")}.`);
        }
        const sample = quoteOf(INDEX_TOKENS.NIFTY, clock.now()) ?? {
          token: INDEX_TOKENS.NIFTY,
          lastPrice: 0,
        };
        const sent = hub.sendMalformed(kind as MalformedKind, sample);
        sendJson(res, 200, { ok: true, kind, sent });
        return;
      }
      case "lot-size": {
        const { symbol, lotSize } = body;
        if (!isMarketSymbol(symbol)) {
          throw new HttpError(400, "control", `symbol: one of ${MARKET_SYMBOLS.join(", ")}.`);
        }
        if (typeof lotSize !== "number" || !Number.isInteger(lotSize) || lotSize <= 0) {
          throw new HttpError(400, "control", "lotSize: a whole number above 0.");
        }
        overrides = { ...overrides, lotSizes: { ...overrides.lotSizes, [symbol]: lotSize } };
        overridesVersion += 1;
        sendJson(res, 200, { ok: true, overrides });
        return;
      }
      case "remove-strike": {
        const { symbol, strike } = body;
        if (!isMarketSymbol(symbol)) {
          throw new HttpError(400, "control", `symbol: one of ${MARKET_SYMBOLS.join(", ")}.`);
        }
        if (typeof strike !== "number" || !(strike > 0)) {
          throw new HttpError(400, "control", "strike: a price above 0.");
        }
        const removed = [...new Set([...(overrides.removedStrikes[symbol] ?? []), strike])];
        overrides = {
          ...overrides,
          removedStrikes: { ...overrides.removedStrikes, [symbol]: removed },
        };
        overridesVersion += 1;
        sendJson(res, 200, { ok: true, overrides });
        return;
      }
      case "reset": {
        overrides = NO_OVERRIDES;
        overridesVersion += 1;
        hub.reset();
        historicalWindow.clear();
        requests.clear();
        let closedSockets = 0;
        if (body.keepSessions !== true) {
          auth.reset();
          closedSockets = hub.closeAll(false);
        }
        sendJson(res, 200, { ok: true, closedSockets });
        return;
      }
      default:
        throw new HttpError(404, "control", `No control ${name}.`);
    }
  }

  // --- Dispatch ----------------------------------------------------------------------------------

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? "/", "http://kite-double");
    const path = url.pathname;
    const method = req.method ?? "GET";
    const allow = (methods: string[], key: string) => {
      if (!methods.includes(method))
        throw new HttpError(405, "GeneralException", "Method not allowed.");
      count(`${method} ${key}`);
    };
    const control = /^\/__double\/([a-z-]+)$/.exec(path);
    if (control?.[1]) {
      await controlRoute(control[1], req, res);
      return;
    }
    if (path === "/connect/login") {
      allow(["GET"], path);
      loginRoute(url, res);
      return;
    }
    if (path === "/connect/authorize") {
      allow(["GET"], path);
      authorizeRoute(url, res);
      return;
    }
    if (path === "/session/token") {
      allow(["POST", "DELETE"], path);
      if (method === "POST") await sessionTokenRoute(req, res);
      else logoutRoute(req, url, res);
      return;
    }
    if (path === "/user/profile") {
      allow(["GET"], path);
      sendJson(res, 200, { status: "success", data: profileOf(authenticate(req)) });
      return;
    }
    const historical = /^\/instruments\/historical\/([^/]+)\/([^/]+)$/.exec(path);
    if (historical?.[1] && historical[2]) {
      allow(["GET"], "/instruments/historical/:token/:interval");
      historicalRoute(req, url, res, historical[1], historical[2]);
      return;
    }
    // The instrument list needs no authentication (a staff answer, §4 of the reference).
    if (path === "/instruments") {
      allow(["GET"], path);
      instrumentsRoute(req, res);
      return;
    }
    const exchange = /^\/instruments\/([A-Za-z-]+)$/.exec(path);
    if (exchange?.[1]) {
      allow(["GET"], "/instruments/:exchange");
      instrumentsRoute(req, res, exchange[1]);
      return;
    }
    count(`${method} (unknown)`);
    // Everything else the double does not serve; authentication is checked first, as on Kite.
    authenticate(req);
    throw new HttpError(404, "GeneralException", "Route not found.");
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (res.headersSent) {
        res.destroy();
        return;
      }
      if (error instanceof HttpError) {
        if (error.errorType === "control")
          sendJson(res, error.status, { ok: false, error: error.message });
        else if (
          error.status === 403 &&
          error.errorType === "TokenException" &&
          error.message === TOKEN_ERROR.message
        ) {
          sendJson(res, 403, TOKEN_ERROR);
        } else sendKiteError(res, error.status, error.errorType, error.message);
        return;
      }
      sendKiteError(res, 500, "GeneralException", "Something went wrong in the double.");
      console.error(error);
    });
  });

  const wss = new WebSocketServer({ noServer: true, perMessageDeflate: false });
  server.on("upgrade", (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const url = new URL(req.url ?? "/", "http://kite-double");
    count("WS /");
    if (url.pathname !== "/") {
      refuseUpgrade(socket, 404, "Not Found");
      return;
    }
    const session = auth.session(
      url.searchParams.get("api_key") ?? "",
      url.searchParams.get("access_token") ?? "",
    );
    if (!session) {
      refuseUpgrade(socket, 403, "Forbidden");
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => hub.accept(ws, session));
  });

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(config.port, config.host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  const hostForUrl = config.host.includes(":") ? `[${config.host}]` : config.host;
  const root = `http://${hostForUrl}:${port}`;

  const stepTimer = setInterval(() => hub.step(), config.tickMs);
  const heartbeatTimer =
    config.tickMs > HEARTBEAT_EVERY_MS
      ? setInterval(() => hub.heartbeat(), HEARTBEAT_EVERY_MS / 4)
      : undefined;

  return {
    root,
    wsRoot: `ws://${hostForUrl}:${port}/`,
    loginUrl: `${root}/connect/login`,
    port,
    apiKey: config.apiKey,
    apiSecret: config.apiSecret,
    redirectUrl: config.redirectUrl,
    userId: config.userId,
    seed: config.seed,
    tickMs: config.tickMs,
    clock,
    listing: () => currentListing().listing,
    quote: (token) => quoteOf(token, clock.now()),
    async close() {
      clearInterval(stepTimer);
      clearInterval(heartbeatTimer);
      hub.closeAll(true);
      await new Promise<void>((resolve) => wss.close(() => resolve()));
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}
