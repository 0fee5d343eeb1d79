import { describe, expect, it } from "vitest";
import { loadBrokerCliConfig } from "./cli-config";

describe("loadBrokerCliConfig", () => {
  it("refuses plain-text roots that carry a token in production, as the server does, and keeps the doubles reachable otherwise", () => {
    expect(() =>
      loadBrokerCliConfig({ NODE_ENV: "production", KITE_ROOT: "http://kite.example" }),
    ).toThrow(/KITE_ROOT: must be https:\/\//);
    expect(loadBrokerCliConfig({ KITE_ROOT: "http://kite.example" }).dataDir).toBeDefined();
  });
});
