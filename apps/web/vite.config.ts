import { fileURLToPath } from "node:url";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig, type ProxyOptions } from "vite";

/** The API server the dev server forwards to (apps/server listens here in development). */
const API_TARGET = process.env.KALPA_API_TARGET ?? "http://127.0.0.1:3000";

const DEV_PORT = 5173;
/** The origins a page served by this dev server has. */
const DEV_ORIGINS = new Set([`http://localhost:${DEV_PORT}`, `http://127.0.0.1:${DEV_PORT}`]);

/**
 * The server refuses state-changing requests whose Origin is not its own (CSRF protection). In development
 * the page's origin is the Vite dev server, so the proxy presents the target's origin instead, for this
 * dev server's own pages only: a request from any other site keeps its Origin and is refused.
 */
function proxyTo(target: string, ws = false): ProxyOptions {
  const present = (request: {
    getHeader(name: string): unknown;
    setHeader(n: string, v: string): void;
  }) => {
    const origin = request.getHeader("origin");
    if (typeof origin === "string" && DEV_ORIGINS.has(origin)) request.setHeader("origin", target);
  };
  return {
    target,
    changeOrigin: true,
    ws,
    configure(proxy) {
      proxy.on("proxyReq", present);
      if (ws) proxy.on("proxyReqWs", present);
    },
  };
}

export default defineConfig({
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: { "@": fileURLToPath(new URL("./src", import.meta.url)) },
  },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    // Maps are written for debugging error reports but not referenced from the bundles (the server
    // does not serve them).
    sourcemap: "hidden",
  },
  server: {
    port: DEV_PORT,
    strictPort: true,
    proxy: {
      "/api": proxyTo(API_TARGET),
      "/socket.io": proxyTo(API_TARGET, true),
    },
  },
  preview: {
    port: 4173,
  },
});
