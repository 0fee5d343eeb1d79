/**
 * Serves the built web app: hashed assets with a year's cache, and index.html for every client route so
 * that a route opened directly (/policies/terms) works. Unknown API paths answer a JSON 404; an unknown page
 * gets the app shell with status 404, and the app shows its not-found page.
 */
import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import { SERVER_MESSAGES } from "@kalpa/contracts/messages";
import { isAppPath } from "@kalpa/contracts/routes";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { sendError } from "./error-handler";

/** Vite names assets by content hash, so they never change; the HTML must always be revalidated. */
function cacheControlFor(root: string, filePath: string): string {
  if (filePath.endsWith(".html")) return "no-cache";
  if (path.relative(root, filePath).startsWith(`assets${path.sep}`)) {
    return "public, max-age=31536000, immutable";
  }
  return "public, max-age=3600";
}

/** The path a browser router would see: no query string, percent-escapes decoded. */
function pagePath(url: string): string {
  const raw = url.split("?", 1)[0] ?? "/";
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

export const spaPlugin = fp(
  async (app: FastifyInstance, opts: { webDistDir: string | undefined }) => {
    const root = opts.webDistDir;
    const indexFile = root === undefined ? undefined : path.join(root, "index.html");
    // The shell is read once: a running server's build does not change, and every page view needs it.
    const shell = indexFile && existsSync(indexFile) ? await readFile(indexFile) : undefined;
    const shellEtag = shell
      ? `"${createHash("sha256").update(shell).digest("base64url").slice(0, 27)}"`
      : "";
    if (root !== undefined && shell) {
      await app.register(fastifyStatic, {
        root,
        prefix: "/",
        // One route per file of the build (it does not change while the server runs); "/" and every
        // other page path fall through to the shell below.
        index: false,
        wildcard: false,
        // The build writes .br and .gz copies beside each file; the smallest the browser accepts is sent.
        preCompressed: true,
        // Source maps stay on disk for debugging reports; the public site does not hand out the source.
        allowedPath: (pathName) => !pathName.endsWith(".map"),
        setHeaders: (res, filePath) => {
          res.header("cache-control", cacheControlFor(root, filePath));
        },
      });
    } else {
      app.log.warn(
        { webDistDir: root },
        "the web app is not built: run `npm run build`, or use the Vite dev server (npm run dev)",
      );
    }

    app.setNotFoundHandler(async (request, reply) => {
      const pathname = pagePath(request.url);
      const isApi = pathname === "/api" || pathname.startsWith("/api/");
      const known = isAppPath(pathname);
      // A known page is a page whoever asks (a monitor, a link preview); an unknown path is answered as
      // a page only to a browser asking for HTML, and with JSON to everything else.
      const wantsPage =
        (request.method === "GET" || request.method === "HEAD") &&
        !isApi &&
        (known || (request.headers.accept ?? "").includes("text/html"));
      if (!wantsPage) {
        return sendError(reply, 404, {
          success: false,
          error: SERVER_MESSAGES.notFound,
          code: "NOT_FOUND",
        });
      }
      if (!shell) {
        return reply
          .status(503)
          .type("text/plain; charset=utf-8")
          .send(
            "The web app has not been built. Run `npm run build`, then start the server again.",
          );
      }
      const status = known ? 200 : 404;
      reply.header("cache-control", "no-cache").header("etag", shellEtag);
      if (status === 200 && request.headers["if-none-match"] === shellEtag) {
        return reply.status(304).send();
      }
      reply.status(status).type("text/html; charset=utf-8");
      if (request.method === "HEAD") return reply.header("content-length", shell.length).send();
      return reply.send(shell);
    });
  },
);
