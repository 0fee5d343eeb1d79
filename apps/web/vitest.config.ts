import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { defineProject } from "vitest/config";

export default defineProject({
  plugins: [react()],
  resolve: {
    alias: { "@": fileURLToPath(new URL("./src", import.meta.url)) },
  },
  test: {
    name: "web",
    environment: "jsdom",
    include: ["src/**/*.test.{ts,tsx}", "vite-plugins/**/*.test.ts"],
    setupFiles: ["./src/test/setup.ts"],
    // Screens that load their page's code lazily and then wait (up to 5 s, src/test/setup.ts) for what
    // appears asynchronously need more than a 5 s test on CI's two shared cores.
    testTimeout: 15_000,
  },
});
