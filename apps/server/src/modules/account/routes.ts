/**
 * GET /api/account/export: the signed-in user's data as a JSON file (Settings → Export). The body is the
 * export itself, sent as an attachment and never cached; without a session the answer is the usual 401.
 */
import { accountExportEndpoint, accountRefundsEndpoint } from "@kalpa/contracts/api/account";
import { successEnvelope } from "@kalpa/contracts/envelope";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppDb } from "../../db/client";
import type { Clock } from "../../lib/clock";
import { createContributionRepository } from "../access/contribution-repository";
import { createRdaRepository } from "../access/rda-repository";
import { createRefundRepository, toRefund } from "../access/refund-repository";
import { createSubscriptionRepository } from "../access/subscription-repository";
import { createTermsRepository } from "../access/terms-repository";
import { createAlertRepository } from "../alerts/repository";
import { authOf } from "../auth/require-user";
import { createAccountRepository } from "./repository";
import { createAccountService } from "./service";

export const accountRoutes: FastifyPluginAsyncZod<{ db: AppDb; clock: Clock }> = async (
  app,
  opts,
) => {
  const refunds = createRefundRepository(opts.db);
  const service = createAccountService({
    clock: opts.clock,
    accounts: createAccountRepository(opts.db),
    subscriptions: createSubscriptionRepository(opts.db),
    contributions: createContributionRepository(opts.db),
    refunds,
    rda: createRdaRepository(opts.db),
    terms: createTermsRepository(opts.db),
    alerts: createAlertRepository(opts.db),
  });

  app.get(
    accountExportEndpoint.path,
    {
      preHandler: app.requireUser,
      schema: {
        tags: ["account"],
        summary: "Download everything the product holds about the signed-in user, as JSON",
        response: { 200: accountExportEndpoint.response },
      },
    },
    async (request, reply) => {
      const { fileName, data } = await service.exportFor(authOf(request));
      reply
        .header("content-disposition", `attachment; filename="${fileName}"`)
        .header("cache-control", "no-store");
      return data;
    },
  );

  app.get(
    accountRefundsEndpoint.path,
    {
      preHandler: app.requireUser,
      schema: {
        tags: ["account"],
        summary: "The signed-in user's refunds of access ended early, newest first",
        response: { 200: successEnvelope(accountRefundsEndpoint.response) },
      },
    },
    async (request) => {
      const rows = await refunds.forUser(authOf(request).user.id);
      return {
        success: true as const,
        data: {
          refunds: rows.map((row) => {
            const { id: _id, recordedBy: _recordedBy, ...refund } = toRefund(row);
            return refund;
          }),
        },
      };
    },
  );
};
