/**
 * The authorization matrix: every protected endpoint and every instrument room, asked as each of
 * the six kinds of user, with the exact answer expected. Later issues add their endpoints to HTTP_MATRIX and
 * their rooms to ROOM_MATRIX (forecasts and signals: replace the guard probe rows with the real routes).
 */
import { RISK_DISCLOSURE_VERSION } from "@kalpa/contracts/api/access";
import { ACCESS_MESSAGES, ADMIN_MESSAGES, SERVER_MESSAGES } from "@kalpa/contracts/messages";
import type { AccessKey } from "@kalpa/contracts/names";
import { SERVER_EVENTS } from "@kalpa/contracts/socket-events";
import type { Signal } from "@kalpa/market/signals/signal";
import { eq } from "drizzle-orm";
import type { Socket } from "socket.io-client";
import { beforeAll, describe, expect, it } from "vitest";
import { auditLog } from "../../src/db/schema";
import { createSignalBroadcast } from "../../src/modules/signals/broadcast";
import { ROOMS } from "../../src/realtime/hub";
import {
  addGuardProbe,
  createUserKinds,
  guardProbePath,
  hears,
  type KindUser,
  signedInUser,
  USER_KINDS,
  type UserKind,
} from "../helpers/access";
import { useAccountsApp } from "../helpers/accounts";
import { connected, listen, useSockets } from "../helpers/sockets";
import { TEST_ORIGIN } from "../helpers/test-app";

type Method = "GET" | "POST" | "PUT" | "DELETE";
/** A status, or a status with the envelope's error message or a part of its data. */
type Answer = number | { status: number; error?: string; data?: object };

interface MatrixContext {
  /** A user the admin endpoints act on (no kind of the matrix is changed by them). */
  target: string;
}

interface HttpRow {
  method: Method;
  path: string | ((ctx: MatrixContext) => string);
  body?: unknown;
  expect: Record<UserKind, Answer>;
}

const UNAUTHORIZED = { status: 401, error: ACCESS_MESSAGES.pleaseLogin };
const ADMIN_ONLY = { status: 403, error: ADMIN_MESSAGES.adminOnly };

function everyone(answer: Answer): Record<UserKind, Answer> {
  return Object.fromEntries(USER_KINDS.map((kind) => [kind, answer])) as Record<UserKind, Answer>;
}
/** 401 for the anonymous visitor, `answer` for every signed-in kind. */
function signedIn(answer: Answer): Record<UserKind, Answer> {
  return { ...everyone(answer), anonymous: UNAUTHORIZED };
}
/** 401 anonymous, 403 for every role but admin, `answer` for the admin. */
function adminOnly(answer: Answer): Record<UserKind, Answer> {
  return { ...everyone(ADMIN_ONLY), anonymous: UNAUTHORIZED, admin: answer };
}
/** The access check of one instrument: 200 for any signed-in user, hasAccess as given. */
function accessCheck(holders: UserKind[]): Record<UserKind, Answer> {
  return {
    ...Object.fromEntries(
      USER_KINDS.map((kind) => [
        kind,
        { status: 200, data: { hasAccess: holders.includes(kind) } },
      ]),
    ),
    anonymous: UNAUTHORIZED,
  } as Record<UserKind, Answer>;
}
/**
 * The instrument guard (forecasts, signals): open access and the agreement accepted. `data` is what the
 * holders' answer holds (the guard probe's access check by default).
 */
function guarded(
  service: AccessKey,
  holders: UserKind[],
  rdaPending: UserKind[] = [],
  data: unknown = { hasAccess: true },
): Record<UserKind, Answer> {
  return Object.fromEntries(
    USER_KINDS.map((kind) => {
      if (kind === "anonymous") return [kind, UNAUTHORIZED];
      if (holders.includes(kind)) return [kind, { status: 200, data }];
      if (rdaPending.includes(kind))
        return [kind, { status: 403, error: ACCESS_MESSAGES.riskDisclosureRequired }];
      return [kind, { status: 403, error: ACCESS_MESSAGES.notFound(service) }];
    }),
  ) as Record<UserKind, Answer>;
}

const CONTRIBUTION = {
  amountRupees: 0,
  method: "complimentary",
  reference: "",
  receivedOn: "2026-11-21",
};

