import { ACCOUNT_MESSAGES } from "@kalpa/contracts/account-messages";
import { TIMINGS_MS } from "@kalpa/contracts/constants";
import { BadgeCheck } from "lucide-react";
import { Link, useNavigate } from "react-router";
import { buttonStyles } from "@/components/ui/button-styles";
import { useTimeout } from "@/hooks/use-timeout";
import { useTranslation } from "@/i18n";
import "@/features/auth/i18n/en";

/** Step 3: verified; sign in is 5 seconds away (and the text says 5, unlike the spec's client). */
export function SignupCompleteStep({ message }: { message?: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  useTimeout(() => navigate("/login"), TIMINGS_MS.signupRedirect);
  return (
    <div className="text-center">
      <BadgeCheck aria-hidden="true" className="mx-auto size-12 text-accent-300" />
      <h2 className="mt-3 text-xl font-semibold text-white">{t("signup.completeTitle")}</h2>
      <p role="status" className="mt-2 text-ink-200">
        {message ?? ACCOUNT_MESSAGES.accountVerified}
      </p>
      <p className="mt-4 text-sm text-ink-300">
        {t("signup.redirecting", { count: TIMINGS_MS.signupRedirect / 1000 })}
      </p>
      <Link to="/login" className={buttonStyles({ className: "mt-6 w-full" })}>
        {t("signup.goToSignIn")}
      </Link>
    </div>
  );
}
