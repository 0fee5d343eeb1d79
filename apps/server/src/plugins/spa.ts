/**
 * Serves the built web app: hashed assets with a year's cache, and index.html for every client route so
 * that a route opened directly (/policies/terms) works. Unknown API paths answer a JSON 404; an unknown page
 * gets the app shell with status 404, and the app shows its not-found page.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import { SERVER_MESSAGES } from "@kalpa/contracts/messages";
import { isAppPath } from "@kalpa/contracts/routes";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { sendError } from "./error-handler";

/** Vite names assets by content hash, so they never change; the HTML must always be revalidated. */
function cacheControlFor(filePath: string): string {
  if (filePath.endsWith(".html")) return "no-cache";
  if (filePath.includes(`${path.sep}assets${path.sep}`))
    return "public, max-age=31536000, immutable";
  return "public, max-age=3600";
}

export const spaPlugin = fp(
  async (app: FastifyInstance, opts: { webDistDir: string | undefined }) => {
    const root = opts.webDistDir;
    const built = root !== undefined && existsSync(path.join(root, "index.html"));
    if (built) {
      await app.register(fastifyStatic, {
        root,
        prefix: "/",
        index: "index.html",
        wildcard: true,
        setHeaders: (res, filePath) => {
          res.header("cache-control", cacheControlFor(filePath));
        },
      });
    } else {
      app.log.warn(
        { webDistDir: root },
        "the web app is not built: run `npm run build`, or use the Vite dev server (npm run dev)",
      );
    }

    app.setNotFoundHandler(async (request, reply) => {
      const pathname = request.url.split("?")[0] ?? "/";
      const wantsPage =
        (request.method === "GET" || request.method === "HEAD") &&
        !pathname.startsWith("/api/") &&
        pathname !== "/api" &&
        (request.headers.accept ?? "").includes("text/html");
      if (!wantsPage) {
        return sendError(reply, 404, {
          success: false,
          error: SERVER_MESSAGES.notFound,
          code: "NOT_FOUND",
        });
      }
      if (!built) {
        return reply
          .status(503)
          .type("text/plain; charset=utf-8")
          .send(
            "The web app has not been built. Run `npm run build`, then start the server again.",
          );
      }
      return reply.status(isAppPath(pathname) ? 200 : 404).sendFile("index.html");
    });
  },
);
