import type { Subscriptions } from "@kalpa/contracts/api/access";
import { ADMIN_MESSAGES } from "@kalpa/contracts/messages";
import { ACCESS_KEYS } from "@kalpa/contracts/names";
import { Power, PowerOff } from "lucide-react";
import { useState } from "react";
import { buttonStyles } from "@/components/ui/button-styles";
import { FormMessage } from "@/components/ui/form-message";
import { useTranslation } from "@/i18n";
import { useUserAction } from "../api/user-action";
import { ConfirmDialog } from "./confirm-dialog";
import { InstrumentChoiceFields, useInstrumentChoice } from "./instrument-choice";
import { Panel } from "./panel";
import { ActionError } from "./query-state";
import "@/features/admin/i18n/en";

/**
 * Switches instruments off (after a confirmation: the user loses them at once) or back on, keeping their
 * end date. Only instruments that were ever granted can be switched.
 */
export function SwitchForm({
  userId,
  userName,
  subscriptions,
}: {
  userId: string;
  userName: string;
  subscriptions: Subscriptions;
}) {
  const { t } = useTranslation();
  const deactivate = useUserAction(userId, "deactivate");
  const reactivate = useUserAction(userId, "reactivate");
  const choice = useInstrumentChoice();
  const { chosen, body } = choice;
  const [confirming, setConfirming] = useState(false);
  const granted = ACCESS_KEYS.filter(
    (key) => subscriptions[key].isActive || subscriptions[key].lastDay !== null,
  );
  if (granted.length === 0) return null;

  const last = deactivate.submittedAt > reactivate.submittedAt ? deactivate : reactivate;
  const busy = deactivate.isPending || reactivate.isPending;

  return (
    <Panel id="admin-switch" title={t("admin.switch.heading")} lead={t("admin.switch.lead")}>
      <div className="grid gap-4">
        <InstrumentChoiceFields offered={granted} choice={choice} />
        <div className="flex flex-col gap-3 sm:flex-row">
          <button
            type="button"
            disabled={busy || chosen.length === 0}
            onClick={() => setConfirming(true)}
            aria-haspopup="dialog"
            className={buttonStyles({
              variant: "danger",
            })}
          >
            <PowerOff aria-hidden="true" className="size-4" />
            {t("admin.switch.deactivate")}
          </button>
          <button
            type="button"
            disabled={busy || chosen.length === 0}
            onClick={() => reactivate.mutate(body())}
            className={buttonStyles({ variant: "secondary" })}
          >
            <Power aria-hidden="true" className="size-4" />
            {t("admin.switch.reactivate")}
          </button>
        </div>
        <ActionError error={last.error} />
        {last.isSuccess ? (
          <FormMessage tone="success">
            {last.data.message ??
              (last === deactivate ? ADMIN_MESSAGES.deactivated : ADMIN_MESSAGES.reactivated)}
          </FormMessage>
        ) : null}
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t("admin.switch.confirmTitle")}
        body={t("admin.switch.confirmBody", { name: userName, instruments: chosen.join(", ") })}
        confirmLabel={t("admin.switch.deactivate")}
        onConfirm={() => deactivate.mutate(body())}
      />
    </Panel>
  );
}
