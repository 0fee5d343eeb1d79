import { Container } from "@/components/ui/container";
import { PageGlow } from "@/components/ui/page-glow";
import { RecordPage } from "@/features/record/components/record-page";
import { DocumentTitle } from "@/features/site/components/document-title";
import { useTranslation } from "@/i18n";

/** /record (public): the ledger's signed record and how to verify it offline. */
export function RecordRoute() {
  const { t } = useTranslation();
  const title = t("routes.record.title");
  return (
    <div className="relative isolate overflow-hidden">
      <DocumentTitle title={title} />
      <PageGlow />
      <Container className="py-10 sm:py-14">
        <RecordPage title={title} />
      </Container>
    </div>
  );
}
