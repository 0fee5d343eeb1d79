import { ShieldAlert } from "lucide-react";
import { useTranslation } from "react-i18next";
import { buttonStyles } from "@/components/ui/button-styles";
import { Container } from "@/components/ui/container";
import { Dialog, DialogClose, DialogContent, DialogTrigger } from "@/components/ui/dialog";
import { Reveal } from "./reveal";

const PARAGRAPHS = ["educational", "notAdvice", "options", "performance"] as const;

/** The risk disclosure band, with the full Risk Disclaimer in a modal. */
export function RiskDisclosure() {
  const { t } = useTranslation();
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
                {t("landing.risk.body")}
              </p>
              <Dialog>
                <DialogTrigger
                  className={buttonStyles({ variant: "secondary", className: "mt-5" })}
                >
                  {t("landing.risk.open")}
                </DialogTrigger>
                <DialogContent
                  title={t("landing.risk.modalTitle")}
                  description={t("landing.risk.modalDescription")}
                  className="max-w-lg"
                >
                  <div className="space-y-3 text-sm leading-relaxed text-ink-200">
                    {PARAGRAPHS.map((key) => (
                      <p key={key}>{t(`landing.risk.modalParagraphs.${key}`)}</p>
                    ))}
                  </div>
                  <DialogClose className={buttonStyles({ className: "mt-6 w-full sm:w-auto" })}>
                    {t("landing.risk.close")}
                  </DialogClose>
                </DialogContent>
              </Dialog>
            </div>
          </div>
        </Reveal>
      </Container>
    </section>
  );
}
