/**
 * The broker connection: what the operator's console shows of the live feed and its daily
 * login. Admin only (401 signed out, 403 for other roles).
 *
 * - GET /api/admin/broker: the state below.
 * - GET /api/admin/broker/kite/login: a redirect to Kite's login page (a full-page navigation, not fetch).
 * - GET /api/admin/broker/kite/callback: where Kite sends the browser back; it redirects to the console's
 *   broker view with `?broker=connected` or `?broker=error&reason=…`.
 * - POST /api/admin/broker/logout: forgets the stored access token (the feed stops).
 */
import * as z from "zod/mini";
import { MarketSymbolSchema } from "../names";

export const BROKER_NAMES = ["kite"] as const;
export const BrokerNameSchema = z.enum(BROKER_NAMES);
export type BrokerName = z.infer<typeof BrokerNameSchema>;

/**
 * off: the site runs on the simulator or a replay (no broker configured);
 * login-needed: no access token, or the broker refused or expired it (the console shows the button);
 * connecting: logging in, loading the instrument list and history, opening the stream;
 * connected: the stream is open and prices are live;
 * error: the broker cannot be reached (retried with a backoff).
 */
export const BROKER_STATES = ["off", "login-needed", "connecting", "connected", "error"] as const;
export const BrokerStateSchema = z.enum(BROKER_STATES);
export type BrokerState = z.infer<typeof BrokerStateSchema>;

export const ListingDisagreementSchema = z.object({
  symbol: MarketSymbolSchema,
  field: z.enum(["lotSize", "expiry"]),
  table: z.string(),
  broker: z.string(),
  message: z.string(),
});
export type ListingDisagreementWire = z.infer<typeof ListingDisagreementSchema>;

/**
 * How the product reads the broker's list where it follows the broker's own convention, shown to the
 * operator as information rather than a warning (Kite's MCX lots counted in contracts, turned into barrels
 * through the product's table).
 */
export const ListingNoteSchema = z.object({
  symbol: MarketSymbolSchema,
  field: z.enum(["lotSize"]),
  message: z.string(),
});
export type ListingNoteWire = z.infer<typeof ListingNoteSchema>;

export const BrokerStatusSchema = z.object({
  broker: BrokerNameSchema,
  state: BrokerStateSchema,
  /** One sentence for the operator: what is happening and what to do. */
  message: z.string(),
  /** When the state began (epoch ms). */
  since: z.number(),
  /** The broker's user id of the stored session, when there is one. */
  userId: z.nullable(z.string()),
  /** When the stored access token stops working (about 06:00 India time after the login). */
  tokenExpiresAt: z.nullable(z.number()),
  /** The last price received from the broker (epoch ms). */
  lastTickAt: z.nullable(z.number()),
  /** Symbols in session whose stream has gone silent. */
  stalled: z.array(MarketSymbolSchema),
  instruments: z.object({
    count: z.number(),
    loadedAt: z.nullable(z.number()),
    disagreements: z.array(ListingDisagreementSchema),
    notes: z.array(ListingNoteSchema),
  }),
  /** Malformed binary messages and unknown packets dropped since the process started. */
  dropped: z.number(),
  /** Where the console's "Connect Kite" button goes. */
  loginPath: z.string(),
});
export type BrokerStatus = z.infer<typeof BrokerStatusSchema>;

export const brokerStatusEndpoint = {
  method: "GET",
  path: "/api/admin/broker",
  response: BrokerStatusSchema,
} as const;

export const KITE_LOGIN_PATH = "/api/admin/broker/kite/login";
export const KITE_CALLBACK_PATH = "/api/admin/broker/kite/callback";
export const BROKER_LOGOUT_PATH = "/api/admin/broker/logout";

/** The console view Kite's callback returns to, with `broker=connected` or `broker=error&reason=<code>`. */
export const BROKER_CONSOLE_PATH = "/admin?view=broker";

/**
 * Why a Kite login did not complete, as the callback names it (a code, never free text: the console says
 * it in its own words, so a crafted link cannot put words on the operator's screen). Kite's own refusal is
 * in the server's log and the audit log.
 */
export const KITE_LOGIN_FAILURES = [
  "cancelled",
  "not-success",
  "state",
  "expired",
  "no-token",
  "refused",
  "not-admin",
  "not-configured",
] as const;
export type KiteLoginFailure = (typeof KITE_LOGIN_FAILURES)[number];

/** What Kite's callback carries back (the redirect_params state included). */
export const KiteCallbackQuerySchema = z.object({
  request_token: z.optional(z.string().check(z.maxLength(200))),
  status: z.optional(z.string().check(z.maxLength(50))),
  action: z.optional(z.string().check(z.maxLength(50))),
  type: z.optional(z.string().check(z.maxLength(50))),
  state: z.optional(z.string().check(z.maxLength(300))),
});
