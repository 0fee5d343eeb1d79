/**
 * The broker (MARKET_FEED=kite): the operator's Kite login and the connection's status routes, and the
 * connection the engine opens as its market feed, which e-mails the operator when the feed needs a new
 * login. Without a Kite configuration only the status routes exist (they say there is no broker).
 */
import type { CalendarOptions } from "@kalpa/market/calendar/sessions";
import type { AppConfig } from "../../config/app-config";
import type { AppDb } from "../../db/client";
import type { MarketClockHandle } from "../../engine/market-clock";
import type { HttpApp } from "../../kernel/http";
import type { Kernel } from "../../kernel/kernel";
import { createSecretBox, loadSecretsKey } from "../../lib/secret-box";
import type { MarketRepository } from "../market/repository";
import { createBrokerInstrumentStore } from "./broker-instruments";
import { createBrokerSessionStore } from "./broker-sessions";
import { createKiteApi } from "./kite/kite-api";
import { type BrokerKit, createKiteBroker, type KiteBroker } from "./kite/kite-broker";
import { createKiteLogin } from "./kite/kite-login";
import { brokerRoutes, createBrokerControl } from "./routes";

export async function registerBroker(
  app: HttpApp,
  kernel: Kernel,
  deps: { market: { repository: MarketRepository } },
) {
  const { config, db, log } = kernel;
  const control = createBrokerControl(kernel.io, { clustered: kernel.clustered });
  const kit = await createBrokerKit(config, db);
  await app.register(brokerRoutes, { db, kite: kit, control });
  const kiteConfig = config.market.kite;
  /** The engine's feed: the Kite connection, when MARKET_FEED=kite. */
  const connect =
    kit && kiteConfig
      ? (clock: MarketClockHandle, calendar: CalendarOptions): KiteBroker =>
          createKiteBroker({
            ...kit,
            config: kiteConfig,
            repository: deps.market.repository,
            calendar,
            log,
            now: clock.now,
            notifyLoginNeeded: (reason) =>
              kernel.mail.queue({
                to: config.operator.email,
                subject: `${config.brandName}: Kite login needed`,
                text:
                  `The live market feed has stopped: ${reason}\n\n` +
                  `Open the operator console and press Connect Kite: ${config.publicUrl}/admin?view=broker\n\n` +
                  "Until then the site shows the last prices as stale, and no signal is generated.",
              }),
          })
      : undefined;
  return { control, connect };
}

export type BrokerModule = Awaited<ReturnType<typeof registerBroker>>;

/** What the broker routes and the broker connection share (MARKET_FEED=kite only). */
async function createBrokerKit(config: AppConfig, db: AppDb): Promise<BrokerKit | undefined> {
  const kiteConfig = config.market.kite;
  if (!kiteConfig) return undefined;
  const secretsKey = await loadSecretsKey(config.secretsKey, config.dataDir);
  const api = createKiteApi(kiteConfig);
  const sessions = createBrokerSessionStore(db, createSecretBox(secretsKey));
  return {
    api,
    sessions,
    instruments: createBrokerInstrumentStore(db, api),
    login: createKiteLogin({ config: kiteConfig, api, sessions, secretsKey }),
  };
}
