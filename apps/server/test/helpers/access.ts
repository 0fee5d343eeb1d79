/**
 * The six kinds of user the authorization matrix (test/access/authorization-matrix.test.ts) asks about, made
 * the way they come to exist: signed up with the mailed OTP, the first admin by the command line, access
 * granted and signed copies recorded through the admin API, the risk disclosure accepted through its
 * endpoint. Later issues reuse the kinds for their endpoints and rooms.
 */
import type { AccessKey } from "@kalpa/contracts/names";
import { SERVER_EVENTS } from "@kalpa/contracts/socket-events";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import type { Server } from "socket.io";
import type { Socket } from "socket.io-client";
import { createAdmin } from "../../src/cli/commands";
import { ROOMS } from "../../src/realtime/hub";
import { type AccountsHarness, type Browser, newAccount, unique } from "./accounts";

export const USER_KINDS = [
  "anonymous",
  "noAccess",
  "rdaPending",
  "otherInstrument",
  "subscriber",
  "admin",
] as const;
export type UserKind = (typeof USER_KINDS)[number];

/** The instrument the matrix's subscriber holds; the "other instrument" subscriber holds OTHER_INSTRUMENT. */
export const SUBSCRIBED_INSTRUMENT: AccessKey = "BankNifty";
export const OTHER_INSTRUMENT: AccessKey = "Nifty";

export interface KindUser {
  kind: UserKind;
  browser: Browser;
  /** The user's id as the API writes it; undefined for the anonymous visitor. */
  id: string | undefined;
  username: string | undefined;
}

export const CONTRIBUTION = {
  amountRupees: 4999,
  method: "upi",
  reference: "UPI-TEST-1",
  receivedOn: "2026-11-20",
} as const;

function ok(res: LightMyRequestResponse, what: string): LightMyRequestResponse {
  if (res.statusCode !== 200) throw new Error(`${what} answered ${res.statusCode}: ${res.body}`);
  return res;
}

/** A signed-up, verified, signed-in user. */
export async function signedInUser(h: AccountsHarness) {
  const browser = h.browser();
  const account = await browser.signUp(newAccount());
  await browser.login(account);
  const me = ok(await browser.get("/api/auth/me"), "me").json();
  return { browser, account, id: String(me.data.user.id), username: account.username };
}

/** The first admin, created by the command line's create-admin, then signed in. */
export async function firstAdmin(h: AccountsHarness) {
  const username = unique("admin_");
  const password = `Adm!n-${unique()}`;
  await createAdmin(
    { db: h.t.database.db, clock: h.clock.now, out: () => {} },
    { username, email: `${username}@example.in`, name: "Operator", mobile: "9000000001", password },
  );
  const browser = h.browser();
  await browser.login({ username, password });
  const me = ok(await browser.get("/api/auth/me"), "me").json();
  return { browser, id: String(me.data.user.id), username, password };
}

/** The admin API as the console uses it. */
export function adminApi(admin: Browser) {
  return {
    recordRda: (userId: string, receivedOn = "2026-11-20") =>
      admin.post(`/api/admin/users/${userId}/rda-received`, {
        receivedOn,
        channel: "messaging-app",
      }),
    grant: (userId: string, body: Record<string, unknown>) =>
      admin.post(`/api/admin/users/${userId}/grants`, { contribution: CONTRIBUTION, ...body }),
    deactivate: (userId: string, instruments: AccessKey[]) =>
      admin.post(`/api/admin/users/${userId}/deactivate`, { instruments }),
    reactivate: (userId: string, instruments: AccessKey[]) =>
      admin.post(`/api/admin/users/${userId}/reactivate`, { instruments }),
    detail: (userId: string) => admin.get(`/api/admin/users/${userId}`),
  };
}

/** Records the signed copy and grants `instruments` for `days` (both must succeed). */
export async function giveAccess(
  admin: Browser,
  userId: string,
  instruments: AccessKey[],
  days = 30,
) {
  const api = adminApi(admin);
  ok(await api.recordRda(userId), "rda-received");
  return ok(await api.grant(userId, { instruments, days }), "grant");
}

export async function acceptRda(browser: Browser) {
  return ok(await browser.post("/api/risk-disclosure/accept", { version: 1 }), "accept");
}

/** One user of each kind (the admin has no access of their own, and has accepted the agreement). */
export async function createUserKinds(h: AccountsHarness): Promise<Record<UserKind, KindUser>> {
  const admin = await firstAdmin(h);
  const [noAccess, rdaPending, otherInstrument, subscriber] = await Promise.all([
    signedInUser(h),
    signedInUser(h),
    signedInUser(h),
    signedInUser(h),
  ]);
  await giveAccess(admin.browser, rdaPending.id, [SUBSCRIBED_INSTRUMENT]);
  await giveAccess(admin.browser, otherInstrument.id, [OTHER_INSTRUMENT]);
  await giveAccess(admin.browser, subscriber.id, [SUBSCRIBED_INSTRUMENT]);
  for (const user of [otherInstrument, subscriber, admin]) await acceptRda(user.browser);
  const kind = (k: UserKind, user: { browser: Browser; id: string; username: string }) => ({
    kind: k,
    browser: user.browser,
    id: user.id,
    username: user.username,
  });
  return {
    anonymous: { kind: "anonymous", browser: h.browser(), id: undefined, username: undefined },
    noAccess: kind("noAccess", noAccess),
    rdaPending: kind("rdaPending", rdaPending),
    otherInstrument: kind("otherInstrument", otherInstrument),
    subscriber: kind("subscriber", subscriber),
    admin: kind("admin", admin),
  };
}

/** Whether a broadcast to `room` reaches `socket` within `waitMs`. */
export async function hears(io: Server, socket: Socket, room: string, waitMs = 300) {
  const event = `probe-${Math.random().toString(36).slice(2)}`;
  const heard = new Promise<boolean>((resolve) => {
    socket.once(event, () => resolve(true));
    setTimeout(() => resolve(false), waitMs);
  });
  io.to(room).emit(event);
  return heard;
}

/** The instrument rooms a socket hears, in ACCESS_KEYS order. */
export async function instrumentRoomsHeard(io: Server, socket: Socket): Promise<AccessKey[]> {
  const keys: AccessKey[] = ["Nifty", "BankNifty", "CrudeOil"];
  const heard = await Promise.all(keys.map((key) => hears(io, socket, ROOMS.instrument(key))));
  return keys.filter((_key, index) => heard[index]);
}

/** Resolves with the next token-refreshed payload the socket receives. */
export function nextTokenRefresh(socket: Socket, waitMs = 3000): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("no token-refreshed")), waitMs);
    socket.once(SERVER_EVENTS.tokenRefreshed, (payload: unknown) => {
      clearTimeout(timer);
      resolve(payload);
    });
  });
}

/** The path of the guard probe: a route standing in for forecasts and signals until they exist. */
export const guardProbePath = (key: AccessKey) => `/api/test/instrument-access/${key}`;

/**
 * Registers a route that calls app.requireInstrumentAccess, as forecasts and signals
 * will. Call before the app is ready (before its first request or listen).
 */
export function addGuardProbe(app: FastifyInstance) {
  app.get("/api/test/instrument-access/:key", async (request) => {
    const { key } = request.params as { key: AccessKey };
    return { success: true, data: await app.requireInstrumentAccess(request, key) };
  });
}
