import { SERVER_MESSAGES } from "@kalpa/contracts/messages";
import { describe, expect, it } from "vitest";
import { buildApp } from "../src/app";
import { loadConfig } from "../src/config/env";
import { openDatabase } from "../src/db/client";
import { createTestApp } from "./helpers/test-app";

describe("GET /api/health when the database does not answer", () => {
  it("answers 503 with the envelope and no internals", async () => {
    const t = await createTestApp({
      wrapDatabase: (database) => ({
        ...database,
        ping: async () => {
          throw new Error("connect ECONNREFUSED 10.0.0.5:5432");
        },
      }),
    });
    try {
      const res = await t.app.inject({ method: "GET", url: "/api/health" });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({
        success: false,
        error: SERVER_MESSAGES.databaseUnavailable,
        code: "SERVICE_UNAVAILABLE",
      });
      expect(res.body).not.toContain("10.0.0.5");
    } finally {
      await t.close();
    }
  });
});

describe("start-up with an unreachable Redis", () => {
  it("fails with a readable reason that hides the password", async () => {
    const database = await openDatabase({ kind: "pglite", dataDir: "memory://" });
    try {
      const config = loadConfig({ REDIS_URL: "redis://:hunter2@127.0.0.1:1", LOG_LEVEL: "silent" });
      const error = await buildApp({ config, database, webDistDir: undefined }).then(
        () => undefined,
        (reason: unknown) => reason as Error,
      );
      expect(error?.message).toMatch(
        /^Could not connect to Redis at redis:\/\/:\*\*\*@127\.0\.0\.1:1/,
      );
      expect(error?.message).not.toContain("hunter2");
    } finally {
      await database.close();
    }
  });
});
