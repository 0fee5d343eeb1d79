import { RDA_RECEIPT_CHANNELS, type RdaReceiptChannel } from "@kalpa/contracts/api/admin";
import { ADMIN_MESSAGES } from "@kalpa/contracts/messages";
import { FileCheck } from "lucide-react";
import { type FormEvent, useState } from "react";
import { buttonStyles } from "@/components/ui/button-styles";
import { FormMessage } from "@/components/ui/form-message";
import { TextField } from "@/components/ui/text-field";
import { useTranslation } from "@/i18n";
import { todayKey } from "@/lib/dates";
import { useUserAction } from "../api/user-action";
import { SelectField, TextAreaField } from "./fields";
import { Panel } from "./panel";
import { ActionError } from "./query-state";
import "@/features/admin/i18n/en";

/** Records that the physically signed risk disclosure agreement reached the operator. */
export function RdaForm({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const record = useUserAction(userId, "recordRda");
  const today = todayKey();
  const [receivedOn, setReceivedOn] = useState(today);
  const [channel, setChannel] = useState<RdaReceiptChannel>("messaging-app");
  const [note, setNote] = useState("");

  const submit = (event: FormEvent) => {
    event.preventDefault();
    record.mutate({ receivedOn, channel, ...(note.trim() ? { note: note.trim() } : {}) });
  };

  return (
    <Panel id="admin-rda" title={t("admin.rda.heading")} lead={t("admin.rda.lead")}>
      <form onSubmit={submit} className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={t("admin.rda.receivedOn")}
          type="date"
          required
          max={today}
          value={receivedOn}
          onChange={(event) => setReceivedOn(event.target.value)}
        />
        <SelectField
          label={t("admin.rda.channel")}
          value={channel}
          onChange={(event) => setChannel(event.target.value as RdaReceiptChannel)}
        >
          {RDA_RECEIPT_CHANNELS.map((value) => (
            <option key={value} value={value}>
              {t(`admin.rda.channels.${value}`)}
            </option>
          ))}
        </SelectField>
        <TextAreaField
          label={`${t("admin.rda.note")} ${t("admin.common.optional")}`}
          maxLength={500}
          value={note}
          onChange={(event) => setNote(event.target.value)}
          className="sm:col-span-2"
        />
        <div className="sm:col-span-2">
          <button
            type="submit"
            disabled={record.isPending}
            className={buttonStyles({ className: "w-full sm:w-auto" })}
          >
            <FileCheck aria-hidden="true" className="size-4" />
            {record.isPending ? t("admin.common.saving") : t("admin.rda.submit")}
          </button>
          <ActionError error={record.error} />
          {record.isSuccess ? (
            <FormMessage tone="success" className="mt-4">
              {record.data.message ?? ADMIN_MESSAGES.rdaRecorded}
            </FormMessage>
          ) : null}
        </div>
      </form>
    </Panel>
  );
}
