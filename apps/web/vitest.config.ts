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
    // Each file in a fresh VM context of its own (its own jsdom window and modules, as the default forks
    // give) inside worker threads that stay up: on two busy cores the suite ran in 132 s instead of 271 s,
    // most of the difference being jsdom's set-up per file (13 s in all instead of 182 s).
    pool: "vmThreads",
    // Screens that load their page's code lazily and then wait (up to 5 s, src/test/setup.ts) for what
    // appears asynchronously need more than a 5 s test on CI's two shared cores.
    testTimeout: 15_000,
  },
});