export const HTTP_MATRIX: HttpRow[] = [
  // Accounts
  { method: "GET", path: "/api/auth/me", expect: signedIn(200) },
  { method: "GET", path: "/api/profile", expect: signedIn(200) },
  { method: "PUT", path: "/api/profile", body: { name: "Asha Rao" }, expect: signedIn(200) },
  {
    method: "PUT",
    path: "/api/profile/password",
    body: {
      currentPassword: "not-the-password",
      newPassword: "Another-1",
      confirmPassword: "Another-1",
    },
    expect: signedIn(400),
  },
  { method: "GET", path: "/api/profile/image", expect: signedIn(404) },
  { method: "DELETE", path: "/api/profile/image", expect: signedIn(200) },
  { method: "GET", path: "/api/account/export", expect: signedIn(200) },
  // Public market data stays public.
  { method: "GET", path: "/api/market/snapshots", expect: everyone(200) },
  // Access
  { method: "GET", path: "/api/subscription/status", expect: signedIn(200) },
  {
    method: "GET",
    path: "/api/subscriptions/banknifty",
    expect: accessCheck(["rdaPending", "subscriber"]),
  },
  { method: "GET", path: "/api/subscriptions/nifty", expect: accessCheck(["otherInstrument"]) },
  { method: "GET", path: "/api/subscriptions/crudeoil", expect: accessCheck([]) },
  { method: "GET", path: "/api/subscriptions/gold", expect: signedIn(404) },
  { method: "GET", path: "/api/risk-disclosure", expect: signedIn(200) },
  {
    method: "POST",
    path: "/api/risk-disclosure/accept",
    body: { version: RISK_DISCLOSURE_VERSION - 1 },
    expect: signedIn(409),
  },
  // The instrument guard that forecasts and signals call.
  {
    method: "GET",
    path: guardProbePath("BankNifty"),
    expect: guarded("BankNifty", ["subscriber"], ["rdaPending"]),
  },
  { method: "GET", path: guardProbePath("Nifty"), expect: guarded("Nifty", ["otherInstrument"]) },
  // Signals: only the models the user may see; open access without the agreement is refused.
  {
    method: "GET",
    path: "/api/signals/current",
    expect: {
      anonymous: UNAUTHORIZED,
      noAccess: { status: 200, data: { signals: [] } },
      rdaPending: { status: 403, error: ACCESS_MESSAGES.riskDisclosureRequired },
      otherInstrument: { status: 200, data: { signals: [{ model: "Nifty:KalpaVruksha" }] } },
      subscriber: {
        status: 200,
        data: {
          signals: [{ model: "BankNifty:KalpaVruksha" }, { model: "BankNifty:HFT" }],
        },
      },
      admin: { status: 200, data: { signals: [] } },
    },
  },
  // The journal and its ledger: public, like the /paper-trade page.
  {
    method: "GET",
    path: "/api/paper/history?model=Nifty:KalpaVruksha&days=7",
    expect: everyone(200),
  },
  { method: "GET", path: "/api/paper/stats", expect: everyone(200) },
  { method: "GET", path: "/api/paper/analytics", expect: everyone(200) },
  { method: "GET", path: "/api/paper/history.csv", expect: everyone(200) },
  { method: "GET", path: "/api/ledger/verify", expect: everyone(200) },
  { method: "GET", path: "/api/ledger/heads", expect: everyone(200) },
  { method: "GET", path: "/api/ledger/heads/2020-01-02", expect: everyone(404) },
  { method: "GET", path: "/api/ledger/bundles/2020-01-02", expect: everyone(404) },
  // The admin's square-off and manual signal; this app runs no engine, so the admin's call answers 503.
  { method: "POST", path: "/api/paper/force-eod-close", expect: adminOnly(503) },
  {
    method: "POST",
    path: "/api/paper/signal",
    body: {
      model: "Nifty:KalpaVruksha",
      optionType: "CE",
      strike: 25_000,
      entryLow: 100,
      entryHigh: 104,
      target: 130,
      stopLoss: 85,
    },
    expect: adminOnly(503),
  },
  // A signal's chart: the instrument guard of the id's model comes before the lookup (an unknown id is 404
  // only to those who may see the instrument).
  {
    method: "GET",
    path: `/api/signals/${encodeURIComponent("BankNifty:HFT@1")}/chart`,
    expect: {
      ...guarded("BankNifty", [], ["rdaPending"]),
      subscriber: { status: 404, error: SERVER_MESSAGES.notFound },
    },
  },
  // A signal's payoff: the same guard before the lookup as its chart.
  {
    method: "GET",
    path: `/api/signals/${encodeURIComponent("BankNifty:HFT@1")}/payoff`,
    expect: {
      ...guarded("BankNifty", [], ["rdaPending"]),
      subscriber: { status: 404, error: SERVER_MESSAGES.notFound },
    },
  },
  // Forecasts: the three instruments behind the guard, gold, silver and the dollar index open.
  {
    method: "GET",
    path: "/api/forecast/banknifty",
    expect: guarded("BankNifty", ["subscriber"], ["rdaPending"], { instrument: "banknifty" }),
  },
  {
    method: "GET",
    path: "/api/forecast/nifty",
    expect: guarded("Nifty", ["otherInstrument"], [], { instrument: "nifty" }),
  },
  { method: "GET", path: "/api/forecast/crudeoil", expect: guarded("CrudeOil", []) },
  {
    method: "GET",
    path: "/api/forecast/xau",
    expect: everyone({ status: 200, data: { instrument: "xau" } }),
  },
  {
    method: "GET",
    path: "/api/forecast/xag",
    expect: everyone({ status: 200, data: { instrument: "xag" } }),
  },
  {
    method: "GET",
    path: "/api/forecast/dollarx",
    expect: everyone({ status: 200, data: { instrument: "dollarx" } }),
  },
  { method: "GET", path: "/api/forecast/gold", expect: everyone(404) },
  // The operator console
  { method: "GET", path: "/api/admin/users", expect: adminOnly(200) },
  { method: "GET", path: ({ target }) => `/api/admin/users/${target}`, expect: adminOnly(200) },
  { method: "GET", path: "/api/admin/users/999999", expect: adminOnly(404) },
  {
    method: "POST",
    path: ({ target }) => `/api/admin/users/${target}/rda-received`,
    body: { receivedOn: "2026-11-21", channel: "post" },
    expect: adminOnly(200),
  },
  {
    method: "POST",
    path: ({ target }) => `/api/admin/users/${target}/grants`,
    body: { instruments: ["CrudeOil"], days: 2, contribution: CONTRIBUTION },
    expect: adminOnly({
      status: 200,
      data: { user: { subscriptions: { CrudeOil: { hasAccess: true } } } },
    }),
  },
  {
    method: "POST",
    path: ({ target }) => `/api/admin/users/${target}/deactivate`,
    body: { instruments: ["CrudeOil"] },
    expect: adminOnly(200),
  },
  {
    method: "POST",
    path: ({ target }) => `/api/admin/users/${target}/reactivate`,
    body: { instruments: ["CrudeOil"] },
    expect: adminOnly(200),
  },
  {
    method: "POST",
    path: ({ target }) => `/api/admin/users/${target}/role`,
    body: { role: "user" },
    expect: adminOnly(200),
  },
  {
    method: "POST",
    path: ({ target }) => `/api/admin/users/${target}/logout`,
    expect: adminOnly(200),
  },
  { method: "GET", path: "/api/admin/audit", expect: adminOnly(200) },
  { method: "GET", path: "/api/admin/stats", expect: adminOnly(200) },
  // The console's Signals panel; this app runs no engine.
  {
    method: "GET",
    path: "/api/admin/signals",
    // This app runs no engine: "not running" alone, "maybe on another process" behind the Redis adapter.
    expect: adminOnly({
      status: 200,
      data: { engineRunning: process.env.REDIS_URL ? null : false },
    }),
  },
  // The console's Alerts view.
  { method: "GET", path: "/api/admin/alerts", expect: adminOnly(200) },
  // The research-analyst profile: read by anyone, set by the admin. Setting the profile itself changes
  // who may see what, so the matrix leaves it unset (test/research-analyst covers it).
  {
    method: "GET",
    path: "/api/research-analyst",
    expect: everyone({ status: 200, data: { profile: null } }),
  },
  { method: "GET", path: "/api/research-analyst/complaints", expect: everyone(200) },
  {
    method: "PUT",
    path: "/api/admin/research-analyst/complaints/2026-01",
    body: { received: 1, resolved: 1, pending: 0, averageResolutionDays: 3 },
    expect: adminOnly(200),
  },
  { method: "DELETE", path: "/api/admin/research-analyst", expect: adminOnly(200) },
  // Without a profile there are no terms to accept.
  {
    method: "POST",
    path: "/api/terms-summary/accept",
    body: { version: 1 },
    expect: signedIn(409),
  },
  // The console's line on the signed record: the key's id, the time-stamping authority.
  { method: "GET", path: "/api/admin/ledger", expect: adminOnly(200) },
  // Ending access early refunds only under a research-analyst profile, which the matrix leaves unset.
  {
    method: "POST",
    path: ({ target }) => `/api/admin/users/${target}/end-access`,
    body: { instruments: ["CrudeOil"] },
    expect: adminOnly(409),
  },
  // The user's own refunds (none here).
  {
    method: "GET",
    path: "/api/account/refunds",
    expect: signedIn({ status: 200, data: { refunds: [] } }),
  },
  // The calls export for a verification agency.
  {
    method: "GET",
    path: "/api/admin/calls/export?format=csv&from=2026-11-01&to=2026-11-02",
    expect: adminOnly(200),
  },
];

