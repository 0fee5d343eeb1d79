import { defineProject } from "vitest/config";

export default defineProject({
  test: { name: "kite-double", include: ["test/**/*.test.ts"], environment: "node" },
});
