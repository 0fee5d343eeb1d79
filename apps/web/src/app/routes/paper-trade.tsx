import { Lock } from "lucide-react";
import { Link, useLocation } from "react-router";
import { buttonStyles } from "@/components/ui/button-styles";
import { Container } from "@/components/ui/container";
import { PageGlow } from "@/components/ui/page-glow";
import { useAuthState } from "@/features/auth/hooks/use-auth-state";
import { loginPathReturningTo } from "@/features/auth/utils/safe-next-path";
import { JournalPage } from "@/features/journal/components/journal-page";
import { useResearchAnalyst } from "@/features/site/api/get-research-analyst";
import { DocumentTitle } from "@/features/site/components/document-title";
import { useTranslation } from "@/i18n";
import "@/features/research-analyst/i18n/en";

/**
 * /paper-trade (public): the paper-trade journal. With the operator's research-analyst profile whose past
 * performance PaRRVA has not verified, the track record is for signed-in users (the server answers 401 to
 * anyone else); the trades stay public.
 */
export function PaperTradeRoute() {
  const { t } = useTranslation();
  const profile = useResearchAnalyst().data?.profile;
  const auth = useAuthState();
  const withheld = profile && !profile.parrvaVerified && auth.status === "anonymous";
  return (
    <div className="relative isolate overflow-hidden">
      <DocumentTitle title={t("routes.paperTrade.title")} />
      <PageGlow />
      <Container className="py-10 sm:py-14">
        <JournalPage
          trackRecordWithheld={withheld ? <TrackRecordWithheld /> : undefined}
          signedIn={auth.status === "authenticated"}
        />
      </Container>
    </div>
  );
}

function TrackRecordWithheld() {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  return (
    <div
      data-testid="track-record-withheld"
      className="flex flex-col gap-3 rounded-2xl border border-white/10 bg-ink-900/70 p-5 sm:flex-row sm:items-center sm:justify-between"
    >
      <p className="flex items-start gap-2 text-sm text-ink-200">
        <Lock aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-accent-400" />
        {t("analyst.journal.hidden")}
      </p>
      <Link
        to={loginPathReturningTo(`${pathname}${search}`)}
        className={buttonStyles({ variant: "secondary", className: "shrink-0" })}
      >
        {t("analyst.journal.signIn")}
      </Link>
    </div>
  );
}
