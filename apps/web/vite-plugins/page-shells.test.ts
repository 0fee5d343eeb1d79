import { readFileSync } from "node:fs";
import path from "node:path";
import { APP_ROUTES } from "@kalpa/contracts/routes";
import { describe, expect, it } from "vitest";
import { CONSENT_CHECK_SCRIPT } from "../src/features/consent/consent-preview";
import {
  appLoaderScript,
  NOT_FOUND_ROUTE,
  routeModules,
  withConsentPreview,
  withStartAfterPaint,
} from "./page-shells";

const ROUTER = path.join(import.meta.dirname, "../src/app/router.tsx");

describe("the page shells' route table", () => {
  it("finds the page module of every route in the router, and the not-found page", () => {
    const modules = routeModules(readFileSync(ROUTER, "utf8"));
    for (const route of APP_ROUTES) expect(modules.get(route.path), route.path).toBeTruthy();
    expect(modules.get(NOT_FOUND_ROUTE)).toBe("not-found");
    expect(modules.get("/")).toBe("home");
    expect(modules.get("/policies/:policyType?")).toBe("policies");
    expect(modules.size).toBe(APP_ROUTES.length + 1);
  });

  it("reads entries the formatter wrapped over several lines", () => {
    const source = `const PAGES = {
  "/trading-services": () =>
    import("./routes/trading-services").then((m) => m.TradingServicesRoute),
};
lazyRoute("*", () => import("./routes/not-found").then((m) => m.NotFoundRoute))`;
    expect([...routeModules(source)]).toEqual([
      ["/trading-services", "trading-services"],
      ["*", "not-found"],
    ]);
  });
});

describe("the consent preview in every shell", () => {
  it("runs the check in <head> and paints the preview beside the app's root", () => {
    const shell = withConsentPreview(
      '<html><head><title>Kalpa</title></head><body><div id="root"></div><noscript>On</noscript></body></html>',
    );
    const head = shell.slice(0, shell.indexOf("</head>"));
    expect(head).toContain(`<script>${CONSENT_CHECK_SCRIPT}</script>`);
    expect(head).toContain("#consent-preview{display:none}");
    const body = shell.slice(shell.indexOf("<body>"));
    expect(body.indexOf('<div id="root"></div>')).toBeLessThan(
      body.indexOf('id="consent-preview"'),
    );
    expect(body.indexOf('id="consent-preview"')).toBeLessThan(body.indexOf("<noscript>"));
    expect(body).toContain("Welcome to Kalpa");
  });

  it("refuses a shell it cannot place them in", () => {
    expect(() => withConsentPreview("<html><body></body></html>")).toThrow(/consent preview/);
  });
});

