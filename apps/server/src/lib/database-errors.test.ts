import { describe, expect, it } from "vitest";
import { isDatabaseUnavailable } from "./database-errors";

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

describe("isDatabaseUnavailable", () => {
  it("knows a database that is away: refused, cut, shutting down, starting, no connection in time", () => {
    for (const error of [
      withCode("connect ECONNREFUSED 127.0.0.1:5432", "ECONNREFUSED"),
      withCode("terminating connection due to administrator command", "57P01"),
      withCode("the database system is starting up", "57P03"),
      withCode("connection failure", "08006"),
      new Error("Connection terminated unexpectedly"),
      new Error("timeout exceeded when trying to connect"),
    ]) {
      expect(isDatabaseUnavailable(error)).toBe(true);
    }
  });

  it("looks through the query error Drizzle wraps the driver's in", () => {
    const wrapped = new Error("Failed query: select 1", {
      cause: withCode("connect ECONNREFUSED 127.0.0.1:5432", "ECONNREFUSED"),
    });
    expect(isDatabaseUnavailable(wrapped)).toBe(true);
  });

  it("leaves a query's own failures alone", () => {
    expect(isDatabaseUnavailable(withCode('relation "x" does not exist', "42P01"))).toBe(false);
    expect(isDatabaseUnavailable(withCode("duplicate key value", "23505"))).toBe(false);
    expect(isDatabaseUnavailable(new Error("boom"))).toBe(false);
    expect(isDatabaseUnavailable("ECONNREFUSED")).toBe(false);
  });
});
