import { LockKeyhole, RotateCw } from "lucide-react";
import { Link, useLocation } from "react-router";
import { buttonStyles } from "@/components/ui/button-styles";
import { Container } from "@/components/ui/container";
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
    <Container className="py-16 sm:py-24">
      <div className="mx-auto max-w-md rounded-2xl border border-white/10 bg-ink-900/70 p-6 text-center shadow-2xl shadow-black/40 sm:p-8">
        <span className="mx-auto inline-flex size-12 items-center justify-center rounded-full bg-accent-400/10 text-accent-300">
          <LockKeyhole aria-hidden="true" className="size-6" />
        </span>
        <h1 className="mt-4 text-2xl font-semibold tracking-tight text-white">
          {t("access.title")}
        </h1>
        <p role="alert" className="mt-2 text-ink-200">
          {message}
        </p>
        <div className="mt-6 flex flex-col gap-3 sm:flex-row sm:justify-center">
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
        </div>
      </div>
    </Container>
  );
}
