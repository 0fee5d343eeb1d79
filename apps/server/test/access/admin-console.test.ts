import { ADMIN_PAGE_SIZE, AdminUsersPageSchema, AuditPageSchema } from "@kalpa/contracts/api/admin";
import { ADMIN_MESSAGES, AUTH_MESSAGES } from "@kalpa/contracts/messages";
import { type ForceLogoutAck, SERVER_EVENTS } from "@kalpa/contracts/socket-events";
import { and, eq } from "drizzle-orm";
import type { Socket } from "socket.io-client";
import { beforeAll, describe, expect, it } from "vitest";
import { auditLog, users } from "../../src/db/schema";
import { acceptRda, adminApi, firstAdmin, giveAccess, signedInUser } from "../helpers/access";
import { newAccount, useAccountsApp } from "../helpers/accounts";
import { connected, listen, useSockets } from "../helpers/sockets";
import { TEST_ORIGIN } from "../helpers/test-app";

const ist = (text: string) => new Date(`${text}+05:30`);
const open = useSockets();

describe("the operator console", () => {
  // Several sessions per user, so a forced logout has more than one to end.
  const h = useAccountsApp({ env: { SINGLE_SESSION: "false" } });
  let admin: Awaited<ReturnType<typeof firstAdmin>>;
  let url: string;
  beforeAll(async () => {
    admin = await firstAdmin(h);
    url = await listen(h.t);
  });

  it("lists users newest first with their access, searches and pages", async () => {
    const tag = `zq${Date.now().toString(36)}`;
    const made = [];
    for (let i = 0; i < ADMIN_PAGE_SIZE + 2; i += 1) {
      const b = h.browser();
      made.push(await b.signUp(newAccount({ name: `Searchable ${tag} ${i}` })));
    }
    const first = await admin.browser.get(`/api/admin/users?q=${tag}`);
    expect(first.statusCode).toBe(200);
    const page1 = AdminUsersPageSchema.parse(first.json().data);
    expect(page1).toMatchObject({ total: ADMIN_PAGE_SIZE + 2, page: 1, pageSize: ADMIN_PAGE_SIZE });
    expect(page1.users).toHaveLength(ADMIN_PAGE_SIZE);
    expect(page1.users[0]?.username).toBe(made.at(-1)?.username);
    expect(page1.users[0]).toMatchObject({
      role: "user",
      verified: true,
      subscriptions: { Nifty: { hasAccess: false } },
      riskDisclosure: { accepted: false, signedCopyReceived: false },
    });
    const page2 = (await admin.browser.get(`/api/admin/users?q=${tag}&page=2`)).json().data;
    expect(page2.users.map((u: { username: string }) => u.username)).toEqual([
      made[1]?.username,
      made[0]?.username,
    ]);
    // By e-mail, case-insensitively, and by mobile; LIKE's wildcards match only themselves.
    const target = made[5];
    const byEmail = (
      await admin.browser.get(`/api/admin/users?q=${target?.email.toUpperCase()}`)
    ).json();
    expect(byEmail.data.users.map((u: { username: string }) => u.username)).toEqual([
      target?.username,
    ]);
    expect((await admin.browser.get("/api/admin/users?q=%25%25")).json().data.total).toBe(0);
    expect((await admin.browser.get("/api/admin/users?page=0")).statusCode).toBe(400);
    // Never a password hash: the harness fails any answer carrying one.
    expect(first.body).not.toMatch(/password/i);
  });

  it("shows one user's detail with sessions, and 404 for an unknown id", async () => {
    const phone = h.browser();
    const account = await phone.signUp(newAccount());
    await phone.login(account);
    await h.browser().login(account);
    const id = String((await phone.get("/api/auth/me")).json().data.user.id);
    const res = await adminApi(admin.browser).detail(id);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      user: { id, username: account.username, email: account.email, mobile: account.mobile },
      activeSessions: 2,
      contributions: [],
    });
    expect((await adminApi(admin.browser).detail("424242")).statusCode).toBe(404);
    expect((await adminApi(admin.browser).detail("x1")).json().error).toBe(
      ADMIN_MESSAGES.userNotFound,
    );
  });

  it("changes roles: never one's own, and audited with the admin's name", async () => {
    const user = await signedInUser(h);
    const promote = await admin.browser.post(`/api/admin/users/${user.id}/role`, { role: "admin" });
    expect(promote.statusCode).toBe(200);
    expect(promote.json()).toMatchObject({
      message: ADMIN_MESSAGES.roleChanged,
      data: { user: { role: "admin" } },
    });
    // The promoted user reaches the console at once, without a new login.
    expect((await user.browser.get("/api/admin/stats")).statusCode).toBe(200);

    const own = await admin.browser.post(`/api/admin/users/${admin.id}/role`, { role: "user" });
    expect(own.statusCode).toBe(409);
    expect(own.json().error).toBe(ADMIN_MESSAGES.ownRole);
    const ownByOther = await user.browser.post(`/api/admin/users/${user.id}/role`, {
      role: "user",
    });
    expect(ownByOther.json().error).toBe(ADMIN_MESSAGES.ownRole);

    const demote = await admin.browser.post(`/api/admin/users/${user.id}/role`, { role: "user" });
    expect(demote.json().data.user.role).toBe("user");
    expect((await user.browser.get("/api/admin/stats")).statusCode).toBe(403);
    const entries = await h.t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.target, `user:${user.id}`), eq(auditLog.action, "user.role_changed")));
    expect(entries.map((row) => [row.actor, row.details])).toEqual([
      [admin.username, { from: "user", to: "admin" }],
      [admin.username, { from: "admin", to: "user" }],
    ]);
    const bad = await admin.browser.post(`/api/admin/users/${user.id}/role`, { role: "owner" });
    expect(bad.statusCode).toBe(400);
  });

  it("keeps one admin when two admins demote each other at once", async () => {
    // A second admin, then both demote the other in the same instant: one of them must be refused.
    const second = await signedInUser(h);
    await admin.browser.post(`/api/admin/users/${second.id}/role`, { role: "admin" });
    const [a, b] = await Promise.all([
      admin.browser.post(`/api/admin/users/${second.id}/role`, { role: "user" }),
      second.browser.post(`/api/admin/users/${admin.id}/role`, { role: "user" }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 403]);
    const admins = await h.t.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.role, "admin"));
    expect(admins.length).toBeGreaterThanOrEqual(1);
    // Put things back for the other tests: the first admin stays an admin.
    if (b.statusCode === 200) {
      await h.t.database.db
        .update(users)
        .set({ role: "admin" })
        .where(eq(users.id, Number(admin.id)));
    }
  });

  it("ends every session of a user and sends force-logout to their sockets", async () => {
    const phone = h.browser();
    const laptop = h.browser();
    const account = await phone.signUp(newAccount());
    await phone.login(account);
    await laptop.login(account);
    const id = String((await phone.get("/api/auth/me")).json().data.user.id);
    const sockets = [phone, laptop].map((b) =>
      open(url, { extraHeaders: { origin: TEST_ORIGIN, cookie: b.cookieHeader("/") } }),
    );
    await Promise.all(sockets.map(connected));
    const told = sockets.map(
      (socket: Socket) =>
        new Promise<unknown>((resolve) =>
          socket.on(
            SERVER_EVENTS.forceLogout,
            (payload: unknown, ack: (a: ForceLogoutAck) => void) => {
              ack({ ok: true });
              resolve(payload);
            },
          ),
        ),
    );
    const closed = sockets.map((s) => new Promise((resolve) => s.once("disconnect", resolve)));

    const res = await admin.browser.post(`/api/admin/users/${id}/logout`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: ADMIN_MESSAGES.loggedOut,
      data: { activeSessions: 0 },
    });
    expect(await Promise.all(told)).toEqual([
      { reason: AUTH_MESSAGES.forcedLogout },
      { reason: AUTH_MESSAGES.forcedLogout },
    ]);
    expect(await Promise.all(closed)).toEqual(["io server disconnect", "io server disconnect"]);
    expect((await phone.get("/api/auth/me")).statusCode).toBe(401);
    expect((await laptop.get("/api/profile")).statusCode).toBe(401);
    const [entry] = await h.t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.target, `user:${id}`), eq(auditLog.action, "user.logged_out")));
    expect(entry).toMatchObject({ actor: admin.username, details: { sessions: 2 } });
  });

  it("pages through the audit log, newest first, optionally about one user", async () => {
    const user = await signedInUser(h);
    const api = adminApi(admin.browser);
    await api.recordRda(user.id);
    for (let i = 0; i < 41; i += 1) {
      await api.grant(user.id, { instruments: ["Nifty"], days: 1 });
    }
    const target = `user:${user.id}`;
    const first = AuditPageSchema.parse(
      (await admin.browser.get(`/api/admin/audit?target=${target}`)).json().data,
    );
    expect(first.entries).toHaveLength(40);
    expect(first.entries.every((entry) => entry.target === target)).toBe(true);
    expect(first.entries[0]?.action).toBe("access.extended");
    const ids = first.entries.map((entry) => Number(entry.id));
    expect([...ids].sort((x, y) => y - x)).toEqual(ids);
    expect(first.next).toBe(first.entries.at(-1)?.id);
    const second = (
      await admin.browser.get(`/api/admin/audit?target=${target}&before=${first.next}`)
    ).json().data;
    // 41 grants, the signed copy, and sign-up's two entries.
    expect(second.entries).toHaveLength(44 - 40);
    expect(second.next).toBeNull();
    expect(second.entries.at(-1).action).toBe("user.registered");
    const all = (await admin.browser.get("/api/admin/audit")).json().data;
    expect(all.entries.length).toBe(40);
    expect((await admin.browser.get("/api/admin/audit?before=12abc")).statusCode).toBe(400);
  });

  it("counts users, active subscribers, access ending within 5 days and signed copies pending", async () => {
    const before = (await admin.browser.get("/api/admin/stats")).json().data;
    h.clock.freeze(ist("2026-11-21T12:00:00"));
    const soon = await signedInUser(h);
    const later = await signedInUser(h);
    const pending = await signedInUser(h);
    await giveAccess(admin.browser, soon.id, ["CrudeOil"], 5);
    await giveAccess(admin.browser, later.id, ["CrudeOil", "Nifty"], 6);
    await acceptRda(pending.browser);
    await acceptRda(soon.browser);
    const after = (await admin.browser.get("/api/admin/stats")).json().data;
    expect(after.users).toBe(before.users + 3);
    expect(after.activeSubscribers).toEqual({
      Nifty: before.activeSubscribers.Nifty + 1,
      BankNifty: before.activeSubscribers.BankNifty,
      CrudeOil: before.activeSubscribers.CrudeOil + 2,
    });
    expect(after.expiringSoon).toBe(before.expiringSoon + 1);
    expect(after.signedCopyPending).toBe(before.signedCopyPending + 1);
  });

  it("limits each admin's changes to 60 a minute", async () => {
    const busy = await firstAdmin(h);
    const user = await signedInUser(h);
    const codes: number[] = [];
    for (let i = 0; i < 61; i += 1) {
      codes.push((await adminApi(busy.browser).recordRda(user.id)).statusCode);
    }
    expect(codes.slice(0, 60).every((code) => code === 200)).toBe(true);
    expect(codes[60]).toBe(429);
    // Reading is not limited, and another admin is not held back.
    expect((await adminApi(busy.browser).detail(user.id)).statusCode).toBe(200);
    expect((await adminApi(admin.browser).recordRda(user.id)).statusCode).toBe(200);
  });
});
