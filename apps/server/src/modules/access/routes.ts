/**
 * The signed-in user's access (spec sections 3, 4 and 7): the subscription status every signed-in page
 * reads, the access guard's per-instrument check, and the risk disclosure agreement's standing and
 * acceptance, and the Most Important Terms and Conditions' acceptance. Every route needs a session (401 "Please login to continue" otherwise).
 */
import {
  acceptRiskDisclosureEndpoint,
  accessCheckEndpoint,
  riskDisclosureStatusEndpoint,
  subscriptionStatusEndpoint,
} from "@kalpa/contracts/api/access";
import { acceptTermsSummaryEndpoint } from "@kalpa/contracts/api/research-analyst";
import { successEnvelope } from "@kalpa/contracts/envelope";
import {
  RESEARCH_ANALYST_MESSAGES,
  RISK_DISCLOSURE_MESSAGES,
  SERVER_MESSAGES,
} from "@kalpa/contracts/messages";
import { INSTRUMENT_SLUGS, type InstrumentSlug } from "@kalpa/contracts/names";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { AppError } from "../../lib/errors";
import { keptSuccess } from "../../lib/kept-answers";
import { authOf } from "../auth/require-user";
import type { AccessChanges } from "./changes";
import { accessKeyOfSlug } from "./rules";
import type { AccessReader } from "./service";

const tags = ["access"];

function isInstrumentSlug(value: string): value is InstrumentSlug {
  return (INSTRUMENT_SLUGS as readonly string[]).includes(value);
}

export const accessRoutes: FastifyPluginAsyncZod<{
  reader: AccessReader;
  changes: AccessChanges;
}> = async (app, opts) => {
  const { reader, changes } = opts;
  app.addHook("onRequest", app.requireUser);

  app.get(
    subscriptionStatusEndpoint.path,
    {
      schema: {
        tags,
        summary: "The signed-in user's access per instrument and risk disclosure standing",
        response: { 200: successEnvelope(subscriptionStatusEndpoint.response) },
      },
    },
    async (request) => keptSuccess(await reader.status(authOf(request).user)),
  );

  app.get(
    accessCheckEndpoint.path,
    {
      schema: {
        tags,
        summary: "The access guard's check for one instrument (nifty, banknifty, crudeoil)",
        // Checked by hand: an unknown instrument is a 404, not a validation error.
        params: z.object({ service: z.string().max(40) }),
        response: { 200: successEnvelope(accessCheckEndpoint.response) },
      },
    },
    async (request) => {
      const { service } = request.params;
      if (!isInstrumentSlug(service)) throw new AppError("NOT_FOUND", SERVER_MESSAGES.notFound);
      const { check } = await reader.check(authOf(request).user.id, accessKeyOfSlug(service));
      return keptSuccess(check);
    },
  );

  app.get(
    riskDisclosureStatusEndpoint.path,
    {
      schema: {
        tags,
        summary: "Whether the user accepted the risk disclosure agreement, and its signed copy",
        response: { 200: successEnvelope(riskDisclosureStatusEndpoint.response) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await reader.riskDisclosure(authOf(request).user.id),
    }),
  );

  app.post(
    acceptRiskDisclosureEndpoint.path,
    {
      schema: {
        tags,
        summary: "Accept the current risk disclosure agreement (records the time and IP address)",
        body: acceptRiskDisclosureEndpoint.body,
        response: { 200: successEnvelope(acceptRiskDisclosureEndpoint.response) },
      },
    },
    async (request) => {
      const data = await changes.acceptRiskDisclosure(authOf(request).user, {
        version: request.body.version,
        ip: request.ip,
        userAgent: request.headers["user-agent"],
      });
      return { success: true as const, data, message: RISK_DISCLOSURE_MESSAGES.accepted };
    },
  );

  app.post(
    acceptTermsSummaryEndpoint.path,
    {
      schema: {
        tags,
        summary:
          "Accept the current Most Important Terms and Conditions (records the time, version and IP address)",
        body: acceptTermsSummaryEndpoint.body,
        response: { 200: successEnvelope(acceptTermsSummaryEndpoint.response) },
      },
    },
    async (request) => {
      const data = await changes.acceptTermsSummary(authOf(request).user, {
        version: request.body.version,
        ip: request.ip,
        userAgent: request.headers["user-agent"],
      });
      return { success: true as const, data, message: RESEARCH_ANALYST_MESSAGES.termsAccepted };
    },
  );
};
