import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores: one on CI's two. Most files spend their time
    // waiting (a server's answer, a timer, the embedded database's disk), so three on two cores ran the
    // suite in 806 s against one's 1,264 s (docs/decisions/029, CI's time).
    maxWorkers: Math.max(3, availableParallelism() - 1),
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
      "tools/tsa-double/vitest.config.ts",
    ],
  },
});
