import { readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { brotliCompressSync, gzipSync, constants as zlib } from "node:zlib";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin, type ProxyOptions } from "vite";
import { pageShells } from "./vite-plugins/page-shells";

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

const COMPRESSIBLE = /\.(js|css|svg|html|json|txt|webmanifest)$/;

/**
 * Writes a Brotli (.br) and a gzip (.gz) copy beside every compressible file of the build, once, at maximum
 * compression; the server hands the smallest one the browser accepts (@fastify/static preCompressed), so
 * no request pays for compression and no proxy is needed for small transfers.
 */
function precompress(): Plugin {
  let outDir = "";
  return {
    name: "kalpa-precompress",
    apply: "build",
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = (await readdir(outDir, { recursive: true })).filter((file) =>
        COMPRESSIBLE.test(file),
      );
      await Promise.all(
        files.map(async (file) => {
          const full = path.join(outDir, file);
          const content = await readFile(full);
          if (content.length < 1024) return;
          await writeFile(
            `${full}.br`,
            brotliCompressSync(content, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }),
          );
          await writeFile(`${full}.gz`, gzipSync(content, { level: 9 }));
        }),
      );
    },
  };
}

export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    pageShells({ routerFile: fileURLToPath(new URL("./src/app/router.tsx", import.meta.url)) }),
    precompress(),
  ],
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
