import { emailUnsubscribeEndpoint } from "@kalpa/contracts/api/alerts";
import { useMutation } from "@tanstack/react-query";
import { MailCheck, MailX } from "lucide-react";
import { Link, useSearchParams } from "react-router";
import { buttonStyles } from "@/components/ui/button-styles";
import { FormMessage } from "@/components/ui/form-message";
import { NoticeCard } from "@/components/ui/notice-card";
import { useTranslation } from "@/i18n";
import { apiRequestWithMessage, isApiError } from "@/lib/api-client";
import "@/features/settings/i18n/alerts-en";

/** The shape of a link's token (the server decides whether it holds). */
const TOKEN = /^\d{1,15}\.[A-Za-z0-9_-]{43}$/;

/**
 * /alerts/unsubscribe?token=: the page an alert e-mail's link opens, without signing in. It asks before it
 * acts (mail scanners open links; RFC 8058's one-click POST is the mail provider's own), then posts the
 * token to the same path. The server's message is shown in English, ours in another language.
 */
export function EmailUnsubscribe() {
  const { t, language } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const stop = useMutation({
    mutationFn: () => apiRequestWithMessage(emailUnsubscribeEndpoint, { query: { token } }),
  });
  const home = (
    <Link to="/" className={buttonStyles({ variant: "secondary" })}>
      {t("alertSettings.unsubscribe.home")}
    </Link>
  );

  if (!TOKEN.test(token) || (stop.isError && isApiError(stop.error) && stop.error.status === 400)) {
    return (
      <NoticeCard
        icon={MailX}
        tone="amber"
        alert
        title={t("routes.alertsUnsubscribe.title")}
        message={t("alertSettings.unsubscribe.invalid")}
      >
        <Link to="/settings" className={buttonStyles()}>
          {t("alertSettings.unsubscribe.settings")}
        </Link>
        {home}
      </NoticeCard>
    );
  }

  if (stop.isSuccess) {
    const message = stop.data.message;
    return (
      <NoticeCard
        icon={MailCheck}
        title={t("routes.alertsUnsubscribe.title")}
        message={language === "en" && message ? message : t("alertSettings.unsubscribe.done")}
      >
        <Link to="/settings" className={buttonStyles({ variant: "secondary" })}>
          {t("alertSettings.unsubscribe.settings")}
        </Link>
        {home}
      </NoticeCard>
    );
  }

  return (
    <NoticeCard
      icon={MailX}
      title={t("routes.alertsUnsubscribe.title")}
      message={t("alertSettings.unsubscribe.body")}
      note={
        stop.isError ? (
          <FormMessage tone="error" className="mt-4 text-left">
            {isApiError(stop.error) && stop.error.message
              ? stop.error.message
              : t("alertSettings.unsubscribe.failed")}
          </FormMessage>
        ) : null
      }
    >
      <button
        type="button"
        onClick={() => stop.mutate()}
        disabled={stop.isPending}
        className={buttonStyles()}
      >
        {stop.isPending
          ? t("alertSettings.unsubscribe.confirming")
          : t("alertSettings.unsubscribe.confirm")}
      </button>
      {home}
    </NoticeCard>
  );
}
