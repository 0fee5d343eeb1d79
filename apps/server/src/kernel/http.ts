/**
 * The Fastify instance every module registers on, with the server-wide plugins (errors, security headers
 * and CSRF, rate limits, the OpenAPI document). Modules come after these.
 */
import { randomUUID } from "node:crypto";
import Fastify, { type FastifyBaseLogger } from "fastify";
import { validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import type { AppConfig } from "../config/app-config";
import { lazyRequestLogger, OneLinePerRequest } from "../lib/request-log";
import { errorHandlerPlugin } from "../plugins/error-handler";
import { frameworkErrors } from "../plugins/http-refusals";
import { openApiPlugin } from "../plugins/openapi";
import { rateLimitPlugin } from "../plugins/rate-limit";
import { responseSerializerCompiler } from "../plugins/response-serializer";
import { securityPlugin } from "../plugins/security";
import { VERSION } from "../version";
import type { Kernel } from "./kernel";

const JSON_BODY_LIMIT_BYTES = 64 * 1024;

/** Believe X-Forwarded-For for this many proxy hops in front of the server. */
function trustHops(hops: number) {
  return (_address: string, hop: number) => hop < hops;
}

export function createHttpApp(config: AppConfig, loggerInstance: FastifyBaseLogger) {
  const app = Fastify({
    loggerInstance,
    trustProxy:
      typeof config.trustProxy === "number" ? trustHops(config.trustProxy) : config.trustProxy,
    logController: new OneLinePerRequest(),
    childLoggerFactory: lazyRequestLogger,
    genReqId: () => randomUUID(),
    // Browsers keep idle connections open; close them on shutdown instead of waiting for them.
    forceCloseConnections: "idle",
    // Requests are small JSON; a route that takes a file (the profile image) sets its own limit.
    bodyLimit: JSON_BODY_LIMIT_BYTES,
    // The router's own refusals (a malformed path, a parameter too long) in the usual envelope.
    frameworkErrors,
    routerOptions: { ignoreTrailingSlash: true },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  // Answers are written from their schemas; the test suites also check each against its zod schema.
  app.setSerializerCompiler(responseSerializerCompiler({ check: config.env === "test" }));
  return app;
}

/** The instance modules register routes and plugins on. */
export type HttpApp = ReturnType<typeof createHttpApp>;

/** The plugins every route sits behind. */
export async function registerHttpPlugins(app: HttpApp, kernel: Kernel) {
  await app.register(errorHandlerPlugin);
  await app.register(securityPlugin, { config: kernel.config });
  await app.register(rateLimitPlugin, { redis: kernel.redis });
  await app.register(openApiPlugin, { config: kernel.config, version: VERSION });
}
