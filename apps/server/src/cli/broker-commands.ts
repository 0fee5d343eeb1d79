/**
 * `npm run admin -- broker <status|login-url|token|logout>`: the broker's daily login without the console.
 * The operator opens the printed login URL, logs in to Kite, and pastes the request_token from the address
 * Kite sends the browser back to (the site's callback refuses a login that did not start in the console,
 * without using the token up). Every change is audited with the actor "cli".
 */

import type { KiteConfig } from "../config/app-config";
import { createSecretBox, loadSecretsKey } from "../lib/secret-box";
import { createAuditRepository } from "../modules/audit/repository";
import { createBrokerSessionStore } from "../modules/broker/broker-sessions";
import { createKiteApi } from "../modules/broker/kite/kite-api";
import { createKiteLogin, KiteLoginRefused } from "../modules/broker/kite/kite-login";
import { BROKER } from "../modules/broker/kite/kite-token";
import { type CliContext, CliError } from "./commands";

export interface BrokerCliSettings {
  kite: KiteConfig | undefined;
  secretsKey: Buffer | undefined;
  dataDir: string;
  /** On PostgreSQL the key must be the server's SECRETS_KEY: a key file of this machine would not be. */
  onPostgres?: boolean;
}

export const BROKER_USAGE = `  broker status
      The stored Kite session: who, until when, and whether Kite refused it.
  broker login-url
      Kite's login page for this app (KITE_API_KEY). After logging in, Kite sends the browser to the
      registered redirect URL: copy the request_token from that address and run "broker token".
  broker token <request_token>
      Exchanges the request token for the day's access token and stores it (encrypted with
      SECRETS_KEY); a running server picks it up within seconds.
  broker logout
      Forgets the stored access token; the feed stops until the next login.`;

const india = (at: number) =>
  `${new Date(at + 19_800_000).toISOString().slice(0, 16).replace("T", " ")} India time`;

export async function brokerCommand(
  context: () => Promise<CliContext>,
  settings: BrokerCliSettings,
  action: string,
  argument: string | undefined,
): Promise<void> {
  const kite = settings.kite;
  if (!kite) {
    throw new CliError("Set KITE_API_KEY and KITE_API_SECRET (as the server has them) first.");
  }
  if (!settings.secretsKey && settings.onPostgres) {
    throw new CliError(
      "Set SECRETS_KEY to the server's: on DATABASE_URL the stored access token is sealed with it.",
    );
  }
  const secretsKey = await loadSecretsKey(settings.secretsKey, settings.dataDir);
  const api = createKiteApi(kite);
  const login = (ctx: CliContext) =>
    createKiteLogin({
      config: kite,
      api,
      sessions: createBrokerSessionStore(ctx.db, createSecretBox(secretsKey)),
      secretsKey,
    });
  switch (action) {
    case "login-url": {
      const ctx = await context();
      ctx.out(login(ctx).plainLoginUrl());
      ctx.out("Log in there; then run: npm run admin -- broker token <request_token>");
      return;
    }
    case "token": {
      if (!argument) throw new CliError("Give the request_token from Kite's redirect.");
      const ctx = await context();
      try {
        const { userId, expiresAt } = await login(ctx).exchange(argument, ctx.clock().getTime());
        await createAuditRepository(ctx.db).append({
          actor: "cli",
          action: "broker.login",
          target: `broker:${BROKER}`,
          details: { userId, expiresAt: new Date(expiresAt).toISOString() },
          ip: null,
        });
        ctx.out(`Kite session stored for ${userId}, valid until ${india(expiresAt)}.`);
      } catch (error) {
        if (error instanceof KiteLoginRefused) throw new CliError(error.message);
        throw error;
      }
      return;
    }
    case "status": {
      const ctx = await context();
      const session = await createBrokerSessionStore(ctx.db, createSecretBox(secretsKey)).current(
        BROKER,
      );
      if (!session) {
        ctx.out("No Kite session stored: run broker login-url.");
        return;
      }
      ctx.out(`Kite session of ${session.userId}, logged in ${india(session.loginAt)}`);
      if (session.invalidAt !== undefined) {
        ctx.out(`Refused since ${india(session.invalidAt)}: ${session.invalidReason ?? ""}`);
      } else if (session.accessToken === undefined) {
        ctx.out("The stored token cannot be read with this SECRETS_KEY: log in again.");
      } else {
        ctx.out(`Valid until ${india(session.expiresAt)}.`);
      }
      return;
    }
    case "logout": {
      const ctx = await context();
      await createBrokerSessionStore(ctx.db, createSecretBox(secretsKey)).forget(BROKER);
      await createAuditRepository(ctx.db).append({
        actor: "cli",
        action: "broker.logout",
        target: `broker:${BROKER}`,
        details: {},
        ip: null,
      });
      ctx.out("The Kite session is forgotten.");
      return;
    }
    default:
      throw new CliError(`Unknown broker command "${action}": status, login-url, token or logout.`);
  }
}
