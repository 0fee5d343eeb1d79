/** The console's cache keys, under one prefix (every change refetches what it shows). */
export const adminQueryKey = ["admin"] as const;
export const adminStatsQueryKey = [...adminQueryKey, "stats"] as const;
export const adminLedgerQueryKey = [...adminQueryKey, "ledger"] as const;
export const adminSignalsQueryKey = [...adminQueryKey, "signals"] as const;
export const adminBrokerQueryKey = [...adminQueryKey, "broker"] as const;
export const adminAlertsQueryKey = [...adminQueryKey, "alerts"] as const;
export const adminCalendarQueryKey = [...adminQueryKey, "calendar"] as const;
export const adminCalendarReminderQueryKey = [...adminCalendarQueryKey, "reminder"] as const;
export function adminCalendarYearQueryKey(year: number | undefined) {
  return [...adminCalendarQueryKey, "year", { year: year ?? null }] as const;
}
export function adminUsersQueryKey(q: string, page: number) {
  return [...adminQueryKey, "users", { q, page }] as const;
}
export function adminUserQueryKey(id: string) {
  return [...adminQueryKey, "user", id] as const;
}
export function adminAuditQueryKey(target: string) {
  return [...adminQueryKey, "audit", { target }] as const;
}
