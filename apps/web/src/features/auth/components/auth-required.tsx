import { LockKeyhole, RotateCw } from "lucide-react";
import { Link, useLocation } from "react-router";
import { buttonStyles } from "@/components/ui/button-styles";
import { NoticeCard } from "@/components/ui/notice-card";
import { useTranslation } from "@/i18n";
import { loginPathReturningTo } from "../utils/safe-next-path";

/**
 * The guard's Authentication Required screen: why, Go to Login (which returns here afterwards), and Retry
 * when the check itself failed.
 */
export function AuthRequired({ message, onRetry }: { message: string; onRetry?: () => void }) {
  const { t } = useTranslation();
  const { pathname, search, hash } = useLocation();
  return (
    <NoticeCard icon={LockKeyhole} title={t("access.title")} message={message} alert>
      <Link
        to={loginPathReturningTo(`${pathname}${search}${hash}`)}
        className={buttonStyles({ className: "sm:flex-1" })}
      >
        {t("access.goToLogin")}
      </Link>
      {onRetry ? (
        <button
          type="button"
          onClick={onRetry}
          className={buttonStyles({ variant: "secondary", className: "sm:flex-1" })}
        >
          <RotateCw aria-hidden="true" className="size-4" />
          {t("common.retry")}
        </button>
      ) : null}
    </NoticeCard>
  );
}
