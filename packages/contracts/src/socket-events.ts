/**
 * Socket event names (spec section 7). Payload schemas are added beside each name by the issue that
 * first emits it.
 */
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
