import { ledgerRefText } from "@kalpa/contracts/ledger-ref";
import type { TransitionTiming } from "@kalpa/contracts/signals";
import { Timer } from "lucide-react";
import { useTranslation } from "@/i18n";
import { timingView } from "../utils/timing";
import "@/features/live/i18n/en";

/**
 * The card's Timing detail, closed by default: for each recorded transition, the ledger entry it was
 * committed with and how long after the deciding tick it was decided, committed and sent on each alert
 * channel ("Tick 11:02:03.120 · decided +4 ms · committed +11 ms · Push +0.3 s · Telegram +1.2 s").
 * Opening it asks for the signal again (`onOpen`), so sends made since it arrived are shown.
 */
export function SignalTiming({
  timing,
  onOpen,
}: {
  timing: readonly TransitionTiming[] | undefined;
  onOpen?: () => void;
}) {
  const { t } = useTranslation();
  if (!timing || timing.length === 0) return null;
  return (
    <details
      data-testid="signal-timing"
      className="group rounded-xl border border-white/5 bg-white/[0.03] text-sm"
      onToggle={(event) => {
        if ((event.currentTarget as HTMLDetailsElement).open) onOpen?.();
      }}
    >
      <summary className="flex min-h-11 cursor-pointer items-center gap-2 rounded-xl px-4 py-2 font-semibold text-white hover:bg-white/[0.03]">
        <Timer aria-hidden="true" className="size-4 text-ink-400" />
        {t("live.card.timing.title")}
      </summary>
      <ol className="space-y-3 px-4 pt-1 pb-4">
        {timing.map((transition) => {
          const view = timingView(transition);
          const parts = [
            view.tick ? t("live.card.timing.tick", { time: view.tick }) : null,
            view.decided ? t("live.card.timing.decided", { offset: view.decided }) : null,
            view.committed ? t("live.card.timing.committed", { offset: view.committed }) : null,
            ...view.sends.map((send) =>
              t(send.last ? "live.card.timing.sendRange" : "live.card.timing.send", {
                channel: t(`live.card.timing.channel.${send.channel}`),
                first: send.first,
                last: send.last ?? "",
              }),
            ),
          ].filter((part): part is string => part !== null);
          return (
            <li key={transition.event} data-event={transition.event} className="min-w-0">
              <p className="flex flex-wrap items-baseline gap-x-2 text-xs">
                <span className="font-medium text-ink-100">
                  {t(`live.card.timing.event.${transition.event}`)}
                </span>
                {transition.ledger ? (
                  <span
                    data-testid="timing-ledger"
                    title={t("live.card.timing.ledgerHint", { hash: transition.ledger.hash })}
                    className="font-mono text-ink-400"
                  >
                    {t("live.card.timing.ledger", { entry: ledgerRefText(transition.ledger) })}
                  </span>
                ) : null}
              </p>
              <p
                data-testid="timing-line"
                className="mt-0.5 font-mono text-xs break-words text-ink-200 tabular-nums"
              >
                {parts.length > 0 ? parts.join(" · ") : t("live.card.timing.unknown")}
              </p>
            </li>
          );
        })}
      </ol>
    </details>
  );
}
