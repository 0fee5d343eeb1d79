import {
  ALERT_CHANNELS,
  type AlertChannel,
  type AlertPreferences,
  type ChannelPreferences,
} from "@kalpa/contracts/api/alerts";
import { ACCESS_KEYS, type AccessKey } from "@kalpa/contracts/names";
import { Bell, LoaderCircle, Mail, MonitorSmartphone, Moon, Send } from "lucide-react";
import { type FormEvent, type ReactNode, useId, useMemo, useState } from "react";
import { buttonStyles } from "@/components/ui/button-styles";
import { inputStyles } from "@/components/ui/text-field";
import { useTranslation } from "@/i18n";
import { isApiError } from "@/lib/api-client";
import { cn } from "@/lib/cn";
import { notify } from "@/lib/notify";
import { useAlertPreferences, useUpdateAlertPreferences } from "../api/alert-preferences";
import type { AccessDetailsState } from "./access-details";
import { AlertGrid } from "./alert-grid";
import { PushControl } from "./push-control";
import { RetryMessage } from "./retry-message";
import { Switch } from "./switch";
import { TelegramControl } from "./telegram-control";
import "@/features/settings/i18n/alerts-en";

/** Quiet hours when they are first turned on: the night. */
const DEFAULT_QUIET_HOURS = { from: "22:00", to: "07:00" };

const CHANNEL_ICONS: Record<AlertChannel, ReactNode> = {
  push: <MonitorSmartphone aria-hidden="true" className="size-5" />,
  telegram: <Send aria-hidden="true" className="size-5" />,
  email: <Mail aria-hidden="true" className="size-5" />,
};

/** The instruments open to the user, or "unknown" while their access is loading or failed to load. */
function accessibleOf(access: AccessDetailsState): ReadonlySet<AccessKey> | "unknown" {
  if (access.status !== "ready") return "unknown";
  return new Set(ACCESS_KEYS.filter((key) => access.subscriptions[key].hasAccess));
}

function samePreferences(a: AlertPreferences, b: AlertPreferences): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * Settings → Alerts: this browser's push switch, linking Telegram, and for each channel which
 * events of which instrument it carries (signal events only for the instruments the user has access to;
 * "Access ending" for any), plus quiet hours in India time. The choices are saved together.
 */
