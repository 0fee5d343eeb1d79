import {
  DOCX_CONTENT_TYPE,
  RISK_DISCLOSURE_AGREEMENT_FILENAME,
  RISK_DISCLOSURE_AGREEMENT_PATH,
} from "@kalpa/contracts/content/risk-disclosure-agreement";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppConfig } from "../../config/app-config";
import { buildAgreementDocx } from "./agreement-docx";

/** Public documents: the Risk Disclosure Agreement as a Word file, built on first request and kept. */
export const documentRoutes: FastifyPluginAsyncZod<{ config: AppConfig }> = async (app, opts) => {
  const { brandName, operator } = opts.config;
  let agreement: Promise<Buffer> | undefined;
  app.get(
    RISK_DISCLOSURE_AGREEMENT_PATH,
    {
      schema: {
        tags: ["system"],
        summary: "The Risk Disclosure Agreement to print and sign (.docx)",
      },
    },
    async (_request, reply) => {
      agreement ??= buildAgreementDocx({ brandName, ...operator }).catch((error: unknown) => {
        agreement = undefined;
        throw error;
      });
      const file = await agreement;
      return reply
        .header("content-type", DOCX_CONTENT_TYPE)
        .header(
          "content-disposition",
          `attachment; filename="${RISK_DISCLOSURE_AGREEMENT_FILENAME}"`,
        )
        .header("cache-control", "public, max-age=3600")
        .header("content-length", file.length)
        .send(file);
    },
  );
};
