import { defineProject } from "vitest/config";

export default defineProject({
  test: {
    name: "server",
    include: ["src/**/*.test.ts", "test/**/*.test.ts"],
    environment: "node",
    // Each file boots its own embedded PostgreSQL (or its own database on a PostgreSQL server).
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
