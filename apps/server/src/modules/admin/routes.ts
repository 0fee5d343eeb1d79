/**
 * /api/admin/*: the operator console's API, for the admin role only (401 without a session, 403
 * "This area is for the operator only." for any other role, checked before the request is read). Changes
 * answer the user's refreshed detail; they are rate-limited per admin.
 */
import {
  AdminUsersQuerySchema,
  AuditQuerySchema,
  adminStatsEndpoint,
  adminUserEndpoint,
  adminUsersEndpoint,
  auditEndpoint,
  deactivateEndpoint,
  endAccessEndpoint,
  forceLogoutUserEndpoint,
  grantAccessEndpoint,
  reactivateEndpoint,
  recordRdaEndpoint,
  SetRoleSchema,
  setRoleEndpoint,
  unlinkUserTelegramEndpoint,
} from "@kalpa/contracts/api/admin";
import { successEnvelope } from "@kalpa/contracts/envelope";
import { ADMIN_MESSAGES, RA_FEE_MESSAGES } from "@kalpa/contracts/messages";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { AppError } from "../../lib/errors";
import type { Actor } from "../access/changes";
import { ADMIN_WRITE_LIMIT, authOf } from "../auth/require-user";
import type { AdminService } from "./service";

const tags = ["admin"];
const UserParams = z.object({ id: z.string().max(40) });

/** The path's user id; anything that is not one reads as an unknown user. */
function userIdOf(request: { params: { id: string } }): number {
  const { id } = request.params;
  if (!/^\d{1,15}$/.test(id)) throw new AppError("NOT_FOUND", ADMIN_MESSAGES.userNotFound);
  return Number(id);
}

function actorOf(request: FastifyRequest): Actor & { userId: number } {
  const { user } = authOf(request);
  return { name: user.username, userId: user.id, ip: request.ip };
}

export const adminRoutes: FastifyPluginAsyncZod<{ admin: AdminService }> = async (app, opts) => {
  const { admin } = opts;
  app.addHook("onRequest", app.requireAdmin);
  const write = { rateLimit: ADMIN_WRITE_LIMIT };
  const detailOf = (request: { params: { id: string } }) => admin.detail(userIdOf(request));
  const answer = async (request: { params: { id: string } }, message: string) => ({
    success: true as const,
    data: await detailOf(request),
    message,
  });

  app.get(
    adminUsersEndpoint.path,
    {
      schema: {
        tags,
        summary: "Users with their access, newest first; q searches username, name, e-mail, mobile",
        querystring: AdminUsersQuerySchema,
        response: { 200: successEnvelope(adminUsersEndpoint.response) },
      },
    },
    async (request) => ({ success: true as const, data: await admin.users(request.query) }),
  );

  app.get(
    adminUserEndpoint.path,
    {
      schema: {
        tags,
        summary: "One user: access, contributions, sessions and the latest audit entries",
        params: UserParams,
        response: { 200: successEnvelope(adminUserEndpoint.response) },
      },
    },
    async (request) => ({ success: true as const, data: await detailOf(request) }),
  );

  app.post(
    grantAccessEndpoint.path,
    {
      config: write,
      schema: {
        tags,
        summary: "Grant or extend access (days or until a day) and record the contribution",
        params: UserParams,
        body: grantAccessEndpoint.body,
        response: { 200: successEnvelope(grantAccessEndpoint.response) },
      },
    },
    async (request) => {
      await admin.grant(actorOf(request), userIdOf(request), request.body);
      return answer(request, ADMIN_MESSAGES.granted);
    },
  );

  for (const [endpoint, active, message] of [
    [deactivateEndpoint, false, ADMIN_MESSAGES.deactivated],
    [reactivateEndpoint, true, ADMIN_MESSAGES.reactivated],
  ] as const) {
    app.post(
      endpoint.path,
      {
        config: write,
        schema: {
          tags,
          summary: active ? "Switch instruments back on" : "Switch instruments off (expiry kept)",
          params: UserParams,
          body: endpoint.body,
          response: { 200: successEnvelope(endpoint.response) },
        },
      },
      async (request) => {
        await admin.setActive(actorOf(request), userIdOf(request), { ...request.body, active });
        return answer(request, message);
      },
    );
  }

  app.post(
    endAccessEndpoint.path,
    {
      config: write,
      schema: {
        tags,
        summary:
          "With a research-analyst profile: end open access at the end of today and record the refund of the days left",
        params: UserParams,
        body: endAccessEndpoint.body,
        response: { 200: successEnvelope(endAccessEndpoint.response) },
      },
    },
    async (request) => {
      await admin.endEarly(actorOf(request), userIdOf(request), request.body);
      return answer(request, RA_FEE_MESSAGES.endedEarly);
    },
  );

  app.post(
    recordRdaEndpoint.path,
    {
      config: write,
      schema: {
        tags,
        summary: "Record that the signed risk disclosure agreement was received",
        params: UserParams,
        body: recordRdaEndpoint.body,
        response: { 200: successEnvelope(recordRdaEndpoint.response) },
      },
    },
    async (request) => {
      await admin.recordSignedCopy(actorOf(request), userIdOf(request), request.body);
      return answer(request, ADMIN_MESSAGES.rdaRecorded);
    },
  );

  app.post(
    setRoleEndpoint.path,
    {
      config: write,
      schema: {
        tags,
        summary: "Change a user's role (not one's own; one admin always remains)",
        params: UserParams,
        body: SetRoleSchema,
        response: { 200: successEnvelope(setRoleEndpoint.response) },
      },
    },
    async (request) => {
      await admin.setRole(actorOf(request), userIdOf(request), request.body.role);
      return answer(request, ADMIN_MESSAGES.roleChanged);
    },
  );

  app.post(
    forceLogoutUserEndpoint.path,
    {
      config: write,
      schema: {
        tags,
        summary: "End every session of the user and send force-logout to their sockets",
        params: UserParams,
        response: { 200: successEnvelope(forceLogoutUserEndpoint.response) },
      },
    },
    async (request) => {
      await admin.forceLogout(actorOf(request), userIdOf(request));
      return answer(request, ADMIN_MESSAGES.loggedOut);
    },
  );

  app.post(
    unlinkUserTelegramEndpoint.path,
    {
      config: write,
      schema: {
        tags,
        summary: "Unlink the user's Telegram chat (no more alerts there) and tell the chat why",
        params: UserParams,
        response: { 200: successEnvelope(unlinkUserTelegramEndpoint.response) },
      },
    },
    async (request) => {
      await admin.unlinkTelegram(actorOf(request), userIdOf(request));
      return answer(request, ADMIN_MESSAGES.telegramUnlinked);
    },
  );

  app.get(
    auditEndpoint.path,
    {
      schema: {
        tags,
        summary: "The audit log, newest first, optionally about one target",
        querystring: AuditQuerySchema,
        response: { 200: successEnvelope(auditEndpoint.response) },
      },
    },
    async (request) => ({ success: true as const, data: await admin.auditLog(request.query) }),
  );

  app.get(
    adminStatsEndpoint.path,
    {
      schema: {
        tags,
        summary:
          "Counts: users, active subscribers per instrument, expiring soon, signed copies pending",
        response: { 200: successEnvelope(adminStatsEndpoint.response) },
      },
    },
    async () => ({ success: true as const, data: await admin.stats() }),
  );
};
