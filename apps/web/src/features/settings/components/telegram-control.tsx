import { CircleCheck, Copy, ExternalLink, LoaderCircle, Send } from "lucide-react";
import { useEffect, useState } from "react";
import { buttonStyles } from "@/components/ui/button-styles";
import { FormMessage } from "@/components/ui/form-message";
import { useTranslation } from "@/i18n";
import { isApiError } from "@/lib/api-client";
import { formatMoment } from "@/lib/dates";
import { notify } from "@/lib/notify";
import { useTelegramLink, useTelegramStatus, useTelegramUnlink } from "../api/telegram";
import { RetryMessage } from "./retry-message";
import "@/features/settings/i18n/alerts-en";

interface PendingLink {
  url: string;
  expiresAt: string;
}

/** Only Telegram's own https links are opened or shown as links. */
function isTelegramUrl(url: string): boolean {
  try {
    const parsed = new URL(url);
    return parsed.protocol === "https:" && parsed.hostname === "t.me";
  } catch {
    return false;
  }
}

/**
 * Settings → Alerts → Telegram: whether the site runs a bot, and linking the user's chat with a one-time
 * deep link (opened in Telegram, and shown to open or copy by hand); while it waits, the status is asked
 * again every few seconds, until the chat is linked or the link expires. A linked chat can be unlinked.
 * `onAvailable` hears whether the site has Telegram alerts, for the section to show their choices or not.
 */