/** Which kinds a broadcast to each room reaches. */
export const ROOM_MATRIX: Array<{ room: string; heardBy: UserKind[] }> = [
  { room: ROOMS.instrument("BankNifty"), heardBy: ["subscriber"] },
  { room: ROOMS.instrument("Nifty"), heardBy: ["otherInstrument"] },
  { room: ROOMS.instrument("CrudeOil"), heardBy: [] },
];

const open = useSockets();

describe("the authorization matrix", () => {
  const h = useAccountsApp();
  let kinds: Record<UserKind, KindUser>;
  let ctx: MatrixContext;
  let url: string;
  beforeAll(async () => {
    addGuardProbe(h.t.app);
    url = await listen(h.t);
    kinds = await createUserKinds(h);
    ctx = { target: (await signedInUser(h)).id };
  });

  for (const row of HTTP_MATRIX) {
    const label = `${row.method} ${typeof row.path === "string" ? row.path : row.path({ target: ":id" })}`;
    it(label, async () => {
      const path = typeof row.path === "string" ? row.path : row.path(ctx);
      for (const kind of USER_KINDS) {
        const res = await kinds[kind].browser.request(row.method, path, {
          ...(row.body === undefined && row.method !== "GET" && row.method !== "DELETE"
            ? { payload: {} }
            : row.body === undefined
              ? {}
              : { payload: row.body }),
        });
        const expected = row.expect[kind];
        const answer = typeof expected === "number" ? { status: expected } : expected;
        const where = `${label} as ${kind}: ${res.body.slice(0, 300)}`;
        expect(res.statusCode, where).toBe(answer.status);
        const body = res.headers["content-type"]?.toString().startsWith("application/json")
          ? res.json()
          : undefined;
        if (answer.status >= 400) {
          expect(body, where).toMatchObject({ success: false });
          if (answer.error) expect(body.error, where).toBe(answer.error);
        } else if (body && path !== "/api/account/export") {
          expect(body.success, where).toBe(true);
        }
        if (answer.data !== undefined) {
          expect(body.data, where).toMatchObject(answer.data as Record<string, unknown>);
        }
      }
    });
  }

  it("left the target as only the admin's calls changed it", async () => {
    const entries = await h.t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, `user:${ctx.target}`));
    const byOthers = entries.filter(
      (entry) => !entry.action.startsWith("user.regist") && entry.action !== "user.verified",
    );
    expect(new Set(byOthers.map((entry) => entry.actor))).toEqual(new Set([kinds.admin.username]));
  });

  describe("instrument rooms", () => {
    /** One socket per kind, opened with that kind's cookies (closed after each test). */
    async function socketsOfKinds(): Promise<Record<UserKind, Socket>> {
      const sockets = {} as Record<UserKind, Socket>;
      for (const kind of USER_KINDS) {
        const cookie = kinds[kind].browser.cookieHeader("/");
        sockets[kind] = open(url, {
          extraHeaders: { origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}) },
        });
      }
      await Promise.all(USER_KINDS.map((kind) => connected(sockets[kind])));
      return sockets;
    }

    it("new-signal for BankNifty reaches subscriber only", async () => {
      const sockets = await socketsOfKinds();
      // The instrument rooms are joined just after the connection.
      await new Promise((resolve) => setTimeout(resolve, 150));
      const heard = USER_KINDS.map(
        (kind) =>
          new Promise<boolean>((resolve) => {
            sockets[kind].once(SERVER_EVENTS.newSignal, () => resolve(true));
            setTimeout(() => resolve(false), 400);
          }),
      );
      const broadcast = createSignalBroadcast(h.t.io);
      broadcast.newSignal({ modelId: "BankNifty:HFT", id: "matrix", day: "2026-11-20" } as Signal);
      broadcast.dispose();
      const answers = await Promise.all(heard);
      expect(Object.fromEntries(USER_KINDS.map((kind, i) => [kind, answers[i]]))).toEqual(
        Object.fromEntries(USER_KINDS.map((kind) => [kind, kind === "subscriber"])),
      );
    });

    for (const { room, heardBy } of ROOM_MATRIX) {
      it(`${room} reaches ${heardBy.join(", ") || "nobody"}`, async () => {
        const sockets = await socketsOfKinds();
        const heard = await Promise.all(
          USER_KINDS.map((kind) => hears(h.t.io, sockets[kind], room)),
        );
        expect(Object.fromEntries(USER_KINDS.map((kind, i) => [kind, heard[i]]))).toEqual(
          Object.fromEntries(USER_KINDS.map((kind) => [kind, heardBy.includes(kind)])),
        );
      });
    }
  });
});
