import {
  ALERT_EVENTS,
  type AlertEvent,
  type ChannelPreferences,
} from "@kalpa/contracts/api/alerts";
import { ACCESS_KEYS, type AccessKey } from "@kalpa/contracts/names";
import { useId } from "react";
import { useTranslation } from "@/i18n";
import { cn } from "@/lib/cn";
import "@/features/settings/i18n/alerts-en";

/** The events that are about a signal, and so need the instrument's access ("Access ending" does not). */
const SIGNAL_EVENTS: ReadonlySet<AlertEvent> = new Set(["new-signal", "triggered", "closed"]);

const COLUMNS = "sm:grid-cols-[9rem_repeat(4,minmax(0,1fr))]";

/** `events` with `event` added or removed, in the contract's order. */
export function toggled(
  events: readonly AlertEvent[],
  event: AlertEvent,
  on: boolean,
): AlertEvent[] {
  const chosen = new Set(events);
  if (on) chosen.add(event);
  else chosen.delete(event);
  return ALERT_EVENTS.filter((each) => chosen.has(each));
}

/**
 * One channel's choices: a row per instrument, a checkbox per event. Signal events are open only for the
 * instruments the user has access to (`accessible`; undefined while it is not known yet: they wait);
 * "Access ending" is open for every instrument. On a phone each row lists its events with their names;
 * from the small breakpoint up the names head the columns once.
 */
export function AlertGrid({
  channel,
  value,
  onChange,
  accessible,
  disabled = false,
}: {
  channel: string;
  value: ChannelPreferences;
  onChange: (value: ChannelPreferences) => void;
  accessible: ReadonlySet<AccessKey> | "unknown";
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const id = useId();
  const hintId = `${id}-needs-access`;
  const anyLocked = accessible !== "unknown" && ACCESS_KEYS.some((key) => !accessible.has(key));
  return (
    <div className="mt-4">
      <div
        aria-hidden="true"
        className={cn(
          "hidden gap-2 border-b border-white/5 pb-2 text-xs font-medium text-ink-400 sm:grid",
          COLUMNS,
        )}
      >
        <span>{t("alertSettings.instrument")}</span>
        {ALERT_EVENTS.map((event) => (
          <span key={event} className="text-center">
            {t(`alertSettings.events.${event}`)}
          </span>
        ))}
      </div>
      <div className="divide-y divide-white/5">
        {ACCESS_KEYS.map((key) => {
          const rowId = `${id}-${key}`;
          const locked = accessible !== "unknown" && !accessible.has(key);
          return (
            <fieldset
              key={key}
              aria-labelledby={rowId}
              data-channel={channel}
              className={cn(
                "m-0 grid min-w-0 grid-cols-2 gap-x-3 gap-y-2 py-3 sm:items-center",
                COLUMNS,
              )}
            >
              <div className="col-span-2 sm:col-span-1">
                <span id={rowId} className="font-medium text-white">
                  {t(`alertSettings.instruments.${key}`)}
                </span>
                {locked ? (
                  <span className="ml-2 rounded-full bg-white/5 px-2 py-0.5 text-xs text-ink-300 sm:ml-0 sm:mt-1 sm:block sm:w-fit">
                    {t("alertSettings.needsAccess")}
                  </span>
                ) : null}
              </div>
              {ALERT_EVENTS.map((event) => {
                const signal = SIGNAL_EVENTS.has(event);
                const closed = signal && (accessible === "unknown" || locked);
                const checked = value[key].includes(event);
                return (
                  <label
                    key={event}
                    className={cn(
                      "flex min-h-9 items-center gap-2 text-sm text-ink-200 sm:justify-center",
                      closed || disabled ? "cursor-not-allowed opacity-50" : "cursor-pointer",
                    )}
                  >
                    <input
                      type="checkbox"
                      checked={checked}
                      disabled={closed || disabled}
                      aria-describedby={locked && signal ? hintId : undefined}
                      onChange={(changeEvent) =>
                        onChange({
                          ...value,
                          [key]: toggled(value[key], event, changeEvent.target.checked),
                        })
                      }
                      className="size-4 shrink-0 accent-accent-400"
                    />
                    <span className="sm:sr-only">{t(`alertSettings.events.${event}`)}</span>
                  </label>
                );
              })}
            </fieldset>
          );
        })}
      </div>
      {anyLocked ? (
        <p id={hintId} className="mt-2 text-xs text-ink-400">
          {t("alertSettings.needsAccessHint")}
        </p>
      ) : null}
    </div>
  );
}
