import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    projects: [
      "packages/contracts/vitest.config.ts",
      "packages/market/vitest.config.ts",
      "packages/testkit/vitest.config.ts",
      "packages/verify/vitest.config.ts",
      "apps/server/vitest.config.ts",
      "apps/web/vitest.config.ts",
      "tools/kite-double/vitest.config.ts",
      "tools/push-double/vitest.config.ts",
      "tools/telegram-double/vitest.config.ts",
    ],
  },
});
