import type { AdminUserDetail } from "@kalpa/contracts/api/admin";
import type { Role } from "@kalpa/contracts/api/session";
import { ADMIN_MESSAGES } from "@kalpa/contracts/messages";
import { LogOut, ShieldCheck, Unlink, UserRound } from "lucide-react";
import { useState } from "react";
import { buttonStyles } from "@/components/ui/button-styles";
import { FormMessage } from "@/components/ui/form-message";
import { useTranslation } from "@/i18n";
import { formatMoment } from "@/lib/dates";
import { useUserAction } from "../api/user-action";
import { ConfirmDialog } from "./confirm-dialog";
import { Panel } from "./panel";
import { ActionError } from "./query-state";
import "@/features/admin/i18n/en";

type Pending = "role" | "logout" | "telegram" | null;

/**
 * The account's role (never one's own), ending all of its sessions, and unlinking its Telegram chat, each
 * after a confirmation.
 */
export function AccountActions({
  userId,
  userName,
  role,
  activeSessions,
  telegram,
  isSelf,
}: {
  userId: string;
  userName: string;
  role: Role;
  activeSessions: number;
  telegram: AdminUserDetail["telegram"];
  isSelf: boolean;
}) {
  const { t } = useTranslation();
  const setRole = useUserAction(userId, "setRole");
  const logout = useUserAction(userId, "forceLogout");
  const unlink = useUserAction(userId, "unlinkTelegram");
  const [pending, setPending] = useState<Pending>(null);
  const nextRole: Role = role === "admin" ? "user" : "admin";
  // The message under the buttons is the latest action's.
  const actions = [
    { mutation: setRole, success: ADMIN_MESSAGES.roleChanged },
    { mutation: logout, success: ADMIN_MESSAGES.loggedOut },
    { mutation: unlink, success: ADMIN_MESSAGES.telegramUnlinked },
  ] as const;
  const { mutation: last, success: lastSuccess } = actions.reduce((latest, action) =>
    action.mutation.submittedAt > latest.mutation.submittedAt ? action : latest,
  );

  return (
    <Panel id="admin-account" title={t("admin.account.heading")}>
      <dl className="grid grid-cols-2 gap-3 text-sm sm:max-w-md">
        <div>
          <dt className="text-ink-400">{t("admin.user.role")}</dt>
          <dd className="mt-0.5 font-medium text-white">{role}</dd>
        </div>
        <div>
          <dt className="text-ink-400">{t("admin.user.sessions")}</dt>
          <dd className="mt-0.5 font-medium text-white">{activeSessions}</dd>
        </div>
        <div className="col-span-2">
          <dt className="text-ink-400">{t("admin.account.telegram")}</dt>
          <dd className="mt-0.5 font-medium text-white">
            {telegram
              ? telegram.chat
                ? t("admin.account.telegramChat", {
                    chat: telegram.chat,
                    time: formatMoment(telegram.linkedAt, "en"),
                  })
                : t("admin.account.telegramUnnamed", {
                    time: formatMoment(telegram.linkedAt, "en"),
                  })
              : t("admin.account.telegramNone")}
          </dd>
        </div>
      </dl>
      <div className="mt-4 flex flex-col gap-3 sm:flex-row">
        <button
          type="button"
          disabled={isSelf || setRole.isPending}
          onClick={() => setPending("role")}
          aria-haspopup="dialog"
          className={buttonStyles({ variant: "secondary" })}
        >
          {nextRole === "admin" ? (
            <ShieldCheck aria-hidden="true" className="size-4" />
          ) : (
            <UserRound aria-hidden="true" className="size-4" />
          )}
          {nextRole === "admin" ? t("admin.account.makeAdmin") : t("admin.account.makeUser")}
        </button>
        <button
          type="button"
          disabled={logout.isPending || activeSessions === 0}
          onClick={() => setPending("logout")}
          aria-haspopup="dialog"
          className={buttonStyles({
            variant: "danger",
          })}
        >
          <LogOut aria-hidden="true" className="size-4" />
          {t("admin.account.logout")}
        </button>
        {telegram ? (
          <button
            type="button"
            disabled={unlink.isPending}
            onClick={() => setPending("telegram")}
            aria-haspopup="dialog"
            className={buttonStyles({ variant: "secondary" })}
          >
            <Unlink aria-hidden="true" className="size-4" />
            {t("admin.account.unlinkTelegram")}
          </button>
        ) : null}
      </div>
      {isSelf ? <p className="mt-2 text-sm text-ink-400">{t("admin.account.ownRole")}</p> : null}
      <ActionError error={last.error} />
      {last.isSuccess ? (
        <FormMessage tone="success" className="mt-4">
          {last.data.message ?? lastSuccess}
        </FormMessage>
      ) : null}
      <ConfirmDialog
        open={pending === "role"}
        onOpenChange={(open) => setPending(open ? "role" : null)}
        title={t("admin.account.roleTitle")}
        body={t(nextRole === "admin" ? "admin.account.toAdmin" : "admin.account.toUser", {
          name: userName,
        })}
        confirmLabel={
          nextRole === "admin" ? t("admin.account.makeAdmin") : t("admin.account.makeUser")
        }
        onConfirm={() => setRole.mutate({ role: nextRole })}
      />
      <ConfirmDialog
        open={pending === "logout"}
        onOpenChange={(open) => setPending(open ? "logout" : null)}
        title={t("admin.account.logoutTitle", { name: userName })}
        body={t("admin.account.logoutBody", { name: userName })}
        confirmLabel={t("admin.account.logout")}
        onConfirm={() => logout.mutate(undefined)}
      />
      <ConfirmDialog
        open={pending === "telegram"}
        onOpenChange={(open) => setPending(open ? "telegram" : null)}
        title={t("admin.account.unlinkTitle", { name: userName })}
        body={t("admin.account.unlinkBody", { name: userName })}
        confirmLabel={t("admin.account.unlinkTelegram")}
        onConfirm={() => unlink.mutate(undefined)}
      />
    </Panel>
  );
}
