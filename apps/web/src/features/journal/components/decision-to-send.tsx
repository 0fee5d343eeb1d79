import type { ModelId } from "@kalpa/contracts/names";
import { Timer } from "lucide-react";
import { useTranslation } from "@/i18n";
import { cn } from "@/lib/cn";
import { formatNumber } from "@/lib/format";
import { useSignalLatency } from "../api/get-signal-latency";
import "@/features/journal/i18n/en";

/** A latency as it reads: "240 ms" under a second, "1.4 s" above. */
export function formatLatency(ms: number): string {
  if (Math.abs(ms) < 1000) return `${formatNumber(Math.round(ms))} ms`;
  return `${formatNumber(Math.round(ms / 100) / 10)} s`;
}

/**
 * The model's decision-to-send over its record (GET /api/signals/latency): the median and the 99th
 * percentile of the time from the engine's decision to the first alert sent on any channel, for each
 * transition subscribers were told of. Quiet while loading; nothing if it cannot be had.
 */
export function DecisionToSend({ model, className }: { model: ModelId; className?: string }) {
  const { t } = useTranslation();
  const latency = useSignalLatency();
  const figures = latency.data?.models.find((item) => item.model === model);
  if (!figures) return null;
  const hint = t("journal.decisionToSend.hint");
  return (
    <p
      data-testid="decision-to-send"
      title={hint}
      className={cn("flex flex-wrap items-baseline gap-x-2 gap-y-1 text-sm", className)}
    >
      <span className="inline-flex items-center gap-1.5 text-ink-300">
        <Timer aria-hidden="true" className="size-4 self-center text-ink-400" />
        {t("journal.decisionToSend.label")}
      </span>{" "}
      {figures.p50Ms === null || figures.p99Ms === null ? (
        <span className="text-ink-300">{t("journal.decisionToSend.none")}</span>
      ) : (
        <>
          <span className="font-mono text-ink-50 tabular-nums">
            {t("journal.decisionToSend.p50", { value: formatLatency(figures.p50Ms) })}
            {" · "}
            {t("journal.decisionToSend.p99", { value: formatLatency(figures.p99Ms) })}
          </span>{" "}
          <span className="text-xs text-ink-400">
            {t("journal.decisionToSend.count", { count: figures.count })}
          </span>
        </>
      )}
      <span className="sr-only">{`: ${hint}`}</span>
    </p>
  );
}
