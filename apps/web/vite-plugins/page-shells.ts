/**
 * One HTML shell per route, written by the build, so a page's first visit starts every download it needs at
 * once instead of in rounds:
 *
 * - the stylesheet is inlined (one request fewer before the first paint; the site is a single-page app, so
 *   the shell is loaded once a visit and the inlined CSS is not paid again per page);
 * - the route's own code (its page module and what that imports, beyond what the entry already preloads)
 *   is preloaded with the entry, so it downloads beside the entry instead of after it has run;
 * - the consent modal's first paint (withConsentPreview), for a visitor's first page of a session;
 * - the app's code starts downloading once the shell has painted (withStartAfterPaint): the first paint
 *   needs none of it (the stylesheet is inline), and a phone then paints before it parses and runs ~300 KB
 *   of script.
 *
 * The route → page module table is read from the router's `PAGES` record (`"/path": () =>
 * import("./routes/<module>")`) and the not-found route (page-shells.test.ts checks that it finds every
 * route of the contracts' table; a route it missed would still be served, with index.html). Output: `shells/<module>.html` and `shells.json` ({ route path: file }),
 * which the server reads (apps/server/src/plugins/spa.ts). index.html stays as the fallback shell.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import type { Plugin, Rollup } from "vite";
import {
  CONSENT_CHECK_SCRIPT,
  CONSENT_PREVIEW_CSS,
  consentPreviewHtml,
} from "../src/features/consent/consent-preview";

/** The brand the shells are written with: the server's default (DEFAULT_BRAND_NAME in the contracts). */
const SHELL_BRAND = "Kalpa";

/**
 * The consent modal's first paint (src/features/consent/consent-preview.ts): the check in <head>, before
 * anything paints, and the preview beside the app's root, which React does not replace.
 */
export function withConsentPreview(shell: string): string {
  if (!shell.includes("</head>") || !shell.includes("<noscript>")) {
    throw new Error(
      "page-shells: index.html has no </head> or <noscript> to place the consent preview",
    );
  }
  return shell
    .replace(
      "</head>",
      () =>
        `  <style>${CONSENT_PREVIEW_CSS}</style>\n    <script>${CONSENT_CHECK_SCRIPT}</script>\n  </head>`,
    )
    .replace("<noscript>", () => `${consentPreviewHtml(SHELL_BRAND)}\n    <noscript>`);
}

const ENTRY_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/;
const PRELOAD_LINK = /<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g;

/**
 * Modulepreload links added per task: adding one costs a phone a few milliseconds (each starts a request),
 * and twenty in one go made a long task. The rest follow in later tasks; should those never run (a test's
 * paused clock), the entry's imports fetch the same files anyway.
 */
const PRELOADS_PER_TASK = 5;

/**
 * The inline script that starts the app: once the browser reports the page's first paint (a Performance
 * Timeline "paint" entry; where there is none, a task after the first animation frame), at once when the
 * page is not visible (a background tab paints nothing), and at the latest after 500 ms. It adds the
 * entry's module script and a modulepreload link for each of `preloads` (PRELOADS_PER_TASK at a time), all
 * with crossorigin as Vite writes them. No timer is needed when the paint is reported, so a test's paused
 * clock does not hold the app back. Allowed by the server's CSP through its hash (plugins/spa.ts).
 */
export function appLoaderScript(entry: string, preloads: readonly string[]): string {
  // "<" as \u003c, so no URL can close the script element.
  const json = (value: unknown) => JSON.stringify(value).replace(/</g, "\\u003c");
  return (
    `(function(){var d=document,h=d.head,started=false,p=${json(preloads)};` +
    `function more(){p.splice(0,${PRELOADS_PER_TASK}).forEach(function(u){var l=d.createElement("link");` +
    `l.rel="modulepreload";l.crossOrigin="";l.href=u;h.appendChild(l)});if(p.length)setTimeout(more,0)}` +
    `function start(){if(started)return;started=true;` +
    `var s=d.createElement("script");s.type="module";s.crossOrigin="";s.src=${json(entry)};h.appendChild(s);` +
    `more()}` +
    `if(d.visibilityState!=="visible"){start();return}` +
    `var P=typeof PerformanceObserver==="function"?PerformanceObserver:null;` +
    `if(P&&P.supportedEntryTypes&&P.supportedEntryTypes.indexOf("paint")>=0){` +
    `var o=new P(function(){o.disconnect();start()});o.observe({type:"paint",buffered:true})}` +
    `else requestAnimationFrame(function(){setTimeout(start,0)});setTimeout(start,500)})()`
  );
}

/**
 * Moves the entry's module script and its modulepreload links out of <head> into the app loader at the end
 * of <body>, with `extraPreloads` (the route's own code) after the entry's.
 */
export function withStartAfterPaint(shell: string, extraPreloads: readonly string[] = []): string {
  const entry = ENTRY_SCRIPT.exec(shell)?.[1];
  if (!entry || !shell.includes("</body>")) {
    throw new Error("page-shells: index.html has no module entry script or no </body>");
  }
  const preloads = [...shell.matchAll(PRELOAD_LINK)].map(([, href]) => href as string);
  return shell
    .replace(ENTRY_SCRIPT, "")
    .replace(PRELOAD_LINK, "")
    .replace(
      "</body>",
      () =>
        `  <script>${appLoaderScript(entry, [...preloads, ...extraPreloads])}</script>\n  </body>`,
    );
}

