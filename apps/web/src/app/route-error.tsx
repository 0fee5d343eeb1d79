import { TriangleAlert } from "lucide-react";
import { buttonStyles } from "@/components/ui/button-styles";
import { Container } from "@/components/ui/container";
import { useTranslation } from "@/i18n";

/** Shown in place of a page that failed to load or render (for example a stale chunk after a deploy). */
export function RouteError() {
  const { t } = useTranslation();

  return (
    <Container className="py-20">
      <div role="alert" className="max-w-xl">
        <TriangleAlert aria-hidden="true" className="size-8 text-amber-300" />
        <h1 className="mt-4 text-3xl font-semibold tracking-tight text-white">
          {t("routeError.title")}
        </h1>
        <p className="mt-3 text-ink-200">{t("routeError.body")}</p>
        <button
          type="button"
          onClick={() => window.location.reload()}
          className={buttonStyles({ className: "mt-8" })}
        >
          {t("routeError.reload")}
        </button>
      </div>
    </Container>
  );
}
