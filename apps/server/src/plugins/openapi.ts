/**
 * The OpenAPI document, generated from the routes' zod schemas, and a browsable reference at /api/docs.
 */
import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { jsonSchemaTransform } from "fastify-type-provider-zod";
import type { AppConfig } from "../config/app-config";

export const openApiPlugin = fp(
  async (app: FastifyInstance, opts: { config: AppConfig; version: string }) => {
    await app.register(swagger, {
      openapi: {
        openapi: "3.1.0",
        info: {
          title: `${opts.config.brandName} API`,
          description:
            "Every answer is `{ success: true, data?, message? }` or `{ success: false, error, code }`. " +
            "State-changing requests must come from the site's own origin.",
          version: opts.version,
        },
        servers: [{ url: opts.config.publicUrl }],
      },
      transform: jsonSchemaTransform,
    });
    await app.register(swaggerUi, {
      routePrefix: "/api/docs",
      staticCSP: true,
      // Swagger UI sets inline style attributes at run time, which style hashes cannot allow; over plain
      // http (development) the browser must not be asked to upgrade to https.
      transformStaticCSP: (header) => {
        const styled = header.replace(/style-src [^;]*;/, "style-src 'self' 'unsafe-inline';");
        return opts.config.secureCookies
          ? styled
          : styled.replace(/\s*upgrade-insecure-requests;?/, "");
      },
      uiConfig: { docExpansion: "list", deepLinking: true },
    });
  },
);
