/**
 * npm run admin -- broker …: the daily Kite login from the command line, against the local double (only
 * through KITE_ROOT and KITE_LOGIN_URL): the login URL, the request token exchanged and stored, the status,
 * a refused token, and the logout, each audited as "cli".
 */
import { randomBytes } from "node:crypto";
import { createKiteDouble } from "@kalpa/kite-double";
import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import type { BrokerCliSettings } from "../../src/cli/broker-commands";
import { runAdminCli } from "../../src/cli/run";
import { auditLog } from "../../src/db/schema";
import { useAccountsApp } from "../helpers/accounts";

const double = await createKiteDouble({ port: 0, apiKey: "kalpa_cli", apiSecret: "cli_secret" });

describe("npm run admin -- broker", () => {
  const h = useAccountsApp();
  const broker: BrokerCliSettings = {
    kite: {
      apiKey: "kalpa_cli",
      apiSecret: "cli_secret",
      root: double.root,
      wsRoot: double.wsRoot,
      loginUrl: double.loginUrl,
    },
    secretsKey: randomBytes(32),
    dataDir: "/nonexistent",
  };
  afterAll(() => double.close());

  async function cli(argv: string[], settings: BrokerCliSettings | undefined = broker) {
    const out: string[] = [];
    const err: string[] = [];
    const code = await runAdminCli({
      argv,
      openDatabase: async () => ({ ...h.t.database, close: async () => {} }),
      clock: h.clock.now,
      out: (line) => out.push(line),
      err: (line) => err.push(line),
      readPassword: async () => "",
      ...(settings ? { broker: settings } : {}),
    });
    return { code, out: out.join("\n"), err: err.join("\n") };
  }

  /** The operator logs in on the printed page; Kite's redirect carries the request token. */
  async function requestToken(loginUrl: string): Promise<string> {
    const url = new URL(loginUrl);
    const authorize = new URL("/connect/authorize", double.root);
    authorize.searchParams.set("api_key", url.searchParams.get("api_key") ?? "");
    authorize.searchParams.set("action", "login");
    const back = await fetch(authorize, { redirect: "manual" });
    const token = new URL(back.headers.get("location") ?? "").searchParams.get("request_token");
    if (!token) throw new Error("no request token in Kite's redirect");
    return token;
  }

  it("prints the login page, stores the exchanged token, reports it, and forgets it on logout", async () => {
    const url = await cli(["broker", "login-url"]);
    expect(url.code).toBe(0);
    const loginUrl = url.out.split("\n")[0] ?? "";
    expect(loginUrl).toBe(`${double.loginUrl}?v=3&api_key=kalpa_cli`);

    expect((await cli(["broker", "status"])).out).toContain("No Kite session stored");
    const stored = await cli(["broker", "token", await requestToken(loginUrl)]);
    expect(stored).toMatchObject({ code: 0, err: "" });
    expect(stored.out).toMatch(
      /^Kite session stored for DOUBLE1, valid until \d{4}-\d{2}-\d{2} 06:00 India time\.$/,
    );
    expect((await cli(["broker", "status"])).out).toContain("Valid until");

    // A used request token is refused with Kite's own words.
    const again = await cli(["broker", "token", "not-a-token"]);
    expect(again).toMatchObject({ code: 1 });
    expect(again.err).toContain("Kite refused the login: Token is invalid or has expired.");

    expect((await cli(["broker", "logout"])).code).toBe(0);
    expect((await cli(["broker", "status"])).out).toContain("No Kite session stored");
    const audited = await h.t.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.actor, "cli"));
    expect(audited.map((row) => row.action)).toEqual(["broker.login", "broker.logout"]);
  });

  it("says plainly when Kite refuses the checksum (a wrong KITE_API_SECRET)", async () => {
    const wrongSecret = {
      ...broker,
      kite: {
        ...(broker.kite as NonNullable<BrokerCliSettings["kite"]>),
        apiSecret: "not_the_secret",
      },
    };
    const url = (await cli(["broker", "login-url"])).out.split("\n")[0] ?? "";
    const refused = await cli(["broker", "token", await requestToken(url)], wrongSecret);
    expect(refused.code).toBe(1);
    expect(refused.err).toBe("Kite refused the login: Invalid `checksum`.");
    expect((await cli(["broker", "status"])).out).toContain("No Kite session stored");
  });

  it("says what is missing without Kite's settings, and refuses an unknown action", async () => {
    const noKey = await cli(["broker", "status"], {
      ...broker,
      secretsKey: undefined,
      onPostgres: true,
    });
    expect(noKey).toMatchObject({ code: 1 });
    expect(noKey.err).toContain("Set SECRETS_KEY to the server's");
    const missing = await cli(["broker", "status"], { ...broker, kite: undefined });
    expect(missing).toMatchObject({ code: 1 });
    expect(missing.err).toContain("Set KITE_API_KEY and KITE_API_SECRET");
    expect((await cli(["broker", "restart"])).err).toContain('Unknown broker command "restart"');
    expect((await cli(["broker"])).err).toContain(
      "Expected broker <status|login-url|token|logout>",
    );
  });
});
