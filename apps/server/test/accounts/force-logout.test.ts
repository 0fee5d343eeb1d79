import type { AddressInfo } from "node:net";
import { ACCOUNT_MESSAGES } from "@kalpa/contracts/account-messages";
import { SOCKET_PATH } from "@kalpa/contracts/constants";
import {
  type ForceLogoutAck,
  HOME_SOCKET_QUERY,
  SERVER_EVENTS,
} from "@kalpa/contracts/socket-events";
import { eq } from "drizzle-orm";
import { io as connect, type Socket } from "socket.io-client";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { sessions } from "../../src/db/schema";
import { READ_CACHE_TTL_MS } from "../../src/modules/auth/policy";
import { ROOMS } from "../../src/realtime/hub";
import { type Browser, useAccountsApp } from "../helpers/accounts";
import { capturingLogger } from "../helpers/captured-log";
import { TEST_ORIGIN } from "../helpers/test-app";

/** Everything the app logs, as parsed JSON lines. */
const { logger, lines: logLines } = capturingLogger();

const sockets: Socket[] = [];
afterEach(() => {
  for (const socket of sockets.splice(0)) socket.disconnect();
});

const disconnected = (socket: Socket) =>
  new Promise<string>((resolve) => socket.once("disconnect", (reason) => resolve(reason)));

/** Resolves with the force-logout payload, after acknowledging it as the browser's client does. */
const forcedOut = (socket: Socket) =>
  new Promise<unknown>((resolve) => {
    socket.on(
      SERVER_EVENTS.forceLogout,
      (payload: unknown, ack: (answer: ForceLogoutAck) => void) => {
        ack({ ok: true });
        resolve(payload);
      },
    );
  });

/** An app listening on a free port, and socket helpers bound to it. */
function useListeningApp(env: Record<string, string>) {
  const h = useAccountsApp({ logger, env });
  let url = "";
  beforeAll(async () => {
    await h.t.app.listen({ port: 0, host: "127.0.0.1" });
    url = `http://127.0.0.1:${(h.t.app.server.address() as AddressInfo).port}`;
  });

  /** A socket.io client opened the way the browser's would be, with this browser's cookies. */
  async function openSocket(b: Browser | undefined, query?: Record<string, string>) {
    const cookie = b?.cookieHeader("/");
    const socket = connect(url, {
      path: SOCKET_PATH,
      transports: ["websocket"],
      reconnection: false,
      extraHeaders: { origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}) },
      ...(query ? { query } : {}),
    });
    sockets.push(socket);
    await new Promise<void>((resolve, reject) => {
      socket.once("connect", () => resolve());
      socket.once("connect_error", reject);
    });
    return socket;
  }

  /** Whether a broadcast to `room` reaches `socket` within a short wait. */
  async function hears(socket: Socket, room: string): Promise<boolean> {
    const event = `probe-${Math.random().toString(36).slice(2)}`;
    const heard = new Promise<boolean>((resolve) => {
      socket.once(event, () => resolve(true));
      setTimeout(() => resolve(false), 300);
    });
    h.t.io.to(room).emit(event);
    return heard;
  }

  async function userId(b: Browser): Promise<string> {
    return (await b.get("/api/auth/me")).json().data.user.id;
  }

  return { h, openSocket, hears, userId };
}

