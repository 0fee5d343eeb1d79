import { defineProject } from "vitest/config";

export default defineProject({
  test: {
    name: "market",
    include: ["src/**/*.test.ts", "recorded/**/*.test.ts"],
    environment: "node",
  },
});
