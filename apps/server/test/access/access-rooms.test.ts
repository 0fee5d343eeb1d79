import { ACCESS_MESSAGES } from "@kalpa/contracts/messages";
import { SERVER_EVENTS } from "@kalpa/contracts/socket-events";
import { dayKeyOf, startOfDay } from "@kalpa/market/time/day-key";
import { addDays } from "@kalpa/market/time/day-math";
import type { Socket } from "socket.io-client";
import { beforeAll, describe, expect, it } from "vitest";
import { CLI_ACTOR } from "../../src/modules/access/changes";
import { createAccessModule, SILENT_NOTIFIER } from "../../src/modules/access/module";
import { ROOMS } from "../../src/realtime/hub";
import {
  acceptRda,
  addGuardProbe,
  adminApi,
  firstAdmin,
  giveAccess,
  guardProbePath,
  hears,
  instrumentRoomsHeard,
  nextTokenRefresh,
  signedInUser,
} from "../helpers/access";
import { type Browser, useAccountsApp } from "../helpers/accounts";
import { connected, listen, useSockets } from "../helpers/sockets";
import { TEST_ORIGIN } from "../helpers/test-app";

const ist = (text: string) => new Date(`${text}+05:30`);
const open = useSockets();

/** Every token-refreshed payload a socket receives, as it arrives. */
function refreshesOf(socket: Socket): unknown[] {
  const seen: unknown[] = [];
  socket.on(SERVER_EVENTS.tokenRefreshed, (payload: unknown) => seen.push(payload));
  return seen;
}

