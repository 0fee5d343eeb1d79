import { useTranslation } from "@/i18n";

/** First focusable element on every page: jumps past the navigation to the main content. */
export function SkipLink({ targetId }: { targetId: string }) {
  const { t } = useTranslation();
  return (
    <a
      href={`#${targetId}`}
      className="sr-only focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:z-50 focus:rounded-lg focus:bg-accent-400 focus:px-4 focus:py-2 focus:font-medium focus:text-ink-950 focus:shadow-lg"
    >
      {t("skipLink")}
    </a>
  );
}
