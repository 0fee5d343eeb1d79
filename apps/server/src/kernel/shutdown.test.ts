import { describe, expect, it } from "vitest";
import { createShutdown, SHUTDOWN_ORDER } from "./shutdown";

describe("the shutdown registry", () => {
  it("runs stops by stage in SHUTDOWN_ORDER, whatever order they were added in, one at a time", async () => {
    const shutdown = createShutdown();
    const ran: string[] = [];
    const stop =
      (name: string, ms = 0) =>
      async () => {
        ran.push(`${name} begins`);
        await new Promise((resolve) => setTimeout(resolve, ms));
        ran.push(`${name} ends`);
      };
    shutdown.add("redis", stop("redis"));
    shutdown.add("mail", stop("mail"));
    shutdown.add("alerts", stop("alerts 1", 20));
    shutdown.add("engine", stop("engine", 10));
    shutdown.add("alerts", stop("alerts 2"));
    await shutdown.run();
    expect(ran).toEqual([
      "engine begins",
      "engine ends",
      "alerts 1 begins",
      "alerts 1 ends",
      "alerts 2 begins",
      "alerts 2 ends",
      "mail begins",
      "mail ends",
      "redis begins",
      "redis ends",
    ]);
  });

  it("runs the later stops when one fails, then rejects with the first failure", async () => {
    const shutdown = createShutdown();
    const ran: string[] = [];
    shutdown.add("engine", () => {
      throw new Error("engine would not stop");
    });
    shutdown.add("alerts", async () => {
      throw new Error("alerts would not stop");
    });
    shutdown.add("redis", () => {
      ran.push("redis");
    });
    await expect(shutdown.run()).rejects.toThrow("engine would not stop");
    expect(ran).toEqual(["redis"]);
  });

  it("stops the engine first and Redis last", () => {
    expect(SHUTDOWN_ORDER[0]).toBe("engine");
    expect(SHUTDOWN_ORDER.at(-1)).toBe("redis");
  });
});
