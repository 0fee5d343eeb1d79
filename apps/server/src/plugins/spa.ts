/**
 * Serves the built web app: hashed assets with a year's cache, and the app shell for every client route so
 * that a route opened directly (/policies/terms) works. Unknown API paths answer a JSON 404; an unknown page
 * gets the app shell with status 404, and the app shows its not-found page.
 *
 * The build writes one shell per route (shells.json → shells/<page>.html, with the page's code preloaded and
 * the stylesheet inlined: apps/web/vite-plugins/page-shells.ts) and a Brotli and gzip copy of each; they are
 * read once at start and the smallest the browser accepts is sent. index.html is the shell for anything
 * else, and for a build without shells.json.
 *
 * A shell may carry inline scripts (the consent preview's check: apps/web/src/features/consent/
 * consent-preview.ts). The site's policy allows scripts from its own origin only, so a shell is sent with
 * that policy plus the SHA-256 of each inline script it holds, read from the file itself: exactly those
 * scripts run, nothing injected beside them.
 */
import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import { SERVER_MESSAGES } from "@kalpa/contracts/messages";
import { matchAppRoute } from "@kalpa/contracts/routes";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { sendError } from "./error-handler";

/** The build's table of route shells, and its key for paths that match no route (vite-plugins/page-shells.ts). */
const SHELLS_MANIFEST = "shells.json";
const NOT_FOUND_SHELL = "*";

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

/** One shell as it is sent: the HTML, its build-made compressed copies, and a validator. */
interface Shell {
  html: Buffer;
  brotli: Buffer | undefined;
  gzip: Buffer | undefined;
  etag: string;
  /** CSP sources for its inline scripts ('sha256-…'), none when it has none. */
  scriptHashes: string[];
}

const INLINE_SCRIPT = /<script>([\s\S]*?)<\/script>/g;

/** The CSP source of each inline (attribute-less) script of a shell. */
export function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(INLINE_SCRIPT)].map(
    ([, body]) =>
      `'sha256-${createHash("sha256")
        .update(body ?? "")
        .digest("base64")}'`,
  );
}

/** The policy `csp` with `sources` added to its script-src. */
export function allowScripts(csp: string, sources: readonly string[]): string {
  if (sources.length === 0) return csp;
  return csp.replace(/(^|;)\s*script-src([^;]*)/, (_match, start: string, value: string) => {
    return `${start}script-src${value} ${sources.join(" ")}`;
  });
}

async function readIfPresent(file: string): Promise<Buffer | undefined> {
  return existsSync(file) ? readFile(file) : undefined;
}

async function loadShell(file: string): Promise<Shell> {
  const html = await readFile(file);
  return {
    html,
    brotli: await readIfPresent(`${file}.br`),
    gzip: await readIfPresent(`${file}.gz`),
    etag: `"${createHash("sha256").update(html).digest("base64url").slice(0, 27)}"`,
    scriptHashes: inlineScriptHashes(html.toString("utf8")),
  };
}

/** The shells of a build: route pattern ("*" for unknown paths) → shell, and the fallback index.html. */
async function loadShells(root: string) {
  const fallback = await loadShell(path.join(root, "index.html"));
  const byRoute = new Map<string, Shell>();
  const manifestFile = path.join(root, SHELLS_MANIFEST);
  if (existsSync(manifestFile)) {
    const manifest = JSON.parse(await readFile(manifestFile, "utf8")) as Record<string, string>;
    for (const [routePath, file] of Object.entries(manifest)) {
      const full = path.resolve(root, file);
      // The manifest is the build's own; still, it names files inside the build and nothing else.
      if (!full.startsWith(root + path.sep)) throw new Error(`shells.json points outside: ${file}`);
      byRoute.set(routePath, await loadShell(full));
    }
  }
  return {
    /** The shell for a route pattern, or for a path that matched none. */
    forRoute(routePath: string | undefined): Shell {
      return byRoute.get(routePath ?? NOT_FOUND_SHELL) ?? fallback;
    },
  };
}

/** The encoding to send, by the browser's Accept-Encoding (no q-values weighed: browsers send none). */
function pickEncoding(acceptEncoding: string | undefined, shell: Shell): "br" | "gzip" | undefined {
  const accepted = new Set(
    (acceptEncoding ?? "").split(",").map((token) => token.trim().split(";")[0]),
  );
  if (shell.brotli && accepted.has("br")) return "br";
  if (shell.gzip && accepted.has("gzip")) return "gzip";
  return undefined;
}

export const spaPlugin = fp(
  async (app: FastifyInstance, opts: { webDistDir: string | undefined }) => {
    const root = opts.webDistDir === undefined ? undefined : path.resolve(opts.webDistDir);
    const indexFile = root === undefined ? undefined : path.join(root, "index.html");
    // The shells are read once: a running server's build does not change, and every page view needs one.
    const shells = root && indexFile && existsSync(indexFile) ? await loadShells(root) : undefined;
    if (root !== undefined && shells) {
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
      const route = isApi ? undefined : matchAppRoute(pathname);
      // A known page is a page whoever asks (a monitor, a link preview); an unknown path is answered as
      // a page only to a browser asking for HTML, and with JSON to everything else.
      const wantsPage =
        (request.method === "GET" || request.method === "HEAD") &&
        !isApi &&
        (route !== undefined || (request.headers.accept ?? "").includes("text/html"));
      if (!wantsPage) {
        return sendError(reply, 404, {
          success: false,
          error: SERVER_MESSAGES.notFound,
          code: "NOT_FOUND",
        });
      }
      if (!shells) {
        return reply
          .status(503)
          .type("text/plain; charset=utf-8")
          .send(
            "The web app has not been built. Run `npm run build`, then start the server again.",
          );
      }
      const shell = shells.forRoute(route?.path);
      const status = route ? 200 : 404;
      reply
        .header("cache-control", "no-cache")
        .header("etag", shell.etag)
        .header("vary", "accept-encoding");
      const csp = reply.getHeader("content-security-policy");
      if (typeof csp === "string") {
        reply.header("content-security-policy", allowScripts(csp, shell.scriptHashes));
      }
      if (status === 200 && request.headers["if-none-match"] === shell.etag) {
        return reply.status(304).send();
      }
      const encoding = pickEncoding(request.headers["accept-encoding"], shell);
      const body = encoding === "br" ? shell.brotli : encoding === "gzip" ? shell.gzip : shell.html;
      reply.status(status).type("text/html; charset=utf-8");
      if (encoding) reply.header("content-encoding", encoding);
      if (request.method === "HEAD") {
        return reply.header("content-length", (body ?? shell.html).length).send();
      }
      return reply.send(body ?? shell.html);
    });
  },
);
