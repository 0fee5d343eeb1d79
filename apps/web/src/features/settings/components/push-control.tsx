import { BellOff, BellRing, LoaderCircle } from "lucide-react";
import { useId } from "react";
import { FormMessage } from "@/components/ui/form-message";
import { useTranslation } from "@/i18n";
import { usePushAlerts } from "../hooks/use-push-alerts";
import { Switch } from "./switch";
import "@/features/settings/i18n/alerts-en";

/**
 * Settings → Alerts → This browser: the switch that turns this browser's push alerts on and off, and what
 * stands in the way when it cannot (a browser without push, notifications blocked).
 */
export function PushControl() {
  const { t } = useTranslation();
  const { state, busy, turnOn, turnOff } = usePushAlerts();
  const id = useId();
  const labelId = `${id}-label`;
  const statusId = `${id}-status`;

  if (state === "unsupported") {
    return <FormMessage tone="info">{t("alertSettings.push.unsupported")}</FormMessage>;
  }

  const on = state === "on";
  let status: string;
  if (busy) status = t("alertSettings.push.busy");
  else if (state === "checking") status = t("alertSettings.push.checking");
  else status = on ? t("alertSettings.push.on") : t("alertSettings.push.off");

  return (
    <div>
      <div className="flex items-start justify-between gap-4">
        <div className="flex min-w-0 items-start gap-3">
          <span className="mt-0.5 text-accent-400">
            {busy || state === "checking" ? (
              <LoaderCircle aria-hidden="true" className="size-5 animate-spin" />
            ) : on ? (
              <BellRing aria-hidden="true" className="size-5" />
            ) : (
              <BellOff aria-hidden="true" className="size-5 text-ink-400" />
            )}
          </span>
          <div className="min-w-0">
            <p id={labelId} className="font-medium text-white">
              {t("alertSettings.push.switchLabel")}
            </p>
            <p id={statusId} role="status" className="mt-0.5 text-sm text-ink-300">
              {status}
            </p>
          </div>
        </div>
        <Switch
          checked={on}
          busy={busy}
          disabled={busy || state === "checking" || state === "denied"}
          labelledBy={labelId}
          describedBy={statusId}
          onChange={(next) => void (next ? turnOn() : turnOff())}
        />
      </div>
      {state === "denied" ? (
        <FormMessage tone="error" className="mt-3">
          {t("alertSettings.push.denied")}
        </FormMessage>
      ) : null}
    </div>
  );
}