export function AlertsSection({
  access,
  className,
}: {
  access: AccessDetailsState;
  className?: string;
}) {
  const { t, language } = useTranslation();
  const preferences = useAlertPreferences();
  const save = useUpdateAlertPreferences();
  const [draft, setDraft] = useState<AlertPreferences | null>(null);
  const [telegramAvailable, setTelegramAvailable] = useState(false);
  const accessible = useMemo(() => accessibleOf(access), [access]);
  const id = useId();

  const saved = preferences.data;
  const current = draft ?? saved;
  const dirty = draft !== null && saved !== undefined && !samePreferences(draft, saved);

  const setChannel = (channel: AlertChannel, value: ChannelPreferences) => {
    if (!current) return;
    setDraft({ ...current, channels: { ...current.channels, [channel]: value } });
  };
  const setQuietHours = (quietHours: AlertPreferences["quietHours"]) => {
    if (!current) return;
    setDraft({ ...current, quietHours });
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!draft || !dirty) return;
    save.mutate(draft, {
      onSuccess: ({ message }) => {
        setDraft(null);
        notify.success(language === "en" && message ? message : t("alertSettings.saved"));
      },
      onError: (error) =>
        notify.error(
          isApiError(error) && error.message ? error.message : t("alertSettings.saveFailed"),
        ),
    });
  };

  let body: ReactNode;
  if (preferences.isPending) {
    body = (
      <p role="status" className="mt-4 flex items-center gap-2 text-sm text-ink-300">
        <LoaderCircle aria-hidden="true" className="size-4 animate-spin text-accent-400" />
        {t("alertSettings.loading")}
      </p>
    );
  } else if (!current) {
    body = (
      <RetryMessage
        className="mt-4"
        message={t("alertSettings.failed")}
        retryLabel={t("alertSettings.retry")}
        onRetry={() => void preferences.refetch()}
      />
    );
  } else {
    const quiet = current.quietHours;
    const quietLabelId = `${id}-quiet-label`;
    const quietHintId = `${id}-quiet-hint`;
    body = (
      <form onSubmit={onSubmit} className="mt-2 divide-y divide-white/5" noValidate>
        {ALERT_CHANNELS.map((channel) => (
          <div key={channel} className="py-5">
            <fieldset className="min-w-0">
              <legend className="mb-3 flex items-center gap-3 font-medium text-white">
                <span className="text-accent-400">{CHANNEL_ICONS[channel]}</span>
                {t(`alertSettings.channels.${channel}`)}
              </legend>
              {channel === "push" ? (
                <>
                  <PushControl />
                  <p className="mt-3 text-xs text-ink-400">{t("alertSettings.push.gridHint")}</p>
                </>
              ) : null}
              {channel === "telegram" ? (
                <TelegramControl onAvailable={setTelegramAvailable} />
              ) : null}
              {channel === "email" ? (
                <p className="mb-3 text-sm text-ink-300">{t("alertSettings.email.hint")}</p>
              ) : null}
              {channel === "telegram" && !telegramAvailable ? null : (
                <AlertGrid
                  channel={channel}
                  value={current.channels[channel]}
                  onChange={(value) => setChannel(channel, value)}
                  accessible={accessible}
                  disabled={save.isPending}
                />
              )}
            </fieldset>
          </div>
        ))}
        <div className="py-5">
          <fieldset className="min-w-0">
            <legend id={quietLabelId} className="flex items-center gap-3 font-medium text-white">
              <Moon aria-hidden="true" className="size-5 text-accent-400" />
              {t("alertSettings.quiet.legend")}
            </legend>
            <div className="mt-1 flex items-start justify-between gap-4">
              <p id={quietHintId} className="text-sm text-ink-300">
                {t("alertSettings.quiet.hint")}
              </p>
              <Switch
                checked={quiet !== null}
                labelledBy={quietLabelId}
                describedBy={quietHintId}
                disabled={save.isPending}
                onChange={(on) =>
                  setQuietHours(on ? (saved?.quietHours ?? DEFAULT_QUIET_HOURS) : null)
                }
              />
            </div>
            {quiet ? (
              <div className="mt-4 grid grid-cols-2 gap-3 sm:max-w-sm">
                {(["from", "to"] as const).map((end) => (
                  <div key={end}>
                    <label
                      htmlFor={`${id}-quiet-${end}`}
                      className="block text-sm font-medium text-ink-100"
                    >
                      {t(`alertSettings.quiet.${end}`)}
                    </label>
                    <input
                      id={`${id}-quiet-${end}`}
                      type="time"
                      required
                      value={quiet[end]}
                      disabled={save.isPending}
                      onChange={(event) => {
                        // Cleared or half-typed: keep the last whole time.
                        if (/^\d{2}:\d{2}$/.test(event.target.value)) {
                          setQuietHours({ ...quiet, [end]: event.target.value });
                        }
                      }}
                      className={cn(inputStyles, "mt-1.5 [color-scheme:dark]")}
                    />
                  </div>
                ))}
              </div>
            ) : null}
          </fieldset>
        </div>
        <div className="flex flex-col gap-3 pt-5 sm:flex-row sm:items-center sm:justify-end">
          {dirty ? (
            <p role="status" className="text-sm text-ink-300">
              {t("alertSettings.unsaved")}
            </p>
          ) : null}
          <button
            type="submit"
            disabled={!dirty || save.isPending}
            className={buttonStyles({ className: "w-full sm:w-fit" })}
          >
            {save.isPending ? (
              <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
            ) : null}
            {save.isPending ? t("alertSettings.saving") : t("alertSettings.save")}
          </button>
        </div>
      </form>
    );
  }

  return (
    <section aria-labelledby={`${id}-heading`} className={className}>
      <h2 id={`${id}-heading`} className="flex items-center gap-2 text-lg font-semibold text-white">
        <Bell aria-hidden="true" className="size-5 text-accent-400" />
        {t("alertSettings.heading")}
      </h2>
      <p className="mt-1 text-sm text-ink-300">{t("alertSettings.lead")}</p>
      {body}
    </section>
  );
}
