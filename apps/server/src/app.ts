/**
 * buildApp wires plugins and modules into a Fastify instance. It never listens: server.ts does, and tests
 * drive the result through `inject()` or listen on a free port.
 */
import { randomUUID } from "node:crypto";
import { createRequire } from "node:module";
import path from "node:path";
import cookie from "@fastify/cookie";
import Fastify, { type FastifyInstance } from "fastify";
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from "fastify-type-provider-zod";
import { Redis } from "ioredis";
import type { Server as SocketServer } from "socket.io";
import type { AppConfig } from "./config/env";
import type { Database } from "./db/client";
import { OneLinePerRequest } from "./lib/request-log";
import { createMailer, type Mailer } from "./mail/mailer";
import { healthRoutes } from "./modules/health/routes";
import { siteRoutes } from "./modules/site/routes";
import { errorHandlerPlugin } from "./plugins/error-handler";
import { openApiPlugin } from "./plugins/openapi";
import { rateLimitPlugin } from "./plugins/rate-limit";
import { securityPlugin } from "./plugins/security";
import { spaPlugin } from "./plugins/spa";
import { createRealtimeHub } from "./realtime/hub";
import { VERSION } from "./version";

const REDIS_CONNECT_TIMEOUT_MS = 5000;

export interface BuildAppOptions {
  config: AppConfig;
  database: Database;
  /** The built web app; by default the @kalpa/web workspace's dist folder. */
  webDistDir?: string | undefined;
  /** Human-readable log lines (a developer's terminal) instead of JSON. */
  prettyLogs?: boolean;
}

export interface App {
  app: FastifyInstance;
  io: SocketServer;
  mailer: Mailer;
}

/** Where the web workspace builds to, found through the package so it works from source and bundle. */
export function defaultWebDistDir(): string | undefined {
  try {
    const require = createRequire(import.meta.url);
    return path.join(path.dirname(require.resolve("@kalpa/web/package.json")), "dist");
  } catch {
    return undefined;
  }
}

export async function buildApp(options: BuildAppOptions): Promise<App> {
  const { config, database } = options;
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: ["req.headers.cookie", "req.headers.authorization", 'res.headers["set-cookie"]'],
      ...(options.prettyLogs
        ? { transport: { target: "pino-pretty", options: { translateTime: "SYS:HH:MM:ss" } } }
        : {}),
    },
    logController: new OneLinePerRequest(),
    genReqId: () => randomUUID(),
    // Browsers keep idle connections open; close them on shutdown instead of waiting for them.
    forceCloseConnections: "idle",
    routerOptions: { ignoreTrailingSlash: true },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const redis = config.redisUrl ? await connectRedis(config.redisUrl, app) : undefined;
  app.addHook("onClose", async () => {
    if (!redis) return;
    await Promise.allSettled([redis.pub.quit(), redis.sub.quit()]);
  });

  await app.register(errorHandlerPlugin);
  await app.register(securityPlugin, { config });
  await app.register(cookie);
  await app.register(rateLimitPlugin, { redis: redis?.pub });
  await app.register(openApiPlugin, { config, version: VERSION });

  await app.register(healthRoutes, { database, version: VERSION });
  await app.register(siteRoutes, { config });

  await app.register(spaPlugin, {
    webDistDir: "webDistDir" in options ? options.webDistDir : defaultWebDistDir(),
  });

  const mailer = createMailer(config, app.log);
  app.addHook("onClose", async () => mailer.close());
  const io = createRealtimeHub(app, { config, redis });
  return { app, io, mailer };
}

/** Connects the publishing and subscribing clients, and fails start-up if Redis does not answer in time. */
async function connectRedis(url: string, app: FastifyInstance) {
  const pub = new Redis(url, { maxRetriesPerRequest: 3, lazyConnect: true });
  const sub = pub.duplicate();
  for (const client of [pub, sub]) {
    client.on("error", (error) => app.log.warn({ err: error }, "redis connection error"));
  }
  const deadline = AbortSignal.timeout(REDIS_CONNECT_TIMEOUT_MS);
  try {
    await Promise.all(
      [pub, sub].map((client) =>
        Promise.race([
          client.connect(),
          new Promise((_, reject) =>
            deadline.addEventListener("abort", () =>
              reject(new Error(`Redis did not answer within ${REDIS_CONNECT_TIMEOUT_MS / 1000} s`)),
            ),
          ),
        ]),
      ),
    );
  } catch (error) {
    pub.disconnect();
    sub.disconnect();
    throw error;
  }
  return { pub, sub };
}
