import type { SubscriptionEntry, Subscriptions } from "@kalpa/contracts/api/access";
import { ACCESS_KEYS } from "@kalpa/contracts/names";
import { LoaderCircle, RotateCw, ShieldCheck } from "lucide-react";
import { buttonStyles } from "@/components/ui/button-styles";
import { FormMessage } from "@/components/ui/form-message";
import { useTranslation } from "@/i18n";
import { cn } from "@/lib/cn";
import { formatDayKey } from "@/lib/dates";
import "@/features/settings/i18n/en";

/** The user's access as Settings shows it (from GET /api/subscription/status). */
export type AccessDetailsState =
  | { status: "pending" }
  | { status: "error"; retry: () => void }
  | { status: "ready"; subscriptions: Subscriptions };

type Standing = "active" | "expired" | "inactive";

function standingOf(entry: SubscriptionEntry): Standing {
  if (entry.hasAccess) return "active";
  return entry.isActive ? "expired" : "inactive";
}

const BADGE: Record<Standing, string> = {
  active: "bg-accent-400/10 text-accent-200",
  expired: "bg-red-400/10 text-red-200",
  inactive: "bg-white/5 text-ink-200",
};

/**
 * Settings → Access Details: each instrument the user has (or had) access to, whether it is active, its last
 * day and the days left (Asia/Kolkata days, as the server counts them); "No active access yet" when none is
 * active.
 */
export function AccessDetails({ access }: { access: AccessDetailsState }) {
  const { t } = useTranslation();
  if (access.status === "pending") {
    return (
      <p role="status" className="flex items-center gap-2 text-sm text-ink-300">
        <LoaderCircle aria-hidden="true" className="size-4 animate-spin text-accent-400" />
        {t("settingsPage.access.loading")}
      </p>
    );
  }
  if (access.status === "error") {
    return (
      <FormMessage tone="error">
        <span className="flex flex-wrap items-center justify-between gap-3">
          {t("settingsPage.access.failed")}
          <button
            type="button"
            onClick={access.retry}
            className={buttonStyles({ variant: "secondary", size: "sm" })}
          >
            <RotateCw aria-hidden="true" className="size-4" />
            {t("settingsPage.access.retry")}
          </button>
        </span>
      </FormMessage>
    );
  }
  const { subscriptions } = access;
  const known = ACCESS_KEYS.filter(
    (key) => subscriptions[key].isActive || subscriptions[key].lastDay !== null,
  );
  const anyActive = ACCESS_KEYS.some((key) => subscriptions[key].hasAccess);
  return (
    <div>
      {anyActive ? null : (
        <>
          <span className="inline-flex items-center gap-2 rounded-full bg-white/5 px-3 py-1 text-sm font-medium text-ink-100">
            <ShieldCheck aria-hidden="true" className="size-4 text-ink-400" />
            {t("settingsPage.access.none")}
          </span>
          <p className="mt-2 max-w-xl text-sm text-ink-300">{t("settingsPage.access.noneHint")}</p>
        </>
      )}
      {known.length > 0 ? (
        <ul
          aria-label={t("settingsPage.access.instrumentsLabel")}
          className={cn("grid gap-3 sm:grid-cols-3", !anyActive && "mt-4")}
        >
          {known.map((key) => {
            const entry = subscriptions[key];
            const standing = standingOf(entry);
            return (
              <li key={key} className="rounded-xl border border-white/10 bg-white/[0.03] p-4">
                <p className="flex items-center justify-between gap-2">
                  <span className="font-semibold text-white">{key}</span>
                  <span
                    className={cn(
                      "rounded-full px-2.5 py-0.5 text-xs font-medium",
                      BADGE[standing],
                    )}
                  >
                    {t(`settingsPage.access.${standing}`)}
                  </span>
                </p>
                <dl className="mt-3 space-y-1.5 text-sm">
                  <div className="flex justify-between gap-3">
                    <dt className="text-ink-400">{t("settingsPage.access.lastDay")}</dt>
                    <dd className="text-ink-100">
                      {entry.lastDay
                        ? formatDayKey(entry.lastDay)
                        : t("settingsPage.access.noEndDate")}
                    </dd>
                  </div>
                  {entry.daysLeft === null ? null : (
                    <div className="flex justify-between gap-3">
                      <dt className="text-ink-400">{t("settingsPage.access.daysLeft")}</dt>
                      <dd className="text-ink-100">{daysLeftLabel(entry.daysLeft, t)}</dd>
                    </div>
                  )}
                </dl>
              </li>
            );
          })}
        </ul>
      ) : null}
    </div>
  );
}

function daysLeftLabel(daysLeft: number, t: ReturnType<typeof useTranslation>["t"]): string {
  if (daysLeft > 0) return t("settingsPage.access.left", { count: daysLeft });
  if (daysLeft === 0) return t("settingsPage.access.lastDayToday");
  return t("settingsPage.access.expiredAgo", { count: -daysLeft });
}
