import {
  DOCX_CONTENT_TYPE,
  RISK_DISCLOSURE_AGREEMENT_FILENAME,
  RISK_DISCLOSURE_AGREEMENT_PATH,
} from "@kalpa/contracts/content/risk-disclosure-agreement";
import type { AgreementRegistration } from "@kalpa/contracts/content/risk-disclosure-agreement-registered";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppConfig } from "../../config/app-config";
import { buildAgreementDocx } from "./agreement-docx";

/**
 * Public documents: the Risk Disclosure Agreement as a Word file, built on first request and kept, one per
 * research-analyst registration (none: the spec's wording), so a profile set or removed in the console
 * changes the file at once.
 */
export const documentRoutes: FastifyPluginAsyncZod<{
  config: AppConfig;
  /** The operator's research-analyst registration now, or null without a profile. */
  registration?: () => Promise<AgreementRegistration | null>;
}> = async (app, opts) => {
  const { brandName, operator } = opts.config;
  const built = new Map<string, Promise<Buffer>>();
  app.get(
    RISK_DISCLOSURE_AGREEMENT_PATH,
    {
      schema: {
        tags: ["system"],
        summary: "The Risk Disclosure Agreement to print and sign (.docx)",
      },
    },
    async (_request, reply) => {
      const registration = (await opts.registration?.()) ?? null;
      const key = registration ? `${registration.analyst}\n${registration.number}` : "";
      let agreement = built.get(key);
      if (!agreement) {
        // Only the latest registration's file is kept (a changed profile replaces it).
        built.clear();
        agreement = buildAgreementDocx({ brandName, ...operator }, registration).catch(
          (error: unknown) => {
            built.delete(key);
            throw error;
          },
        );
        built.set(key, agreement);
      }
      const file = await agreement;
      return (
        reply
          .header("content-type", DOCX_CONTENT_TYPE)
          .header(
            "content-disposition",
            `attachment; filename="${RISK_DISCLOSURE_AGREEMENT_FILENAME}"`,
          )
          // Short: the file follows the operator's research-analyst profile, which the console changes.
          .header("cache-control", "public, max-age=300")
          .header("content-length", file.length)
          .send(file)
      );
    },
  );
};
