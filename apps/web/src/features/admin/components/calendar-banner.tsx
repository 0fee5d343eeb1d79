import { formatDayKey } from "@kalpa/contracts/day-format";
import { CalendarClock } from "lucide-react";
import { Link } from "react-router";
import { buttonStyles } from "@/components/ui/button-styles";
import { useTranslation } from "@/i18n";
import { useCalendarReminder } from "../api/get-calendar";
import { consoleHref } from "../utils/console-location";
import "@/features/admin/i18n/en";

/**
 * "The 2027 calendar is provisional", at the top of every console view from 30 days before the first day
 * whose calendar the exchanges have not confirmed (the server's clock decides), until the year is
 * confirmed. Nothing otherwise, nor while the answer is unknown.
 */
export function CalendarBanner() {
  const { t } = useTranslation();
  const reminder = useCalendarReminder().data?.reminder;
  if (!reminder) return null;
  const year = Number(reminder.day.slice(0, 4));
  return (
    <section
      aria-labelledby="admin-calendar-banner"
      data-testid="calendar-banner"
      className="mt-6 flex flex-col gap-3 rounded-xl border border-amber-300/50 bg-amber-300/10 p-3 text-amber-100 sm:flex-row sm:items-center sm:justify-between sm:p-4"
    >
      <div className="flex min-w-0 items-start gap-2.5">
        <CalendarClock aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-amber-300" />
        <div className="min-w-0">
          <h2 id="admin-calendar-banner" className="font-semibold text-amber-50">
            {t("admin.calendar.banner", {
              year,
              status: t(`admin.calendar.bannerStatus.${reminder.status}`),
            })}
          </h2>
          <p className="mt-0.5 text-sm break-words text-amber-100/90">
            {t("admin.calendar.bannerBody", {
              day: formatDayKey(reminder.day),
              when:
                reminder.daysAway === 0
                  ? t("admin.calendar.bannerToday")
                  : t("admin.calendar.bannerIn", { count: reminder.daysAway }),
            })}
          </p>
        </div>
      </div>
      <Link
        to={consoleHref({ view: "calendar", year })}
        className={buttonStyles({
          variant: "secondary",
          size: "sm",
          className: "w-full shrink-0 sm:w-auto",
        })}
      >
        {t("admin.calendar.bannerOpen")}
      </Link>
    </section>
  );
}
