import { CircleStop } from "lucide-react";
import { useState } from "react";
import { buttonStyles } from "@/components/ui/button-styles";
import { FormMessage } from "@/components/ui/form-message";
import { useTranslation } from "@/i18n";
import { useForceEodClose } from "../api/signal-actions";
import { ConfirmDialog } from "./confirm-dialog";
import { Panel } from "./panel";
import { ActionError } from "./query-state";
import "@/features/admin/i18n/en";

/** Force EOD close: squares off every open signal now, after the console's confirmation. */
export function ForceClosePanel() {
  const { t } = useTranslation();
  const close = useForceEodClose();
  const [confirming, setConfirming] = useState(false);
  return (
    <Panel
      id="admin-force-close"
      title={t("admin.forceClose.heading")}
      lead={t("admin.forceClose.lead")}
    >
      <button
        type="button"
        disabled={close.isPending}
        onClick={() => setConfirming(true)}
        aria-haspopup="dialog"
        className={buttonStyles({
          variant: "danger",
          className: "w-full sm:w-auto",
        })}
      >
        <CircleStop aria-hidden="true" className="size-4" />
        {close.isPending ? t("admin.forceClose.working") : t("admin.forceClose.button")}
      </button>
      <ActionError error={close.error} />
      {close.isSuccess ? (
        <FormMessage tone="success" className="mt-4">
          {close.data.message ?? t("admin.forceClose.done", { count: close.data.data.changed })}
        </FormMessage>
      ) : null}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t("admin.forceClose.confirmTitle")}
        body={t("admin.forceClose.confirmBody")}
        confirmLabel={t("admin.forceClose.button")}
        onConfirm={() => close.mutate()}
      />
    </Panel>
  );
}
