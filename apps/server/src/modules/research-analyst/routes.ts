/**
 * The research-analyst profile and complaints: read by anyone (the footer, /disclosures, /complaints), set
 * by the admin role only (401 without a session, 403 for any other role) with each change audited.
 */
import {
  clearResearchAnalystEndpoint,
  complaintsEndpoint,
  MonthKeySchema,
  researchAnalystEndpoint,
  setComplaintsMonthEndpoint,
  setResearchAnalystEndpoint,
} from "@kalpa/contracts/api/research-analyst";
import { successEnvelope } from "@kalpa/contracts/envelope";
import { RESEARCH_ANALYST_MESSAGES } from "@kalpa/contracts/messages";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Actor } from "../access/changes";
import { ADMIN_WRITE_LIMIT, authOf } from "../auth/require-user";
import type { ResearchAnalystService } from "./service";

const tags = ["research-analyst"];

function actorOf(request: FastifyRequest): Actor {
  const { user } = authOf(request);
  return { name: user.username, userId: user.id, ip: request.ip };
}

/** GET /api/research-analyst and its complaints: public. */
export const researchAnalystRoutes: FastifyPluginAsyncZod<{
  researchAnalyst: ResearchAnalystService;
}> = async (app, opts) => {
  const { researchAnalyst } = opts;
  app.get(
    researchAnalystEndpoint.path,
    {
      schema: {
        tags,
        summary: "The operator's research-analyst profile (SEBI registration), or null",
        response: { 200: successEnvelope(researchAnalystEndpoint.response) },
      },
    },
    async () => ({ success: true as const, data: await researchAnalyst.current() }),
  );

  app.get(
    complaintsEndpoint.path,
    {
      schema: {
        tags,
        summary: "The monthly complaints table, newest month first",
        response: { 200: successEnvelope(complaintsEndpoint.response) },
      },
    },
    async () => ({ success: true as const, data: await researchAnalyst.complaints() }),
  );
};

/** /api/admin/research-analyst*: the console's changes, admin only, rate-limited per admin. */
export const researchAnalystAdminRoutes: FastifyPluginAsyncZod<{
  researchAnalyst: ResearchAnalystService;
}> = async (app, opts) => {
  const { researchAnalyst } = opts;
  app.addHook("onRequest", app.requireAdmin);
  const write = { rateLimit: ADMIN_WRITE_LIMIT };

  app.put(
    setResearchAnalystEndpoint.path,
    {
      config: write,
      schema: {
        tags,
        summary: "Set the research-analyst profile (audited)",
        body: setResearchAnalystEndpoint.body,
        response: { 200: successEnvelope(setResearchAnalystEndpoint.response) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await researchAnalyst.setProfile(actorOf(request), request.body),
      message: RESEARCH_ANALYST_MESSAGES.profileSaved,
    }),
  );

  app.delete(
    clearResearchAnalystEndpoint.path,
    {
      config: write,
      schema: {
        tags,
        summary: "Remove the research-analyst profile (audited); the spec's wording stands again",
        response: { 200: successEnvelope(clearResearchAnalystEndpoint.response) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await researchAnalyst.clearProfile(actorOf(request)),
      message: RESEARCH_ANALYST_MESSAGES.profileCleared,
    }),
  );

  app.put(
    setComplaintsMonthEndpoint.path,
    {
      config: write,
      schema: {
        tags,
        summary: "Set one month of the complaints table (audited)",
        params: z.object({ month: MonthKeySchema }),
        body: setComplaintsMonthEndpoint.body,
        response: { 200: successEnvelope(setComplaintsMonthEndpoint.response) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await researchAnalyst.setComplaintsMonth(
        actorOf(request),
        request.params.month,
        request.body,
      ),
      message: RESEARCH_ANALYST_MESSAGES.complaintsSaved,
    }),
  );
};