describe("the app's code starts after the first paint", () => {
  const VITE_SHELL = `<html><head><title>Kalpa</title>
    <script type="module" crossorigin src="/assets/index-1.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/react-2.js">
    <link rel="modulepreload" crossorigin href="/assets/api-3.js">
  <style>p{}</style></head><body><div id="root"></div></body></html>`;

  it("takes the entry and its preloads out of <head> and starts them from the end of <body>", () => {
    const shell = withStartAfterPaint(VITE_SHELL, ["/assets/home-4.js"]);
    const head = shell.slice(0, shell.indexOf("</head>"));
    expect(head).not.toContain('<script type="module"');
    expect(head).not.toContain("modulepreload");
    expect(head).toContain("<style>p{}</style>");
    const loader = appLoaderScript("/assets/index-1.js", [
      "/assets/react-2.js",
      "/assets/api-3.js",
      "/assets/home-4.js",
    ]);
    expect(shell).toContain(`<script>${loader}</script>\n  </body>`);
  });

  it("refuses a shell with no entry script", () => {
    expect(() => withStartAfterPaint("<html><head></head><body></body></html>")).toThrow(
      /module entry script/,
    );
  });

  it("keeps a URL from closing the script element", () => {
    expect(appLoaderScript("/a.js", ["/</script><b>.js"])).not.toContain("</script>");
  });

  /** A PerformanceObserver that reports "paint" when the test says the page has painted. */
  function paintObserver() {
    const painted: (() => void)[] = [];
    let disconnected = 0;
    class Observer {
      static supportedEntryTypes = ["paint", "longtask"];
      constructor(private readonly callback: () => void) {}
      observe(options: { type: string; buffered: boolean }) {
        expect(options).toEqual({ type: "paint", buffered: true });
        painted.push(() => this.callback());
      }
      disconnect() {
        disconnected++;
      }
    }
    return {
      Observer,
      paint: () => {
        for (const report of painted) report();
      },
      disconnected: () => disconnected,
    };
  }

  /** Runs the loader against a recording document; returns what it appended and the pending callbacks. */
  function runLoader(
    visibilityState: "visible" | "hidden",
    observer?: unknown,
    preloads = ["/p1.js", "/p2.js"],
  ) {
    const appended: {
      tag: string;
      type?: string;
      rel?: string;
      src?: string;
      href?: string;
      crossOrigin?: string;
    }[] = [];
    const frames: (() => void)[] = [];
    const timers: { run: () => void; ms: number }[] = [];
    const document = {
      visibilityState,
      head: { appendChild: (element: (typeof appended)[number]) => appended.push(element) },
      createElement: (tag: string) => ({ tag }),
    };
    new Function(
      "document",
      "requestAnimationFrame",
      "setTimeout",
      "PerformanceObserver",
      appLoaderScript("/e.js", preloads),
    )(
      document,
      (run: () => void) => frames.push(run),
      (run: () => void, ms: number) => timers.push({ run, ms }),
      observer,
    );
    return { appended, frames, timers };
  }

  const STARTED = [
    { tag: "script", type: "module", crossOrigin: "", src: "/e.js" },
    { tag: "link", rel: "modulepreload", crossOrigin: "", href: "/p1.js" },
    { tag: "link", rel: "modulepreload", crossOrigin: "", href: "/p2.js" },
  ];

  it("adds nothing before the first paint is reported, then the entry and each preload once", () => {
    const observer = paintObserver();
    const { appended, frames, timers } = runLoader("visible", observer.Observer);
    expect(appended).toEqual([]);
    expect(frames).toEqual([]);
    observer.paint();
    expect(appended).toEqual(STARTED);
    expect(observer.disconnected()).toBe(1);
    // The fallback timer finds the app started and adds nothing more.
    for (const timer of timers) timer.run();
    expect(appended).toHaveLength(3);
  });

  it("without paint reports, starts in a task after the first frame", () => {
    const { appended, frames, timers } = runLoader("visible");
    expect(appended).toEqual([]);
    expect(frames).toHaveLength(1);
    frames[0]?.();
    const afterFrame = timers.find((timer) => timer.ms === 0);
    afterFrame?.run();
    expect(appended).toEqual(STARTED);
  });

  it("starts within 500 ms when no paint is reported", () => {
    const { appended, timers } = runLoader("visible", paintObserver().Observer);
    expect(timers).toEqual([{ run: expect.any(Function), ms: 500 }]);
    timers[0]?.run();
    expect(appended).toEqual(STARTED);
  });

  it("adds many preloads a few per task, the entry first", () => {
    const many = Array.from({ length: 12 }, (_, index) => `/m${index}.js`);
    const { appended, timers } = runLoader("hidden", undefined, many);
    const added = () => appended.map((element) => element.src ?? element.href);
    expect(added()).toEqual(["/e.js", ...many.slice(0, 5)]);
    const nextTask = () =>
      timers
        .splice(0)
        .find((timer) => timer.ms === 0)
        ?.run();
    nextTask();
    expect(added()).toEqual(["/e.js", ...many.slice(0, 10)]);
    nextTask();
    expect(added()).toEqual(["/e.js", ...many]);
    expect(timers).toEqual([]);
  });

  it("starts at once in a background tab, which paints nothing", () => {
    const { appended, frames } = runLoader("hidden");
    expect(frames).toEqual([]);
    expect(appended).toEqual(STARTED);
  });
});
