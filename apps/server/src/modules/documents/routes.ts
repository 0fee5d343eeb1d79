import {
  agreementWithProfileRefunds,
  DOCX_CONTENT_TYPE,
  RISK_DISCLOSURE_AGREEMENT_FILENAME,
  RISK_DISCLOSURE_AGREEMENT_PATH,
} from "@kalpa/contracts/content/risk-disclosure-agreement";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppConfig } from "../../config/app-config";
import { buildAgreementDocx } from "./agreement-docx";

/**
 * Public documents: the Risk Disclosure Agreement as a Word file, built on first request and kept (one
 * copy with the spec's wording, one with SEBI's refund rule for while the operator has a research-analyst
 * profile, decision 033).
 */
export const documentRoutes: FastifyPluginAsyncZod<{
  config: AppConfig;
  /** Whether the operator has a research-analyst profile; none: never. */
  hasProfile?: (() => Promise<boolean>) | undefined;
}> = async (app, opts) => {
  const { brandName, operator } = opts.config;
  const built = new Map<boolean, Promise<Buffer>>();
  app.get(
    RISK_DISCLOSURE_AGREEMENT_PATH,
    {
      schema: {
        tags: ["system"],
        summary: "The Risk Disclosure Agreement to print and sign (.docx)",
      },
    },
    async (_request, reply) => {
      const withProfile = opts.hasProfile ? await opts.hasProfile() : false;
      let agreement = built.get(withProfile);
      if (!agreement) {
        agreement = buildAgreementDocx(
          { brandName, ...operator },
          withProfile ? agreementWithProfileRefunds() : undefined,
        ).catch((error: unknown) => {
          built.delete(withProfile);
          throw error;
        });
        built.set(withProfile, agreement);
      }
      const file = await agreement;
      return (
        reply
          .header("content-type", DOCX_CONTENT_TYPE)
          .header(
            "content-disposition",
            `attachment; filename="${RISK_DISCLOSURE_AGREEMENT_FILENAME}"`,
          )
          // Short: the wording follows the operator's research-analyst profile, set in the console.
          .header("cache-control", "public, max-age=300")
          .header("content-length", file.length)
          .send(file)
      );
    },
  );
};
