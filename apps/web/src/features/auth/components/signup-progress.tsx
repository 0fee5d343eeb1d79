import { Check } from "lucide-react";
import { useTranslation } from "@/i18n";
import { cn } from "@/lib/cn";
import "@/features/auth/i18n/en";

export const SIGNUP_STEPS = ["details", "verify", "complete"] as const;
export type SignupStep = 1 | 2 | 3;

/** The three steps, and a bar filled to step / 3 (spec section 2). */
export function SignupProgress({ step }: { step: SignupStep }) {
  const { t } = useTranslation();
  const total = SIGNUP_STEPS.length;
  const currentName = t(`signup.steps.${SIGNUP_STEPS[step - 1] ?? "details"}`);
  return (
    <div className="mb-6">
      <ol className="grid grid-cols-3 gap-2 text-xs sm:text-sm">
        {SIGNUP_STEPS.map((name, index) => {
          const number = index + 1;
          const done = number < step;
          const current = number === step;
          return (
            <li
              key={name}
              aria-current={current ? "step" : undefined}
              className={cn(
                "flex items-center gap-2",
                current ? "font-medium text-white" : done ? "text-accent-300" : "text-ink-400",
              )}
            >
              <span
                aria-hidden="true"
                className={cn(
                  "inline-flex size-6 shrink-0 items-center justify-center rounded-full border text-xs",
                  current
                    ? "border-accent-400 bg-accent-400 text-ink-950"
                    : done
                      ? "border-accent-400/50 text-accent-300"
                      : "border-white/15",
                )}
              >
                {done ? <Check className="size-3.5" /> : number}
              </span>
              {t(`signup.steps.${name}`)}
            </li>
          );
        })}
      </ol>
      <div
        role="progressbar"
        aria-label={t("signup.progress")}
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={step}
        aria-valuetext={t("signup.progressText", { step, total, name: currentName })}
        className="mt-3 h-1.5 overflow-hidden rounded-full bg-white/10"
      >
        <div
          className="h-full rounded-full bg-accent-400 transition-[width] duration-300 motion-reduce:transition-none"
          style={{ width: `${(step / total) * 100}%` }}
        />
      </div>
    </div>
  );
}
