/**
 * Alerts: the queue every process works on (Web Push, Telegram, e-mail), the endpoints that manage them,
 * the Telegram bot (polled by the one process holding its lock, which also sends its alerts), the access
 * reminders written every ten minutes, and the console's view of the queue. Committed signal transitions
 * wake the queue (their alert events were committed with them).
 */
import type { HttpApp } from "../../kernel/http";
import type { Kernel } from "../../kernel/kernel";
import { loadSecretsKey } from "../../lib/secret-box";
import type { AppAccess } from "../access/module";
import { createAccessReader } from "../access/service";
import { adminAlertsRoutes } from "../admin/alerts-overview";
import type { AccountsModule } from "../auth/module";
import type { ResearchAnalystService } from "../research-analyst/service";
import type { SignalsModule } from "../signals/module";
import { createEmailSender } from "./channels/email/sender";
import { createUnsubscribeTokens } from "./channels/email/unsubscribe";
import { unsubscribeRoutes } from "./channels/email/unsubscribe-routes";
import { pushHosts } from "./channels/push/hosts";
import { createPushSender } from "./channels/push/sender";
import { loadVapidKeys } from "./channels/push/vapid";
import { telegramRoutes } from "./channels/telegram/routes";
import {
  attachTelegramCommands,
  createTelegramBot,
  createTelegramLinks,
  createTelegramSender,
  TELEGRAM_LOCK_KEY,
  telegramLinkEnding,
} from "./channels/telegram/telegram";
import type { AlertAnalyst } from "./content";
import { createAlertDelivery } from "./delivery";
import { pruneAlerts, REMINDER_PASS_MS, writeAccessReminders } from "./reminders";
import { createAlertRepository } from "./repository";
import { alertRoutes } from "./routes";

export async function registerAlerts(
  app: HttpApp,
  kernel: Kernel,
  deps: {
    accounts: Pick<AccountsModule, "outsideLinks">;
    access: Pick<AppAccess, "repos">;
    signals: Pick<SignalsModule, "onCommit">;
    /** The operator's research-analyst profile: each signal alert names the analyst while one is set. */
    researchAnalyst?: Pick<ResearchAnalystService, "current">;
  },
) {
  const { config, clock, db, log, mailer, limiter } = kernel;
  const alertRepository = createAlertRepository(db);
  const vapid = await loadVapidKeys(config.alerts.vapid, config.dataDir);
  const pushServices = pushHosts(config.alerts.pushServiceHosts);
  // Access is checked afresh at the moment of sending, not from a kept copy.
  const accessNow = createAccessReader({ clock, ...deps.access.repos });
  const telegramLinks = createTelegramLinks(db, clock);
  const telegramBot = config.alerts.telegram
    ? createTelegramBot(config.alerts.telegram)
    : undefined;
  const telegram = telegramBot?.bot;
  // A linked chat ends with a password reset or change and the operator's force-logout.
  const telegramEnding = telegramLinkEnding({ db, links: telegramLinks, bot: telegram, log });
  deps.accounts.outsideLinks.add(telegramEnding);
  const unsubscribeTokens = createUnsubscribeTokens(
    await loadSecretsKey(config.secretsKey, config.dataDir),
    config.publicOrigin,
  );
  const alertDelivery = createAlertDelivery({
    db,
    clock,
    accessOf: (userIds, now) => accessNow.accessOf(userIds, now),
    analyst: async (): Promise<AlertAnalyst | null> => {
      const profile = deps.researchAnalyst ? (await deps.researchAnalyst.current()).profile : null;
      return profile
        ? { name: profile.registeredName, registrationNumber: profile.registrationNumber }
        : null;
    },
    senders: {
      push: createPushSender({
        repository: alertRepository,
        vapid,
        subject: config.alerts.vapidSubject,
        hosts: pushServices,
        clock,
      }),
      ...(telegramBot && config.alerts.telegram
        ? {
            telegram: createTelegramSender(telegramBot, telegramLinks, {
              perSecond: config.alerts.telegram.messagesPerSecond,
            }),
          }
        : {}),
      email: createEmailSender({
        db,
        mailer,
        brand: config.brandName,
        origin: config.publicOrigin,
        unsubscribe: unsubscribeTokens,
      }),
    },
    log,
  });
  await app.register(telegramRoutes, {
    links: telegramLinks,
    unlink: telegramEnding.unlink,
    limiter,
    configured: telegram !== undefined,
    botUsername: async () => {
      if (!telegram) return undefined;
      // getMe once; until the Bot API answers, Telegram is unavailable.
      if (!telegram.isInited()) await telegram.init().catch(() => undefined);
      return telegram.isInited() ? telegram.botInfo.username : undefined;
    },
  });
  if (telegram) {
    attachTelegramCommands(telegram, { links: telegramLinks, repository: alertRepository });
    telegram.catch((error) => log.warn({ err: error.error }, "telegram: a command failed"));
    // One process polls the bot (Telegram refuses two): the one holding its lock, taken on DATABASE_URL's
    // server.
    const polling = await kernel.lead(
      { key: TELEGRAM_LOCK_KEY, name: "the Telegram bot" },
      async () => {
        void telegram
          .start({ allowed_updates: ["message"] })
          .catch((error: unknown) => log.error({ err: error }, "telegram: polling stopped"));
        // The same process sends the bot's alerts, so its pace is the bot's across a cluster.
        const sending = alertDelivery.lead("telegram");
        return async () => {
          try {
            await telegram.stop();
          } finally {
            // Even when the Bot API did not answer: another process may lead now.
            await sending.stop();
          }
        };
      },
      config.databaseUrl,
    );
    // After the delivery loops ("alerts" comes first): its connections go once it polls and sends no more.
    kernel.onClose("telegram", async () => {
      await polling.stop();
      await telegramBot?.close();
    });
  }
  await app.register(alertRoutes, {
    repository: alertRepository,
    publicKey: vapid.publicKey,
    hosts: pushServices,
    limiter,
    onChange: alertDelivery.wake,
  });
  await app.register(unsubscribeRoutes, { repository: alertRepository, tokens: unsubscribeTokens });
  alertDelivery.start();
  // The console's view of the queue and each channel's health (admin only). The senders wired above: push
  // always (its VAPID keys are loaded or made), Telegram with a bot token, e-mail always (SMTP, or in
  // development the outbox).
  await app.register(adminAlertsRoutes, {
    db,
    clock,
    configured: { push: true, telegram: telegram !== undefined, email: true },
  });
  // Access reminders: written at most once each (unique keys), looked for every ten minutes.
  // Old deliveries are pruned on the same pass.
  const remind = () =>
    writeAccessReminders(db, clock())
      .then((written) => {
        if (written > 0) alertDelivery.wake();
        return pruneAlerts(db, clock());
      })
      .catch((error: unknown) =>
        log.warn({ err: error }, "alerts: could not write reminders or prune old alerts"),
      );
  const reminderTimer = setInterval(remind, REMINDER_PASS_MS);
  reminderTimer.unref();
  void remind();
  kernel.onClose("alerts", async () => {
    clearInterval(reminderTimer);
    await alertDelivery.stop();
  });
  // The engine's commits wake the queue (after the current signals' kept answers forget).
  deps.signals.onCommit(() => alertDelivery.wake());
}
