import { KeyRound, UserRound } from "lucide-react";
import { useState } from "react";
import { Dialog, DialogContent, DialogTrigger } from "@/components/ui/dialog";
import { useTranslation } from "@/i18n";
import { PasswordRecovery } from "./password-recovery";
import { UsernameRecovery } from "./username-recovery";
import "@/features/auth/i18n/en";

type RecoveryPath = "choose" | "username" | "password";

/**
 * The forgot username / password panel. Its content is unmounted while closed, so opening or closing it
 * starts everything afresh (spec section 4). "Choose what you need help with." shows only while choosing.
 */
export function RecoveryDialog({ disabled = false }: { disabled?: boolean }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [path, setPath] = useState<RecoveryPath>("choose");
  const onOpenChange = (next: boolean) => {
    setOpen(next);
    setPath("choose");
  };
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger
        disabled={disabled}
        className="rounded text-sm font-medium text-accent-300 underline-offset-4 transition-colors hover:text-accent-200 hover:underline disabled:pointer-events-none disabled:opacity-50"
      >
        {t("login.forgot")}
      </DialogTrigger>
      <DialogContent
        title={t("recovery.title")}
        description={path === "choose" ? t("recovery.description") : undefined}
      >
        <RecoveryFlow path={path} onPathChange={setPath} onFinished={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}

function RecoveryFlow({
  path,
  onPathChange: setPath,
  onFinished,
}: {
  path: RecoveryPath;
  onPathChange: (path: RecoveryPath) => void;
  onFinished: () => void;
}) {
  const { t } = useTranslation();
  if (path === "username") {
    return <UsernameRecovery onBack={() => setPath("choose")} onFinished={onFinished} />;
  }
  if (path === "password") {
    return <PasswordRecovery onBack={() => setPath("choose")} onFinished={onFinished} />;
  }
  const choices = [
    {
      path: "username",
      icon: UserRound,
      label: t("recovery.chooseUsername"),
      hint: t("recovery.chooseUsernameHint"),
    },
    {
      path: "password",
      icon: KeyRound,
      label: t("recovery.choosePassword"),
      hint: t("recovery.choosePasswordHint"),
    },
  ] as const;
  return (
    <ul className="grid gap-3">
      {choices.map((choice) => (
        <li key={choice.path}>
          <button
            type="button"
            onClick={() => setPath(choice.path)}
            aria-labelledby={`recovery-${choice.path}-label`}
            aria-describedby={`recovery-${choice.path}-hint`}
            className="flex w-full items-start gap-3 rounded-xl border border-white/10 bg-white/[0.03] p-4 text-left transition-colors hover:border-accent-400/40 hover:bg-accent-400/5"
          >
            <choice.icon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-accent-300" />
            <span>
              <span id={`recovery-${choice.path}-label`} className="block font-medium text-white">
                {choice.label}
              </span>
              <span
                id={`recovery-${choice.path}-hint`}
                className="mt-0.5 block text-sm text-ink-300"
              >
                {choice.hint}
              </span>
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}
