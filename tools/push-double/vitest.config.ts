import { defineProject } from "vitest/config";

export default defineProject({
  test: { name: "push-double", include: ["test/**/*.test.ts"], environment: "node" },
});
