/**
 * public/sw.js, run as a browser runs it but against a fake `self`: what a push shows (the JSON payload, or
 * a safe fallback), and where a click goes (only paths on the site's own origin), and that it has no fetch
 * handler (it must never serve or cache a page or an API answer).
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it, vi } from "vitest";

const SOURCE = readFileSync(path.resolve(import.meta.dirname, "../../../../public/sw.js"), "utf8");
const ORIGIN = "https://kalpa.example";

type Listener = (event: unknown) => void;

function loadWorker({ windows = [] as Array<{ url: string }> } = {}) {
  const listeners = new Map<string, Listener>();
  const clientWindows = windows.map((window) => ({
    url: window.url,
    focus: vi.fn(async function (this: unknown) {
      return this;
    }),
    navigate: vi.fn(async () => undefined),
  }));
  const self = {
    location: { origin: ORIGIN },
    addEventListener: (type: string, listener: Listener) => listeners.set(type, listener),
    skipWaiting: vi.fn(),
    registration: { showNotification: vi.fn(async () => undefined) },
    clients: {
      claim: vi.fn(async () => undefined),
      matchAll: vi.fn(async () => clientWindows),
      openWindow: vi.fn(async () => null),
    },
  };
  new Function("self", SOURCE)(self);

  async function dispatch(type: string, event: Record<string, unknown>) {
    let pending: Promise<unknown> = Promise.resolve();
    const listener = listeners.get(type);
    if (!listener) throw new Error(`no ${type} listener`);
    listener({
      ...event,
      waitUntil: (promise: Promise<unknown>) => {
        pending = promise;
      },
    });
    await pending;
  }

  return {
    self,
    listeners,
    clientWindows,
    push: (text: string | null) =>
      dispatch("push", { data: text === null ? null : { text: () => text } }),
    click: (data: unknown) => {
      const close = vi.fn();
      return dispatch("notificationclick", { notification: { data, close } }).then(() => close);
    },
  };
}

describe("the service worker", () => {
  it("has no fetch handler: it caches and serves nothing", () => {
    const worker = loadWorker();
    expect([...worker.listeners.keys()].sort()).toEqual([
      "activate",
      "install",
      "notificationclick",
      "push",
    ]);
    expect(SOURCE).not.toMatch(/caches\.|addEventListener\(\s*["']fetch/);
  });

  it("shows a push's title and body, with its tag and url", async () => {
    const worker = loadWorker();
    await worker.push(
      JSON.stringify({
        title: "NIFTY: new signal",
        body: "Buy 24500 CE",
        url: "/live/nifty",
        tag: "s1",
      }),
    );
    expect(worker.self.registration.showNotification).toHaveBeenCalledWith("NIFTY: new signal", {
      body: "Buy 24500 CE",
      tag: "s1",
      data: { url: "/live/nifty" },
      icon: "/icon-192.png",
      badge: "/icon-192.png",
    });
  });

  it("still shows a push that is not JSON, or empty", async () => {
    const worker = loadWorker();
    await worker.push("plain words");
    await worker.push(null);
    const calls = worker.self.registration.showNotification.mock.calls as unknown as Array<
      [string, { body: string; data: { url: string } }]
    >;
    expect(calls[0]?.[0]).toBe("Kalpa");
    expect(calls[0]?.[1].body).toBe("plain words");
    expect(calls[0]?.[1].data.url).toBe("/dashboard");
    expect(calls[1]?.[0]).toBe("Kalpa");
  });

  it("focuses an open window of the site and takes it to the alert's path", async () => {
    const worker = loadWorker({ windows: [{ url: `${ORIGIN}/dashboard` }] });
    const close = await worker.click({ url: "/live/nifty?x=1" });
    expect(close).toHaveBeenCalled();
    const [window] = worker.clientWindows;
    expect(window?.focus).toHaveBeenCalled();
    expect(window?.navigate).toHaveBeenCalledWith(`${ORIGIN}/live/nifty?x=1`);
    expect(worker.self.clients.openWindow).not.toHaveBeenCalled();
  });

  it("opens a window when none of the site's is open", async () => {
    const worker = loadWorker({ windows: [{ url: "https://elsewhere.example/" }] });
    await worker.click({ url: "/trading-services" });
    expect(worker.self.clients.openWindow).toHaveBeenCalledWith(`${ORIGIN}/trading-services`);
  });

  it.each([
    "https://evil.example/phish",
    "//evil.example/phish",
    "/\\evil.example",
    "javascript:alert(1)",
    "live/nifty",
    "",
    undefined,
  ])("never leaves the site for %s: the dashboard opens instead", async (url) => {
    const worker = loadWorker();
    await worker.click(url === undefined ? undefined : { url });
    expect(worker.self.clients.openWindow).toHaveBeenCalledWith(`${ORIGIN}/dashboard`);
  });
});