describe("instrument rooms follow access", () => {
  const h = useAccountsApp();
  let admin: Awaited<ReturnType<typeof firstAdmin>>;
  let url: string;
  beforeAll(async () => {
    addGuardProbe(h.t.app);
    url = await listen(h.t);
    admin = await firstAdmin(h);
  });

  async function socketOf(b: Browser) {
    const socket = open(url, {
      extraHeaders: { origin: TEST_ORIGIN, cookie: b.cookieHeader("/") },
    });
    await connected(socket);
    return socket;
  }

  /** A subscriber to `instruments` who accepted the agreement, with a connected socket. */
  async function subscriber(instruments: Parameters<typeof giveAccess>[2]) {
    const user = await signedInUser(h);
    await giveAccess(admin.browser, user.id, instruments);
    await acceptRda(user.browser);
    return { ...user, socket: await socketOf(user.browser) };
  }

  it("puts a socket in the rooms of its open access at connection, once the agreement is accepted", async () => {
    const user = await signedInUser(h);
    await giveAccess(admin.browser, user.id, ["BankNifty", "CrudeOil"]);
    const before = await socketOf(user.browser);
    expect(await instrumentRoomsHeard(h.t.io, before)).toEqual([]);
    await acceptRda(user.browser);
    const after = await socketOf(user.browser);
    expect(await instrumentRoomsHeard(h.t.io, after)).toEqual(["BankNifty", "CrudeOil"]);
    // The socket that was open when the agreement was accepted moved too.
    expect(await instrumentRoomsHeard(h.t.io, before)).toEqual(["BankNifty", "CrudeOil"]);
  });

  it("moves a connected socket in at a grant and tells it, without a new login", async () => {
    const user = await signedInUser(h);
    await acceptRda(user.browser);
    const socket = await socketOf(user.browser);
    expect(await instrumentRoomsHeard(h.t.io, socket)).toEqual([]);
    const refreshed = nextTokenRefresh(socket);
    await giveAccess(admin.browser, user.id, ["Nifty"]);
    expect(await refreshed).toEqual({ reason: "access-changed" });
    expect(await instrumentRoomsHeard(h.t.io, socket)).toEqual(["Nifty"]);
    expect((await user.browser.get(guardProbePath("Nifty"))).statusCode).toBe(200);
  });

  it("after a revoke: token-refreshed, no event of the room within 1 s, and the forecast answers 403", async () => {
    const revoked = await subscriber(["BankNifty"]);
    expect((await revoked.browser.get("/api/forecast/banknifty")).statusCode).toBe(200);
    const other = await subscriber(["BankNifty"]);
    expect(await hears(h.t.io, revoked.socket, ROOMS.instrument("BankNifty"))).toBe(true);
    const refreshed = nextTokenRefresh(revoked.socket);

    const res = await adminApi(admin.browser).deactivate(revoked.id, ["BankNifty"]);
    expect(res.statusCode).toBe(200);
    const signals: unknown[] = [];
    revoked.socket.on(SERVER_EVENTS.newSignal, (payload: unknown) => signals.push(payload));
    const otherHeard = new Promise((resolve) =>
      other.socket.once(SERVER_EVENTS.newSignal, resolve),
    );
    h.t.io
      .to(ROOMS.instrument("BankNifty"))
      .emit(SERVER_EVENTS.newSignal, { model: "BankNifty:HFT" });
    expect(await refreshed).toEqual({ reason: "access-changed" });
    expect(await otherHeard).toEqual({ model: "BankNifty:HFT" });
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(signals).toEqual([]);

    const forecast = await revoked.browser.get("/api/forecast/banknifty");
    expect(forecast.statusCode).toBe(403);
    expect(forecast.json()).toEqual({
      success: false,
      error: ACCESS_MESSAGES.inactive("BankNifty"),
      code: "FORBIDDEN",
    });
    // Reactivated: back in the room at once.
    const back = nextTokenRefresh(revoked.socket);
    await adminApi(admin.browser).reactivate(revoked.id, ["BankNifty"]);
    await back;
    expect(await instrumentRoomsHeard(h.t.io, revoked.socket)).toEqual(["BankNifty"]);
  });

  it("takes expired access away at the Asia/Kolkata midnight, once, when the sweep runs", async () => {
    h.clock.freeze(ist("2026-11-21T10:00:00"));
    const user = await subscriber(["CrudeOil"]);
    const granted = nextTokenRefresh(user.socket);
    await adminApi(admin.browser).grant(user.id, {
      instruments: ["CrudeOil"],
      until: "2026-11-25",
    });
    await granted;
    const refreshes = refreshesOf(user.socket);

    h.clock.freeze(ist("2026-11-25T23:59:59.999"));
    await h.t.accessRooms.sweep();
    expect(await instrumentRoomsHeard(h.t.io, user.socket)).toEqual(["CrudeOil"]);
    expect((await user.browser.get(guardProbePath("CrudeOil"))).statusCode).toBe(200);
    expect(refreshes).toEqual([]);

    h.clock.freeze(ist("2026-11-26T00:00:00"));
    const guard = await user.browser.get(guardProbePath("CrudeOil"));
    expect(guard.statusCode).toBe(403);
    expect(guard.json().error).toBe(
      "CrudeOil access expired on 25 Nov 2026. Please renew your access.",
    );
    await h.t.accessRooms.sweep();
    expect(await instrumentRoomsHeard(h.t.io, user.socket)).toEqual([]);
    expect(refreshes).toEqual([{ reason: "access-expired" }]);
    // Sweeping again changes nothing and says nothing.
    h.clock.advance(1000);
    await h.t.accessRooms.sweep();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(refreshes).toEqual([{ reason: "access-expired" }]);
  });

  it("sweeps by itself at the next expiry", async () => {
    const user = await subscriber(["Nifty"]);
    // Move the app's clock to 1.5 s before the next Asia/Kolkata midnight; time keeps running from there.
    const midnight = startOfDay(addDays(dayKeyOf(Date.now()), 1)).getTime();
    h.clock.advance(midnight - 1500 - Date.now());
    const today = dayKeyOf(h.clock.now());
    const refreshed = nextTokenRefresh(user.socket);
    await adminApi(admin.browser).grant(user.id, { instruments: ["Nifty"], until: today });
    expect(await refreshed).toEqual({ reason: "access-changed" });
    expect(await instrumentRoomsHeard(h.t.io, user.socket)).toEqual(["Nifty"]);
    expect(await nextTokenRefresh(user.socket, 5000)).toEqual({ reason: "access-expired" });
    expect(h.clock.now().getTime()).toBeGreaterThanOrEqual(midnight);
    expect(await instrumentRoomsHeard(h.t.io, user.socket)).toEqual([]);
  });

  it("picks up a change made where no socket server runs (the command line) at the next sweep", async () => {
    const user = await signedInUser(h);
    await adminApi(admin.browser).recordRda(user.id);
    await acceptRda(user.browser);
    const socket = await socketOf(user.browser);
    const cli = createAccessModule({
      db: h.t.database.db,
      clock: h.clock.now,
      notifier: () => SILENT_NOTIFIER,
    });
    await cli.changes.grant(CLI_ACTOR, Number(user.id), {
      instruments: ["CrudeOil"],
      days: 3,
      contribution: {
        amountRupees: 0,
        method: "complimentary",
        reference: "",
        receivedOn: "2026-11-21",
      },
    });
    expect(await instrumentRoomsHeard(h.t.io, socket)).toEqual([]);
    const refreshed = nextTokenRefresh(socket);
    await h.t.accessRooms.sweep();
    expect(await refreshed).toEqual({ reason: "access-changed" });
    expect(await instrumentRoomsHeard(h.t.io, socket)).toEqual(["CrudeOil"]);
  });

  it("keeps anonymous sockets and sockets without access out of every instrument room", async () => {
    const anonymous = open(url);
    await connected(anonymous);
    const user = await signedInUser(h);
    const socket = await socketOf(user.browser);
    expect(await instrumentRoomsHeard(h.t.io, anonymous)).toEqual([]);
    expect(await instrumentRoomsHeard(h.t.io, socket)).toEqual([]);
  });
});
