import { fileURLToPath } from "node:url";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig, type ProxyOptions } from "vite";

/** The API server the dev server forwards to (apps/server listens here in development). */
const API_TARGET = process.env.KALPA_API_TARGET ?? "http://127.0.0.1:3000";

/**
 * The server refuses state-changing requests whose Origin is not its own (CSRF protection). In development
 * the page's origin is the Vite dev server, so the proxy presents the target's origin instead.
 */
function proxyTo(target: string, ws = false): ProxyOptions {
  return {
    target,
    changeOrigin: true,
    ws,
    rewriteWsOrigin: ws,
    configure(proxy) {
      proxy.on("proxyReq", (proxyReq) => {
        if (proxyReq.getHeader("origin")) proxyReq.setHeader("origin", target);
      });
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
    sourcemap: true,
  },
  server: {
    port: 5173,
    proxy: {
      "/api": proxyTo(API_TARGET),
      "/socket.io": proxyTo(API_TARGET, true),
    },
  },
  preview: {
    port: 4173,
  },
});
