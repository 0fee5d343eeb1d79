import type { Role } from "@kalpa/contracts/api/session";
import { ADMIN_MESSAGES } from "@kalpa/contracts/messages";
import { LogOut, ShieldCheck, UserRound } from "lucide-react";
import { useState } from "react";
import { buttonStyles } from "@/components/ui/button-styles";
import { FormMessage } from "@/components/ui/form-message";
import { useTranslation } from "@/i18n";
import { useUserAction } from "../api/user-action";
import { ConfirmDialog } from "./confirm-dialog";
import { Panel } from "./panel";
import { ActionError } from "./query-state";
import "@/features/admin/i18n/en";

type Pending = "role" | "logout" | null;

/** The account's role (never one's own) and ending all of its sessions, each after a confirmation. */
export function AccountActions({
  userId,
  userName,
  role,
  activeSessions,
  isSelf,
}: {
  userId: string;
  userName: string;
  role: Role;
  activeSessions: number;
  isSelf: boolean;
}) {
  const { t } = useTranslation();
  const setRole = useUserAction(userId, "setRole");
  const logout = useUserAction(userId, "forceLogout");
  const [pending, setPending] = useState<Pending>(null);
  const nextRole: Role = role === "admin" ? "user" : "admin";
  const last = setRole.submittedAt > logout.submittedAt ? setRole : logout;
  const lastSuccess = last === setRole ? ADMIN_MESSAGES.roleChanged : ADMIN_MESSAGES.loggedOut;

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
    </Panel>
  );
}
