/**
 * Where the console is, in the URL (so reload and Back keep it): `?view=users&q=&page=`, `?view=signals`,
 * `?view=audit&target=`, `?view=broker` (where Kite's login returns, BROKER_CONSOLE_PATH),
 * `?view=calendar&year=`, `?view=alerts`, `?view=analyst` (the research-analyst profile), `?user=<id>` for one user's detail, nothing for the overview.
 */
export const CONSOLE_VIEWS = [
  "overview",
  "users",
  "signals",
  "audit",
  "broker",
  "calendar",
  "alerts",
  "analyst",
] as const;
export type ConsoleView = (typeof CONSOLE_VIEWS)[number];

export interface ConsoleLocation {
  view?: ConsoleView;
  q?: string;
  page?: number;
  target?: string;
  user?: string;
  /** The Calendar view's year (the market's year when absent). */
  year?: number;
}

export function parseView(value: string | null): ConsoleView {
  return CONSOLE_VIEWS.find((view) => view === value) ?? "overview";
}

export function parsePage(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

/** A year from the URL, or undefined for the market's year. */
export function parseYear(value: string | null): number | undefined {
  const year = Number(value);
  return Number.isInteger(year) && year >= 2000 && year <= 2200 ? year : undefined;
}

/** The console's URL for a location; empty values and the defaults are left out. */
export function consoleHref(location: ConsoleLocation): string {
  const params = new URLSearchParams();
  if (location.user) params.set("user", location.user);
  if (location.view && location.view !== "overview") params.set("view", location.view);
  if (location.q) params.set("q", location.q);
  if (location.page && location.page > 1) params.set("page", String(location.page));
  if (location.target) params.set("target", location.target);
  if (location.year) params.set("year", String(location.year));
  const search = params.toString();
  return search ? `/admin?${search}` : "/admin";
}

/** How the audit log names a user as the target of a change. */
export function auditTargetOf(userId: string): string {
  return `user:${userId}`;
}

/** The user an audit target names, if it names one. */
export function userOfAuditTarget(target: string | null): string | null {
  return target?.startsWith("user:") ? target.slice("user:".length) : null;
}
