import { defineConfig, devices } from "@playwright/test";
import { CHROMIUM_PATH, E2E_BASE_URL, E2E_WORKERS } from "./support/environment";

export default defineConfig({
  testDir: "./tests",
  outputDir: "./.artifacts/results",
  // A file's journeys run in order; files run side by side, each worker on its own server
  // (support/global-setup.ts).
  fullyParallel: false,
  workers: E2E_WORKERS,
  retries: 0,
  forbidOnly: !!process.env.CI,
  // Two workers, each with a server and a browser, share CI's two cores: a long journey needs the room.
  timeout: 60_000,
  reporter: [["list"]],
  globalSetup: "./support/global-setup.ts",
  use: {
    baseURL: E2E_BASE_URL,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  projects: [
    { name: "desktop", use: { ...devices["Desktop Chrome"], channel: undefined } },
    { name: "mobile", use: { ...devices["Pixel 7"], channel: undefined }, testMatch: /smoke/ },
  ],
});