describe("sockets in single-session mode", () => {
  const { h, openSocket, hears, userId } = useListeningApp({ SINGLE_SESSION: "true" });

  it("puts a signed-in socket in its user's room; an anonymous one connects all the same", async () => {
    const b = h.browser();
    await b.login(await b.signUp());
    const id = await userId(b);
    const signedIn = await openSocket(b);
    const anonymous = await openSocket(undefined, HOME_SOCKET_QUERY);
    expect(await hears(signedIn, ROOMS.user(id))).toBe(true);
    expect(await hears(anonymous, ROOMS.user(id))).toBe(false);
    expect(await hears(anonymous, ROOMS.home)).toBe(true);
  });

  it("leaves a socket with a revoked session anonymous, not refused", async () => {
    const b = h.browser();
    await b.login(await b.signUp());
    const id = await userId(b);
    const session = b.cookies.get("kalpa_session");
    await b.post("/api/auth/logout");
    const ghost = h.browser();
    if (session) ghost.cookies.set("kalpa_session", session);
    const stale = await openSocket(ghost);
    expect(await hears(stale, ROOMS.user(id))).toBe(false);
  });

  it("sends force-logout to the first session's socket at a second login, then closes it", async () => {
    const phone = h.browser();
    const laptop = h.browser();
    const account = await phone.signUp();
    await phone.login(account);
    const phoneSocket = await openSocket(phone);
    const received = forcedOut(phoneSocket);
    const closed = disconnected(phoneSocket);

    logLines.length = 0;
    await laptop.login(account);
    const laptopSocket = await openSocket(laptop);
    expect(await received).toEqual({ reason: ACCOUNT_MESSAGES.anotherDevice });
    expect(await closed).toBe("io server disconnect");

    const acknowledged = logLines.findLast((line) => line.msg === "force-logout acknowledged");
    expect(acknowledged).toMatchObject({ acks: [{ ok: true }], allAcknowledged: true });
    expect(laptopSocket.connected).toBe(true);
    expect(await hears(laptopSocket, ROOMS.user(await userId(laptop)))).toBe(true);
  });

  it("closes the old sockets even when they do not acknowledge", async () => {
    const phone = h.browser();
    const account = await phone.signUp();
    await phone.login(account);
    const silent = await openSocket(phone);
    let told = false;
    silent.on(SERVER_EVENTS.forceLogout, () => {
      told = true;
    });
    const closed = disconnected(silent);
    logLines.length = 0;
    await h.browser().login(account);
    expect(await closed).toBe("io server disconnect");
    expect(told).toBe(true);
    expect(logLines.find((line) => line.msg === "force-logout acknowledged")).toMatchObject({
      acks: [],
      allAcknowledged: false,
    });
  });

  it("closes a signed-in socket when its session expires", async () => {
    const b = h.browser();
    await b.login(await b.signUp());
    const id = Number(await userId(b));
    // Bring the session's end to 1.5 s from now, as if it had been opened 30 days ago.
    await h.t.database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() + 1500) })
      .where(eq(sessions.userId, id));
    // Changed behind the server's back: it sees the row within its read cache's TTL (decision 021).
    await new Promise((resolve) => setTimeout(resolve, READ_CACHE_TTL_MS));
    const socket = await openSocket(b);
    expect(await hears(socket, ROOMS.user(String(id)))).toBe(true);
    const closed = disconnected(socket);
    expect(await closed).toBe("io server disconnect");
  });

  it("closes its own session's sockets at logout, without a force-logout", async () => {
    const b = h.browser();
    await b.login(await b.signUp());
    const socket = await openSocket(b);
    let told = false;
    socket.on(SERVER_EVENTS.forceLogout, () => {
      told = true;
    });
    const closed = disconnected(socket);
    await b.post("/api/auth/logout");
    expect(await closed).toBe("io server disconnect");
    expect(told).toBe(false);
  });
});

describe("sockets when sessions may coexist", () => {
  const { h, openSocket, hears, userId } = useListeningApp({ SINGLE_SESSION: "false" });

  it("tells the other sessions' sockets when the password changes, and keeps this one", async () => {
    const here = h.browser();
    const there = h.browser();
    const account = await here.signUp();
    await here.login(account);
    await there.login(account);
    const hereSocket = await openSocket(here);
    const thereSocket = await openSocket(there);
    const reason = forcedOut(thereSocket);
    const closed = disconnected(thereSocket);
    let hereTold = false;
    hereSocket.on(SERVER_EVENTS.forceLogout, () => {
      hereTold = true;
    });

    const res = await here.put("/api/profile/password", {
      currentPassword: account.password,
      newPassword: "Changed-Here-55",
      confirmPassword: "Changed-Here-55",
    });
    expect(res.statusCode).toBe(200);
    expect(await reason).toEqual({ reason: ACCOUNT_MESSAGES.passwordChangedSignInAgain });
    expect(await closed).toBe("io server disconnect");
    expect(hereTold).toBe(false);
    expect(hereSocket.connected).toBe(true);
    expect(await hears(hereSocket, ROOMS.user(await userId(here)))).toBe(true);
  });

  it("tells every session's sockets when the password is reset", async () => {
    const phone = h.browser();
    const laptop = h.browser();
    const account = await phone.signUp();
    await phone.login(account);
    await laptop.login(account);
    const phoneSocket = await openSocket(phone);
    const laptopSocket = await openSocket(laptop);
    const told = [forcedOut(phoneSocket), forcedOut(laptopSocket)];
    const closed = [disconnected(phoneSocket), disconnected(laptopSocket)];

    const b = h.browser();
    const before = h.trap.mailsFor(account.email).length;
    await b.post("/api/auth/forgot-password", { email: account.email });
    const otp = (await h.trap.nextMailFor(account.email, before)).text.match(/is: (\d{6})/)?.[1];
    await b.post("/api/auth/verify-reset-otp", { email: account.email, otp });
    const reset = await b.post("/api/auth/reset-password", {
      email: account.email,
      newPassword: "Reset-From-Mail-8",
      confirmPassword: "Reset-From-Mail-8",
    });
    expect(reset.statusCode).toBe(200);
    expect(await Promise.all(told)).toEqual([
      { reason: ACCOUNT_MESSAGES.passwordChangedSignInAgain },
      { reason: ACCOUNT_MESSAGES.passwordChangedSignInAgain },
    ]);
    expect(await Promise.all(closed)).toEqual(["io server disconnect", "io server disconnect"]);
  });
});
