/**
 * The account endpoints (spec section 7): parse with the contracts' schemas, call the services, answer the
 * envelope. Paths and response schemas come from the contracts' endpoint objects the web client uses.
 */

import { ACCOUNT_MESSAGES } from "@kalpa/contracts/account-messages";
import {
  forgotPasswordEndpoint,
  forgotUsernameEndpoint,
  loginEndpoint,
  registerEndpoint,
  resendResetOtpEndpoint,
  resendSignupOtpEndpoint,
  resetPasswordEndpoint,
  verifyResetOtpEndpoint,
  verifySignupOtpEndpoint,
} from "@kalpa/contracts/api/auth";
import { forcedLogoutEndpoint, logoutEndpoint, meEndpoint } from "@kalpa/contracts/api/session";
import { successEnvelope } from "@kalpa/contracts/envelope";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppConfig } from "../../config/app-config";
import { languageFromHeader } from "../../i18n/language";
import {
  clearResetCookie,
  clearSessionCookie,
  readResetToken,
  readSessionToken,
  setResetCookie,
  setSessionCookie,
} from "./cookies";
import type { LoginService } from "./login-service";
import type { RecoveryService } from "./recovery-service";
import { authOf } from "./require-user";
import type { SignupService } from "./signup-service";
import { meAnswer, toUser } from "./user-dto";

export interface AuthRoutesOptions {
  config: AppConfig;
  signup: SignupService;
  login: LoginService;
  recovery: RecoveryService;
}

const tags = ["auth"];
const done = (message: string) => ({ success: true as const, data: undefined, message });

export const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (app, opts) => {
  const { config, signup, login, recovery } = opts;

  app.post(
    registerEndpoint.path,
    {
      schema: {
        tags,
        summary: "Create an unverified account and e-mail it a sign-up OTP",
        body: registerEndpoint.body,
        response: { 201: successEnvelope(registerEndpoint.response) },
      },
    },
    async (request, reply) => {
      const data = await signup.register(
        request.body,
        request.ip,
        languageFromHeader(request.headers["accept-language"]),
      );
      return reply.status(201).send({ success: true, data, message: ACCOUNT_MESSAGES.registered });
    },
  );

  app.post(
    verifySignupOtpEndpoint.path,
    {
      schema: {
        tags,
        summary: "Verify the sign-up OTP, activating the account",
        body: verifySignupOtpEndpoint.body,
        response: { 200: successEnvelope(verifySignupOtpEndpoint.response) },
      },
    },
    async (request) => {
      await signup.verify(request.body, request.ip);
      return done(ACCOUNT_MESSAGES.accountVerified);
    },
  );

  app.post(
    resendSignupOtpEndpoint.path,
    {
      schema: {
        tags,
        summary: "Send a new sign-up OTP (at most one a minute)",
        body: resendSignupOtpEndpoint.body,
        response: { 200: successEnvelope(resendSignupOtpEndpoint.response) },
      },
    },
    async (request) => {
      await signup.resend(
        request.body,
        request.ip,
        languageFromHeader(request.headers["accept-language"]),
      );
      return done(ACCOUNT_MESSAGES.otpResent);
    },
  );

  app.post(
    loginEndpoint.path,
    {
      schema: {
        tags,
        summary: "Sign in: sets the session cookie",
        body: loginEndpoint.body,
        response: { 200: successEnvelope(loginEndpoint.response) },
      },
    },
    async (request, reply) => {
      const { token, user } = await login.login({
        ...request.body,
        ip: request.ip,
        userAgent: request.headers["user-agent"],
        previousToken: readSessionToken(request, config),
      });
      setSessionCookie(reply, config, token);
      return {
        success: true as const,
        data: { user: toUser(user) },
        message: ACCOUNT_MESSAGES.loginSuccess,
      };
    },
  );

  const logout = async (request: FastifyRequest, reply: FastifyReply) => {
    await login.logout(readSessionToken(request, config));
    clearSessionCookie(reply, config);
    return done(ACCOUNT_MESSAGES.loggedOut);
  };
  for (const endpoint of [logoutEndpoint, forcedLogoutEndpoint]) {
    app.post(
      endpoint.path,
      {
        schema: {
          tags,
          summary: "Sign out: ends the session (succeeds when not signed in too)",
          response: { 200: successEnvelope(endpoint.response) },
        },
      },
      logout,
    );
  }

  app.get(
    meEndpoint.path,
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary: "The signed-in user, or 401",
        response: { 200: successEnvelope(meEndpoint.response) },
      },
    },
    async (request) => meAnswer(authOf(request).user),
  );

  app.post(
    forgotUsernameEndpoint.path,
    {
      schema: {
        tags,
        summary: "E-mail the username of the account that uses this address, if any",
        body: forgotUsernameEndpoint.body,
        response: { 200: successEnvelope(forgotUsernameEndpoint.response) },
      },
    },
    async (request) => {
      await recovery.forgotUsername(request.body.email, request.ip);
      return done(ACCOUNT_MESSAGES.forgotUsernameSent);
    },
  );

  for (const endpoint of [forgotPasswordEndpoint, resendResetOtpEndpoint]) {
    app.post(
      endpoint.path,
      {
        schema: {
          tags,
          summary: "E-mail a password-reset OTP to the account that uses this address, if any",
          body: endpoint.body,
          response: { 200: successEnvelope(endpoint.response) },
        },
      },
      async (request) => {
        await recovery.sendResetCode(request.body.email, request.ip);
        return done(ACCOUNT_MESSAGES.forgotPasswordSent);
      },
    );
  }

  app.post(
    verifyResetOtpEndpoint.path,
    {
      schema: {
        tags,
        summary: "Verify the reset OTP: sets the short-lived reset cookie",
        body: verifyResetOtpEndpoint.body,
        response: { 200: successEnvelope(verifyResetOtpEndpoint.response) },
      },
    },
    async (request, reply) => {
      const grant = await recovery.verifyResetCode(request.body, request.ip);
      setResetCookie(reply, config, grant);
      return done(ACCOUNT_MESSAGES.resetOtpVerified);
    },
  );

  app.post(
    resetPasswordEndpoint.path,
    {
      schema: {
        tags,
        summary: "Choose a new password after verifying the reset OTP; ends every session",
        body: resetPasswordEndpoint.body,
        response: { 200: successEnvelope(resetPasswordEndpoint.response) },
      },
    },
    async (request, reply) => {
      await recovery.resetPassword(request.body, readResetToken(request, config), request.ip);
      clearResetCookie(reply, config);
      return done(ACCOUNT_MESSAGES.passwordReset);
    },
  );
};
