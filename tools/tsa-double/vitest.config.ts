import { defineProject } from "vitest/config";

export default defineProject({
  test: { name: "tsa-double", include: ["test/**/*.test.ts"], environment: "node" },
});
