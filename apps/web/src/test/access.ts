/**
 * The subscription status as the server answers it (packages/contracts/src/api/access.ts),
 * for tests: a user with no access who has accepted the risk disclosure agreement, unless told otherwise.
 */
import type {
  RiskDisclosureStatus,
  SubscriptionEntry,
  SubscriptionStatus,
  Subscriptions,
} from "@kalpa/contracts/api/access";
import type { TermsSummaryStatus } from "@kalpa/contracts/api/research-analyst";
import { ACCESS_MESSAGES } from "@kalpa/contracts/messages";
import { fail, type MockHandlers, type MockReply, never, ok } from "./mock-api";

export const NO_ACCESS: SubscriptionEntry = {
  hasAccess: false,
  isActive: false,
  expiry: null,
  lastDay: null,
  daysLeft: null,
};

/** Access until the end of `lastDay` (an Asia/Kolkata day), with `daysLeft` as the server counts it. */
export function activeUntil(lastDay: string, daysLeft: number): SubscriptionEntry {
  const [year, month, day] = lastDay.split("-").map(Number) as [number, number, number];
  // The end of the last day in India: 18:30 UTC of that day.
  const expiry = new Date(Date.UTC(year, month - 1, day, 18, 30)).toISOString();
  return { hasAccess: daysLeft >= 0, isActive: true, expiry, lastDay, daysLeft };
}

export function testStatus(
  overrides: {
    subscriptions?: Partial<Subscriptions>;
    riskDisclosure?: Partial<RiskDisclosureStatus>;
    termsSummary?: Partial<TermsSummaryStatus>;
  } = {},
): SubscriptionStatus {
  return {
    user: {
      name: "Asha Rao",
      fullName: "Asha Rao",
      username: "asha_rao",
      email: "asha@example.com",
    },
    subscriptions: {
      Nifty: NO_ACCESS,
      BankNifty: NO_ACCESS,
      CrudeOil: NO_ACCESS,
      ...overrides.subscriptions,
    },
    riskDisclosure: {
      version: 1,
      accepted: true,
      acceptedAt: "2026-03-01T05:00:00.000Z",
      signedCopyReceived: false,
      signedCopyReceivedOn: null,
      ...overrides.riskDisclosure,
    },
    // No research-analyst profile unless a test says: the terms are not asked for.
    termsSummary: {
      required: false,
      version: 1,
      accepted: false,
      acceptedAt: null,
      ...overrides.termsSummary,
    },
  };
}

export const TEST_STATUS = testStatus();

/** How GET /api/subscription/status answers: this status, 401 (null), a server error, or never. */
export type StatusAnswer = SubscriptionStatus | null | "error" | "pending";

function reply(answer: StatusAnswer, ok200: (status: SubscriptionStatus) => MockReply) {
  if (answer === "pending") return never();
  if (answer === "error") return fail(503, "Service unavailable", "SERVICE_UNAVAILABLE");
  if (answer === null) return fail(401, ACCESS_MESSAGES.pleaseLogin, "UNAUTHORIZED");
  return ok200(answer);
}

/** The status endpoint, answering from one status. */
export function accessHandlers(answer: () => StatusAnswer): MockHandlers {
  return { "GET /api/subscription/status": () => reply(answer(), (status) => ok(status)) };
}
