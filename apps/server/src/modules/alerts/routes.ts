/**
 * The alerts' endpoints (packages/contracts/src/api/alerts.ts): the VAPID public key, this browser's push
 * subscription on and off (at most MAX_PUSH_DEVICES browsers, and a few new ones an hour, per user), and
 * the preferences. All but the public key need a session.
 */

import { createPublicKey } from "node:crypto";
import {
  ALERT_MESSAGES,
  addPushSubscriptionEndpoint,
  alertPreferencesEndpoint,
  removePushSubscriptionEndpoint,
  updateAlertPreferencesEndpoint,
  vapidPublicKeyEndpoint,
} from "@kalpa/contracts/api/alerts";
import { successEnvelope } from "@kalpa/contracts/envelope";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AttemptLimiter } from "../../lib/attempt-limiter";
import { AppError, tooManyAttempts } from "../../lib/errors";
import { LIMIT_RULES } from "../auth/policy";
import { authOf } from "../auth/require-user";
import type { PushHosts } from "./channels/push/hosts";
import type { AlertRepository } from "./repository";

const tags = ["alerts"];

/**
 * An endpoint as the WHATWG URL parser writes it (scheme and host in lower case, no default port, tabs and
 * newlines dropped): one browser's endpoint spelt several ways is one subscription, counted once against
 * the cap. A string that is no URL stays as it is (the allow-list refuses it).
 */
export function normalisedEndpoint(endpoint: string): string {
  try {
    return new URL(endpoint).href;
  } catch {
    return endpoint;
  }
}

/** Browsers one user may have alerts on at once. */
export const MAX_PUSH_DEVICES = 10;

/** Whether `p256dh` is an uncompressed P-256 point on the curve and `auth` 16 bytes (RFC 8291). */
function validKeys(p256dh: string, auth: string): boolean {
  const point = Buffer.from(p256dh, "base64url");
  if (point.length !== 65 || point[0] !== 4 || Buffer.from(auth, "base64url").length !== 16)
    return false;
  try {
    createPublicKey({
      key: {
        kty: "EC",
        crv: "P-256",
        x: point.subarray(1, 33).toString("base64url"),
        y: point.subarray(33).toString("base64url"),
      },
      format: "jwk",
    });
    return true;
  } catch {
    return false;
  }
}

export const alertRoutes: FastifyPluginAsyncZod<{
  repository: AlertRepository;
  publicKey: string;
  hosts: PushHosts;
  limiter: AttemptLimiter;
  /** A preferences change or a new device may have events waiting: wake the queue. */
  onChange?: () => void;
}> = async (app, opts) => {
  const { repository } = opts;

  app.get(
    vapidPublicKeyEndpoint.path,
    {
      schema: {
        tags,
        summary: "The server's VAPID public key (base64url), for PushManager.subscribe",
        response: { 200: successEnvelope(vapidPublicKeyEndpoint.response) },
      },
    },
    async () => ({ success: true as const, data: { publicKey: opts.publicKey } }),
  );

  app.post(
    addPushSubscriptionEndpoint.path,
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: "Turn alerts on for this browser: its PushSubscription.toJSON()",
        body: addPushSubscriptionEndpoint.body,
        response: { 200: successEnvelope(addPushSubscriptionEndpoint.response) },
      },
    },
    async (request) => {
      const { user } = authOf(request);
      const { keys } = request.body;
      const endpoint = normalisedEndpoint(request.body.endpoint);
      if (!opts.hosts.allows(endpoint)) {
        throw new AppError("VALIDATION_ERROR", ALERT_MESSAGES.pushServiceNotAllowed);
      }
      if (!validKeys(keys.p256dh, keys.auth)) {
        throw new AppError("VALIDATION_ERROR", ALERT_MESSAGES.pushKeysInvalid);
      }
      // The page posts its subscription again on each visit: only a browser new to the user counts.
      if (!(await repository.hasPushSubscription(user.id, endpoint))) {
        const state = await opts.limiter.hit(LIMIT_RULES.pushSubscribe, String(user.id));
        if (!state.allowed) {
          throw tooManyAttempts(state.retryAfterSeconds, ALERT_MESSAGES.tooManyPushSubscriptions);
        }
      }
      const added = await repository.addPushSubscription(
        {
          userId: user.id,
          sessionId: authOf(request).sessionId,
          endpoint,
          p256dh: keys.p256dh,
          auth: keys.auth,
          userAgent: request.headers["user-agent"]?.slice(0, 300) ?? null,
        },
        MAX_PUSH_DEVICES,
      );
      if (added === "full") throw new AppError("CONFLICT", ALERT_MESSAGES.tooManyDevices);
      return { success: true as const, data: undefined, message: ALERT_MESSAGES.pushSubscribed };
    },
  );

  app.delete(
    removePushSubscriptionEndpoint.path,
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: "Turn alerts off for this browser",
        body: removePushSubscriptionEndpoint.body,
        response: { 200: successEnvelope(removePushSubscriptionEndpoint.response) },
      },
    },
    async (request) => {
      await repository.removePushSubscription(
        authOf(request).user.id,
        normalisedEndpoint(request.body.endpoint),
      );
      return { success: true as const, data: undefined, message: ALERT_MESSAGES.pushUnsubscribed };
    },
  );

  app.get(
    alertPreferencesEndpoint.path,
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: "What the user is alerted of, where, and their quiet hours",
        response: { 200: successEnvelope(alertPreferencesEndpoint.response) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await repository.preferences(authOf(request).user.id),
    }),
  );

  app.put(
    updateAlertPreferencesEndpoint.path,
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: "Change what the user is alerted of, where, and their quiet hours",
        body: updateAlertPreferencesEndpoint.body,
        response: { 200: successEnvelope(updateAlertPreferencesEndpoint.response) },
      },
    },
    async (request) => {
      const userId = authOf(request).user.id;
      // Each list once, in the contract's order.
      const preferences = {
        ...request.body,
        channels: Object.fromEntries(
          Object.entries(request.body.channels).map(([channel, instruments]) => [
            channel,
            Object.fromEntries(
              Object.entries(instruments).map(([key, events]) => [key, [...new Set(events)]]),
            ),
          ]),
        ) as typeof request.body.channels,
      };
      await repository.savePreferences(userId, preferences);
      opts.onChange?.();
      return {
        success: true as const,
        data: preferences,
        message: ALERT_MESSAGES.preferencesSaved,
      };
    },
  );
};
