/**
 * Socket event names (spec section 7). Payload schemas are added beside each name by the change that
 * first emits it.
 */
import * as z from "zod/mini";

export const CLIENT_EVENTS = {
  getSnapshots: "get-snapshots",
} as const;

export const SERVER_EVENTS = {
  homeUpdate: "home-update",
  dashboardUpdate: "dashboard-update",
  marketStatusUpdate: "market-status-update",
  newSignal: "new-signal",
  signalUpdate: "signal-update",
  tokenRefreshed: "token-refreshed",
  marketDayReset: "market-day-reset",
  forceLogout: "force-logout",
} as const;

/** The home socket connects without credentials and says so in its query. */
export const HOME_SOCKET_QUERY = { type: "home" } as const;

/** force-logout: why the session ended. The client acknowledges with ForceLogoutAck. */
export const ForceLogoutPayloadSchema = z.object({ reason: z.string() });
export type ForceLogoutPayload = z.infer<typeof ForceLogoutPayloadSchema>;
export type ForceLogoutAck = { ok: true } | { ok: false; error: string };

/**
 * token-refreshed: the user's session or access changed (granted, revoked, expired, signed in elsewhere).
 * The screen clears what it shows from the old access and fetches it again.
 */
export const TOKEN_REFRESH_REASONS = [
  "access-changed",
  "access-expired",
  "session-changed",
] as const;
export const TokenRefreshedPayloadSchema = z.object({ reason: z.enum(TOKEN_REFRESH_REASONS) });
export type TokenRefreshedPayload = z.infer<typeof TokenRefreshedPayloadSchema>;