export function TelegramControl({ onAvailable }: { onAvailable?: (available: boolean) => void }) {
  const { t, language } = useTranslation();
  const [pending, setPending] = useState<PendingLink | null>(null);
  const [expired, setExpired] = useState(false);
  const status = useTelegramStatus({ polling: pending !== null && !expired });
  const link = useTelegramLink();
  const unlink = useTelegramUnlink();
  const linked = status.data?.linked === true;
  const available = status.data?.available;

  useEffect(() => {
    if (available !== undefined) onAvailable?.(available);
  }, [available, onAvailable]);

  // Polling stops once the link has expired.
  useEffect(() => {
    if (!pending) return;
    const left = Date.parse(pending.expiresAt) - Date.now();
    if (!(left > 0)) {
      setExpired(true);
      return;
    }
    const timer = setTimeout(() => setExpired(true), left);
    return () => clearTimeout(timer);
  }, [pending]);

  // The chat was linked while the link was out: done.
  useEffect(() => {
    if (pending && linked) {
      setPending(null);
      notify.success(t("alertSettings.telegram.nowLinked"));
    }
  }, [pending, linked, t]);

  const errorText = (error: unknown) =>
    isApiError(error) && error.message ? error.message : t("alertSettings.telegram.failed");

  const onLink = () =>
    link.mutate(undefined, {
      onSuccess: ({ data, message }) => {
        setExpired(false);
        setPending(data);
        notify.success(
          language === "en" && message ? message : t("alertSettings.telegram.linkReady"),
        );
        if (isTelegramUrl(data.url)) window.open(data.url, "_blank", "noopener,noreferrer");
      },
      onError: (error) => notify.error(errorText(error)),
    });

  const onUnlink = () =>
    unlink.mutate(undefined, {
      onSuccess: ({ message }) =>
        notify.success(
          language === "en" && message ? message : t("alertSettings.telegram.unlinked"),
        ),
      onError: (error) => notify.error(errorText(error)),
    });

  const onCopy = async (url: string) => {
    try {
      await navigator.clipboard.writeText(url);
      notify.success(t("alertSettings.telegram.copied"));
    } catch {
      // No clipboard (an insecure page, a refusal): the link stays shown to copy by hand.
    }
  };

  if (status.isPending) {
    return (
      <p role="status" className="flex items-center gap-2 text-sm text-ink-300">
        <LoaderCircle aria-hidden="true" className="size-4 animate-spin text-accent-400" />
        {t("alertSettings.telegram.loading")}
      </p>
    );
  }
  if (status.isError) {
    return (
      <RetryMessage
        message={t("alertSettings.telegram.failed")}
        retryLabel={t("alertSettings.retry")}
        onRetry={() => void status.refetch()}
      />
    );
  }
  if (!status.data.available) {
    return <FormMessage tone="info">{t("alertSettings.telegram.unavailable")}</FormMessage>;
  }
  if (linked) {
    return (
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div>
          <span className="inline-flex items-center gap-2 rounded-full bg-accent-400/10 px-3 py-1 text-sm font-medium text-accent-200">
            <CircleCheck aria-hidden="true" className="size-4" />
            {t("alertSettings.telegram.linked")}
            {status.data.botUsername ? (
              <span className="font-normal text-ink-300">@{status.data.botUsername}</span>
            ) : null}
          </span>
          <p className="mt-2 text-sm text-ink-300">{t("alertSettings.telegram.linkedHint")}</p>
          {status.data.chat ? (
            <p className="mt-1 text-sm text-ink-200">
              {status.data.chat.name
                ? t("alertSettings.telegram.chat", {
                    name: status.data.chat.name,
                    time: formatMoment(status.data.chat.linkedAt),
                  })
                : t("alertSettings.telegram.chatUnnamed", {
                    time: formatMoment(status.data.chat.linkedAt),
                  })}
            </p>
          ) : null}
          <p className="mt-1 text-xs text-ink-400">{t("alertSettings.telegram.endsHint")}</p>
        </div>
        <button
          type="button"
          onClick={onUnlink}
          disabled={unlink.isPending}
          className={buttonStyles({ variant: "danger", size: "sm", className: "w-fit" })}
        >
          {unlink.isPending ? (
            <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
          ) : null}
          {unlink.isPending
            ? t("alertSettings.telegram.unlinking")
            : t("alertSettings.telegram.unlink")}
        </button>
      </div>
    );
  }
  return (
    <div>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-ink-300">{t("alertSettings.telegram.notLinked")}</p>
        <button
          type="button"
          onClick={onLink}
          disabled={link.isPending}
          className={buttonStyles({ size: "sm", className: "w-fit" })}
        >
          {link.isPending ? (
            <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
          ) : (
            <Send aria-hidden="true" className="size-4" />
          )}
          {link.isPending ? t("alertSettings.telegram.linking") : t("alertSettings.telegram.link")}
        </button>
      </div>
      {pending ? (
        expired ? (
          <FormMessage tone="info" className="mt-3">
            {t("alertSettings.telegram.expired")}
          </FormMessage>
        ) : (
          <div className="mt-3 rounded-xl border border-white/10 bg-white/[0.03] p-4 text-sm">
            <p role="status" className="text-ink-200">
              {t("alertSettings.telegram.pending")}
            </p>
            {isTelegramUrl(pending.url) ? (
              <a
                href={pending.url}
                target="_blank"
                rel="noopener noreferrer"
                className="mt-2 flex items-center gap-1.5 break-all font-mono text-accent-300 underline underline-offset-2 hover:text-accent-200"
              >
                <ExternalLink aria-hidden="true" className="size-4 shrink-0" />
                {pending.url}
              </a>
            ) : (
              <p className="mt-2 break-all font-mono text-ink-100">{pending.url}</p>
            )}
            <div className="mt-3 flex flex-wrap items-center justify-between gap-3">
              <p className="text-ink-400">
                {t("alertSettings.telegram.expires", { time: formatMoment(pending.expiresAt) })}
              </p>
              <button
                type="button"
                onClick={() => void onCopy(pending.url)}
                className={buttonStyles({ variant: "secondary", size: "sm" })}
              >
                <Copy aria-hidden="true" className="size-4" />
                {t("alertSettings.telegram.copy")}
              </button>
            </div>
          </div>
        )
      ) : null}
    </div>
  );
}
