/** The operator console's data as the server answers it (packages/contracts/src/api/admin.ts), for tests. */
import type { AdminUserDetail, AdminUserSummary, AuditEntry } from "@kalpa/contracts/api/admin";
import type { BrokerStatus } from "@kalpa/contracts/api/broker";
import type { User } from "@kalpa/contracts/api/session";
import { testStatus } from "./access";
import { TEST_USER } from "./render-app";

export const TEST_ADMIN: User = {
  ...TEST_USER,
  id: "6f1c2a9e-0d4b-4f5e-8a7c-1b2d3e4f5a60",
  name: "Ravi Operator",
  username: "admin",
  email: "admin@example.com",
  role: "admin",
};

export function userSummary(overrides: Partial<AdminUserSummary> = {}): AdminUserSummary {
  const status = testStatus({ riskDisclosure: { signedCopyReceived: false } });
  return {
    id: TEST_USER.id,
    username: TEST_USER.username,
    name: TEST_USER.name,
    email: TEST_USER.email,
    mobile: TEST_USER.mobile,
    role: "user",
    verified: true,
    createdAt: TEST_USER.createdAt,
    subscriptions: status.subscriptions,
    riskDisclosure: status.riskDisclosure,
    ...overrides,
  };
}

export function auditEntry(overrides: Partial<AuditEntry> = {}): AuditEntry {
  return {
    id: "41",
    at: "2026-03-10T06:00:00.000Z",
    actor: "admin",
    action: "access.grant",
    target: `user:${TEST_USER.id}`,
    details: { instruments: ["Nifty"], days: 30 },
    ip: "127.0.0.1",
    ...overrides,
  };
}

export function userDetail(overrides: Partial<AdminUserDetail> = {}): AdminUserDetail {
  return {
    user: userSummary(),
    startedAt: { Nifty: null, BankNifty: null, CrudeOil: null },
    contributions: [],
    refunds: [],
    activeSessions: 1,
    telegram: null,
    audit: [],
    ...overrides,
  };
}

/** 20 Nov 2026, 10:32:15 in India. */
export const BROKER_NOW = Date.parse("2026-11-20T10:32:15+05:30");

/** GET /api/admin/broker: a Kite session that is connected and streaming, unless told otherwise. */
export function brokerStatus(overrides: Partial<BrokerStatus> = {}): BrokerStatus {
  return {
    broker: "kite",
    state: "connected",
    message: "Streaming NIFTY, BANKNIFTY and CRUDEOIL.",
    since: BROKER_NOW - 3_600_000,
    userId: "AB1234",
    tokenExpiresAt: Date.parse("2026-11-21T06:00:00+05:30"),
    lastTickAt: BROKER_NOW - 2_000,
    stalled: [],
    instruments: {
      count: 84_512,
      loadedAt: BROKER_NOW - 3_500_000,
      disagreements: [],
      notes: [],
    },
    dropped: 0,
    loginPath: "/api/admin/broker/kite/login",
    ...overrides,
  };
}
