import { ShieldAlert } from "lucide-react";
import { lazy, Suspense } from "react";
import { buttonStyles } from "@/components/ui/button-styles";
import { Container } from "@/components/ui/container";
import { useRegistration } from "@/features/site/hooks/use-registration";
import { useDeferredDialog } from "@/hooks/use-deferred-dialog";
import { useTranslation } from "@/i18n";
import { Reveal } from "./reveal";
import "@/features/landing/i18n/en";

const loadRiskDialog = () => import("./risk-disclaimer-dialog");
const RiskDisclaimerDialog = lazy(() =>
  loadRiskDialog().then((module) => ({ default: module.RiskDisclaimerDialog })),
);

/**
 * The risk disclosure band, with the full Risk Disclaimer in a modal; with the operator's research-analyst
 * registration, both name it in place of the spec's "not registered" sentence.
 */
export function RiskDisclosure() {
  const { t } = useTranslation();
  const registration = useRegistration();
  const { wanted, dialogProps, triggerProps } = useDeferredDialog(loadRiskDialog);
  return (
    <section aria-labelledby="landing-risk" className="py-14 sm:py-20">
      <Container>
        <Reveal>
          <div className="flex flex-col gap-6 rounded-2xl border border-amber-400/25 bg-amber-400/[0.06] p-6 sm:flex-row sm:items-start sm:p-8">
            <ShieldAlert aria-hidden="true" className="size-10 shrink-0 text-amber-300" />
            <div className="flex-1">
              <p className="text-sm font-semibold tracking-wide text-amber-300 uppercase">
                {t("landing.risk.eyebrow")}
              </p>
              <h2 id="landing-risk" className="mt-1 text-xl font-semibold text-white sm:text-2xl">
                {t("landing.risk.heading")}
              </h2>
              <p className="mt-3 max-w-3xl leading-relaxed text-ink-200">
                {registration
                  ? t("landing.risk.bodyRegistered", registration)
                  : t("landing.risk.body")}
              </p>
              <button
                {...triggerProps}
                className={buttonStyles({ variant: "secondary", className: "mt-5" })}
              >
                {t("landing.risk.open")}
              </button>
              {wanted ? (
                <Suspense fallback={null}>
                  <RiskDisclaimerDialog {...dialogProps} />
                </Suspense>
              ) : null}
            </div>
          </div>
        </Reveal>
      </Container>
    </section>
  );
}
