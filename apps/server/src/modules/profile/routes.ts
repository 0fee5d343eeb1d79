/**
 * The profile endpoints: the signed-in user's details, one-field updates, the account's language and the
 * password change. Every route needs a session (401 "Please login to continue" otherwise).
 */

import { ACCOUNT_MESSAGES } from "@kalpa/contracts/account-messages";
import { accountLanguageEndpoint } from "@kalpa/contracts/api/account";
import {
  changePasswordEndpoint,
  getProfileEndpoint,
  updateProfileEndpoint,
} from "@kalpa/contracts/api/auth";
import { successEnvelope } from "@kalpa/contracts/envelope";
import { AUTH_MESSAGES } from "@kalpa/contracts/messages";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { authOf } from "../auth/require-user";
import { profileAnswer, toUser } from "../auth/user-dto";
import type { ProfileService } from "./service";

const tags = ["profile"];

export const profileRoutes: FastifyPluginAsyncZod<{ profile: ProfileService }> = async (
  app,
  opts,
) => {
  const { profile } = opts;
  app.addHook("onRequest", app.requireUser);

  app.get(
    getProfileEndpoint.path,
    {
      schema: {
        tags,
        summary: "The signed-in user's profile",
        response: { 200: successEnvelope(getProfileEndpoint.response) },
      },
    },
    async (request) => profileAnswer(authOf(request).user),
  );

  app.put(
    updateProfileEndpoint.path,
    {
      schema: {
        tags,
        summary: "Change one field: name or mobile",
        body: updateProfileEndpoint.body,
        response: { 200: successEnvelope(updateProfileEndpoint.response) },
      },
    },
    async (request) => {
      const user = await profile.update(authOf(request).user.id, request.body);
      return {
        success: true as const,
        data: { user: toUser(user) },
        message: ACCOUNT_MESSAGES.profileUpdated,
      };
    },
  );

  // The account's language (decision 040): 204, no body; the next GET /api/auth/me carries it.
  app.put(
    accountLanguageEndpoint.path,
    {
      schema: {
        tags: ["account"],
        summary: "Set the language of the user's e-mails, alerts and messages: en, te or hi",
        body: accountLanguageEndpoint.body,
      },
    },
    async (request, reply) => {
      await profile.setLanguage(authOf(request).user.id, request.body.language);
      return reply.status(204).send();
    },
  );

  app.put(
    changePasswordEndpoint.path,
    {
      schema: {
        tags,
        summary: "Change the password; ends the user's other sessions",
        body: changePasswordEndpoint.body,
        response: { 200: successEnvelope(changePasswordEndpoint.response) },
      },
    },
    async (request) => {
      await profile.changePassword(authOf(request), request.body, request.ip);
      return { success: true as const, data: undefined, message: AUTH_MESSAGES.passwordUpdated };
    },
  );
};
