import { useParams } from "react-router";
import { Container } from "@/components/ui/container";
import { PageGlow } from "@/components/ui/page-glow";
import { ModelCards } from "@/features/models/components/model-cards";
import { DocumentTitle } from "@/features/site/components/document-title";
import { useTranslation } from "@/i18n";

/** /models and /models/:model (public): the model cards. */
export function ModelsRoute() {
  const { t } = useTranslation();
  const { model } = useParams();
  const title = t("routes.models.title");
  return (
    <div className="relative isolate overflow-hidden">
      <DocumentTitle title={title} />
      <PageGlow />
      <Container className="py-10 sm:py-14">
        <ModelCards slug={model} title={title} />
      </Container>
    </div>
  );
}
