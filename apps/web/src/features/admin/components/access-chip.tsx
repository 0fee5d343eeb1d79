import type { SubscriptionEntry } from "@kalpa/contracts/api/access";
import { useTranslation } from "@/i18n";
import { cn } from "@/lib/cn";
import { formatDayKey } from "@/lib/dates";
import "@/features/admin/i18n/en";

export type Standing = "active" | "expired" | "inactive" | "none";

/** Where an instrument stands: active, expired (still switched on), switched off, or never granted. */
export function standingOf(entry: SubscriptionEntry): Standing {
  if (entry.hasAccess) return "active";
  if (entry.isActive) return "expired";
  return entry.lastDay === null ? "none" : "inactive";
}

const TONES: Record<Standing, string> = {
  active: "border-accent-400/30 bg-accent-400/10 text-accent-200",
  expired: "border-red-400/30 bg-red-400/10 text-red-200",
  inactive: "border-amber-300/30 bg-amber-300/10 text-amber-100",
  none: "border-white/10 bg-white/5 text-ink-300",
};

export function StandingBadge({ entry }: { entry: SubscriptionEntry }) {
  const { t } = useTranslation();
  const standing = standingOf(entry);
  return (
    <span
      className={cn(
        "inline-flex rounded-full border px-2 py-0.5 text-xs font-medium",
        TONES[standing],
      )}
    >
      {t(`admin.access.${standing}`)}
    </span>
  );
}

/** An instrument and its standing, compact, for the users list. */
export function AccessChip({ name, entry }: { name: string; entry: SubscriptionEntry }) {
  const { t } = useTranslation();
  const standing = standingOf(entry);
  return (
    <span
      className={cn(
        "inline-flex items-center gap-1 rounded-full border px-2 py-0.5 text-xs",
        TONES[standing],
      )}
    >
      <span className="font-medium">{name}</span>
      <span>
        {t(`admin.access.${standing}`)}
        {standing === "active" && entry.lastDay
          ? ` ${t("admin.access.until", { date: formatDayKey(entry.lastDay, "en") })}`
          : ""}
      </span>
    </span>
  );
}
