import {
  CALLS_EXPORT_MAX_DAYS,
  CALLS_EXPORT_PATH,
  callsExportFileName,
} from "@kalpa/contracts/api/calls-export";
import { Download } from "lucide-react";
import { useState } from "react";
import { buttonStyles } from "@/components/ui/button-styles";
import { TextField } from "@/components/ui/text-field";
import { useTranslation } from "@/i18n";
import { addDays, daysBetween, todayKey } from "@/lib/dates";
import { Panel } from "./panel";
import "@/features/admin/i18n/en";

/**
 * The calls export for a verification agency (docs/record-format.md section 9): a span of days, then CSV or
 * JSON as a download. The links are plain GETs with the operator's session; the server checks the role.
 */
export function CallsExportPanel() {
  const { t } = useTranslation();
  const today = todayKey();
  const [from, setFrom] = useState(addDays(today, -29));
  const [to, setTo] = useState(today);
  const span = daysBetween(from, to);
  const valid = span !== null && span >= 0 && span + 1 <= CALLS_EXPORT_MAX_DAYS;
  const href = (format: "csv" | "json") =>
    `${CALLS_EXPORT_PATH}?${new URLSearchParams({ format, from, to })}`;

  return (
    <Panel
      id="admin-calls-export"
      title={t("admin.callsExport.heading")}
      lead={t("admin.callsExport.lead")}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={t("admin.callsExport.from")}
          type="date"
          required
          max={to}
          value={from}
          onChange={(event) => setFrom(event.target.value)}
        />
        <TextField
          label={t("admin.callsExport.to")}
          type="date"
          required
          min={from}
          max={today}
          value={to}
          onChange={(event) => setTo(event.target.value)}
        />
      </div>
      {valid ? (
        <div className="mt-4 flex flex-col gap-3 sm:flex-row">
          {(["csv", "json"] as const).map((format) => (
            <a
              key={format}
              href={href(format)}
              download={callsExportFileName(from, to, format)}
              className={buttonStyles({ variant: format === "csv" ? "primary" : "secondary" })}
            >
              <Download aria-hidden="true" className="size-4" />
              {t(`admin.callsExport.${format}`)}
            </a>
          ))}
        </div>
      ) : (
        <p role="alert" className="mt-4 text-sm text-rose-200">
          {t("admin.callsExport.tooLong", { days: CALLS_EXPORT_MAX_DAYS })}
        </p>
      )}
    </Panel>
  );
}
