import { VALIDATION_MESSAGES } from "@kalpa/contracts/account-messages";
import { CircleCheck, CircleX } from "lucide-react";
import { useTranslation } from "@/i18n";
import "@/features/auth/i18n/en";

/** A live check or cross saying whether the confirmation matches (shown once something is typed). */
export function PasswordMatch({ password, confirm }: { password: string; confirm: string }) {
  const { t } = useTranslation();
  if (confirm === "") return null;
  const matches = password === confirm;
  return (
    <p
      aria-live="polite"
      className={`flex items-center gap-1.5 text-sm ${matches ? "text-accent-300" : "text-red-300"}`}
    >
      {matches ? (
        <CircleCheck aria-hidden="true" className="size-4" />
      ) : (
        <CircleX aria-hidden="true" className="size-4" />
      )}
      {matches ? t("recovery.passwordsMatch") : VALIDATION_MESSAGES.passwordsDoNotMatch}
    </p>
  );
}
