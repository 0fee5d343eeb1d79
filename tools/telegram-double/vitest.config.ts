import { defineProject } from "vitest/config";

export default defineProject({
  test: { name: "telegram-double", include: ["test/**/*.test.ts"], environment: "node" },
});
