/**
 * The server-side access guard for model output (forecasts, signals): a signed-in user with open access to
 * the instrument and the current risk disclosure agreement accepted. Other modules call
 *
 *   await app.requireInstrumentAccess(request, "BankNifty");
 *
 * in a handler or a preHandler. It answers the access check, or throws 401 "Please login to continue"
 * without a session, or 403 with the spec's message (not found, inactive, expired on {date}) without access,
 * or 403 ACCESS_MESSAGES.riskDisclosureRequired when access is open but the agreement is not accepted, or
 * 403 RESEARCH_ANALYST_MESSAGES.termsRequired while the operator's research-analyst profile asks for the
 * Most Important Terms and Conditions and they are not accepted.
 * Model ids map to access keys with accessKeyOfModel (BankNifty covers both of its models), path segments
 * with accessKeyOfSlug.
 */
import type { AccessCheck } from "@kalpa/contracts/api/access";
import { ACCESS_MESSAGES, RESEARCH_ANALYST_MESSAGES } from "@kalpa/contracts/messages";
import type { AccessKey } from "@kalpa/contracts/names";
import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { AppError } from "../../lib/errors";
import type { AccessReader } from "./service";

declare module "fastify" {
  interface FastifyInstance {
    requireInstrumentAccess: (request: FastifyRequest, key: AccessKey) => Promise<AccessCheck>;
  }
}

export const instrumentAccessPlugin = fp(
  async (app: FastifyInstance, opts: { reader: AccessReader }) => {
    app.decorate("requireInstrumentAccess", async (request: FastifyRequest, key: AccessKey) => {
      const auth = await app.authenticate(request);
      const { check, riskDisclosureAccepted, termsSummaryAccepted } = await opts.reader.check(
        auth.user.id,
        key,
      );
      if (!check.hasAccess) {
        throw new AppError("FORBIDDEN", check.message ?? ACCESS_MESSAGES.contributionRequiredBody);
      }
      if (!riskDisclosureAccepted) {
        throw new AppError("FORBIDDEN", ACCESS_MESSAGES.riskDisclosureRequired);
      }
      if (!termsSummaryAccepted) {
        throw new AppError("FORBIDDEN", RESEARCH_ANALYST_MESSAGES.termsRequired);
      }
      return check;
    });
  },
  { name: "instrument-access", dependencies: ["require-user"] },
);
