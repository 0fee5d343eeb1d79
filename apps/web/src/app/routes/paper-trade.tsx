import { Container } from "@/components/ui/container";
import { PageGlow } from "@/components/ui/page-glow";
import { JournalPage } from "@/features/journal/components/journal-page";
import { DocumentTitle } from "@/features/site/components/document-title";
import { useTranslation } from "@/i18n";

/** /paper-trade (public): the paper-trade journal. */
export function PaperTradeRoute() {
  const { t } = useTranslation();
  return (
    <div className="relative isolate overflow-hidden">
      <DocumentTitle title={t("routes.paperTrade.title")} />
      <PageGlow />
      <Container className="py-10 sm:py-14">
        <JournalPage />
      </Container>
    </div>
  );
}