/** The route table the server reads; the key "*" is the shell for paths that match no route. */
export const SHELLS_MANIFEST = "shells.json";
export const NOT_FOUND_ROUTE = "*";

const PAGE_IMPORT = /"([^"]+)":\s*\(\)\s*=>\s*import\("\.\/routes\/([\w-]+)"\)/g;
const NOT_FOUND_IMPORT = /lazyRoute\(\s*"\*",\s*\(\)\s*=>\s*import\("\.\/routes\/([\w-]+)"\)/;

/** Route path → page module name, from the router's source. */
export function routeModules(routerSource: string): Map<string, string> {
  const modules = new Map<string, string>();
  for (const [, routePath, module] of routerSource.matchAll(PAGE_IMPORT)) {
    if (routePath && module) modules.set(routePath, module);
  }
  const notFound = NOT_FOUND_IMPORT.exec(routerSource)?.[1];
  if (notFound) modules.set(NOT_FOUND_ROUTE, notFound);
  return modules;
}

/** A chunk's file and every file it imports statically, transitively. */
function staticClosure(bundle: Rollup.OutputBundle, fileName: string, into = new Set<string>()) {
  if (into.has(fileName)) return into;
  into.add(fileName);
  const chunk = bundle[fileName];
  if (chunk?.type === "chunk") {
    for (const imported of chunk.imports) staticClosure(bundle, imported, into);
  }
  return into;
}

export function pageShells(options: { routerFile: string }): Plugin {
  let base = "/";
  return {
    name: "kalpa-page-shells",
    apply: "build",
    // After Vite has written index.html with its script and stylesheet tags.
    enforce: "post",
    configResolved(config) {
      base = config.base;
    },
    generateBundle(_options, bundle) {
      const modules = routeModules(readFileSync(options.routerFile, "utf8"));
      const routesDir = path.join(path.dirname(options.routerFile), "routes");
      const html = bundle["index.html"];
      const chunks = Object.values(bundle).filter(
        (output): output is Rollup.OutputChunk => output.type === "chunk",
      );
      const entry = chunks.find((chunk) => chunk.isEntry);
      if (html?.type !== "asset" || !entry) throw new Error("page-shells: no index.html or entry");

      // Inline the stylesheet(s) the entry links, in place of their <link> tags, and take them off the
      // entry's imported CSS: Vite's import analysis (which runs after this plugin) would otherwise list
      // them among the dependencies of every lazy chunk that imports from the entry, and the first such
      // chunk would fetch the stylesheet and apply it to the whole page a second time.
      const entryCss = entry.viteMetadata?.importedCss ?? new Set<string>();
      let shell = String(html.source);
      for (const cssFile of [...entryCss]) {
        const css = bundle[cssFile];
        if (css?.type !== "asset") continue;
        const link = new RegExp(`<link rel="stylesheet"[^>]*href="${base}${cssFile}"[^>]*>`);
        if (!link.test(shell)) throw new Error(`page-shells: no <link> for ${cssFile}`);
        // A function replacement, so "$" in the CSS is not read as a replacement pattern.
        shell = shell.replace(link, () => `<style>${String(css.source)}</style>`);
        entryCss.delete(cssFile);
      }
      const lazyCss = chunks.flatMap((chunk) => [...(chunk.viteMetadata?.importedCss ?? [])]);
      if (lazyCss.length > 0) {
        throw new Error(
          `page-shells: a script imports ${lazyCss.join(", ")}, which no shell inlines; put its rules in index.css`,
        );
      }
      shell = withConsentPreview(shell);
      html.source = withStartAfterPaint(shell);

      // What index.html already loads: the entry and its static imports.
      const loaded = staticClosure(bundle, entry.fileName);
      const byModule = new Map(
        chunks
          .filter((chunk) => chunk.facadeModuleId)
          .map((chunk) => [path.resolve(chunk.facadeModuleId as string), chunk]),
      );
      const manifest: Record<string, string> = {};
      for (const [routePath, module] of modules) {
        const chunk = byModule.get(path.join(routesDir, `${module}.tsx`));
        if (!chunk) throw new Error(`page-shells: no chunk for routes/${module}.tsx`);
        const files = [...staticClosure(bundle, chunk.fileName)].filter(
          (file) => !loaded.has(file),
        );
        const fileName = `shells/${module}.html`;
        if (!bundle[fileName]) {
          this.emitFile({
            type: "asset",
            fileName,
            source: withStartAfterPaint(
              shell,
              files.map((file) => base + file),
            ),
          });
        }
        manifest[routePath] = fileName;
      }
      this.emitFile({
        type: "asset",
        fileName: SHELLS_MANIFEST,
        source: `${JSON.stringify(manifest, null, 2)}\n`,
      });
    },
  };
}
