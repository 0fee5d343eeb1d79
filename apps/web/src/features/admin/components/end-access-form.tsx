import type { Subscriptions } from "@kalpa/contracts/api/access";
import { RA_FEE_MESSAGES } from "@kalpa/contracts/messages";
import { ACCESS_KEYS } from "@kalpa/contracts/names";
import { CircleStop } from "lucide-react";
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
 * With a research-analyst profile only: ends open access early (after a confirmation) and records the
 * refund of the days left, which the user's detail then lists (decision 033). Instruments whose access ends
 * today anyway are not offered.
 */
export function EndAccessForm({
  userId,
  userName,
  subscriptions,
}: {
  userId: string;
  userName: string;
  subscriptions: Subscriptions;
}) {
  const { t } = useTranslation();
  const end = useUserAction(userId, "endAccess");
  const choice = useInstrumentChoice();
  const { chosen, body } = choice;
  const [confirming, setConfirming] = useState(false);
  const open = ACCESS_KEYS.filter(
    (key) => subscriptions[key].hasAccess && (subscriptions[key].daysLeft ?? 0) > 0,
  );

  return (
    <Panel
      id="admin-end-access"
      title={t("admin.endAccess.heading")}
      lead={t("admin.endAccess.lead")}
    >
      {open.length === 0 && !end.isSuccess ? (
        <p className="text-sm text-ink-300">{t("admin.endAccess.noneOpen")}</p>
      ) : (
        <div className="grid gap-4">
          {open.length > 0 ? (
            <>
              <InstrumentChoiceFields offered={open} choice={choice} />
              <div>
                <button
                  type="button"
                  disabled={end.isPending || chosen.length === 0}
                  onClick={() => setConfirming(true)}
                  aria-haspopup="dialog"
                  className={buttonStyles({ variant: "danger", className: "w-full sm:w-auto" })}
                >
                  <CircleStop aria-hidden="true" className="size-4" />
                  {t("admin.endAccess.submit")}
                </button>
              </div>
            </>
          ) : null}
          <ActionError error={end.error} />
          {end.isSuccess ? (
            <FormMessage tone="success">
              {end.data.message ?? RA_FEE_MESSAGES.endedEarly}
            </FormMessage>
          ) : null}
        </div>
      )}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t("admin.endAccess.confirmTitle")}
        body={t("admin.endAccess.confirmBody", { name: userName, instruments: chosen.join(", ") })}
        confirmLabel={t("admin.endAccess.submit")}
        onConfirm={() =>
          end.mutate(body(), {
            onSuccess: () => choice.setChosen([]),
          })
        }
      />
    </Panel>
  );
}
