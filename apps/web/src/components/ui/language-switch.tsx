import { LANGUAGES, setLanguage, useTranslation } from "@/i18n";
import { cn } from "@/lib/cn";

/** English / తెలుగు toggle. The choice is remembered by the i18n module. */
export function LanguageSwitch() {
  const { t, language: current } = useTranslation();
  return (
    <fieldset className="flex items-center gap-3">
      <legend className="sr-only">{t("footer.language")}</legend>
      <span aria-hidden="true" className="text-sm text-ink-300">
        {t("footer.language")}
      </span>
      <div className="inline-flex rounded-lg border border-white/10 bg-ink-900 p-0.5">
        {LANGUAGES.map((language) => {
          const active = language.code === current;
          return (
            <button
              key={language.code}
              type="button"
              lang={language.code}
              aria-pressed={active}
              onClick={() => void setLanguage(language.code)}
              className={cn(
                "rounded-md px-3 py-1 text-sm transition-colors",
                active ? "bg-ink-700 font-medium text-white" : "text-ink-300 hover:text-white",
              )}
            >
              {language.label}
            </button>
          );
        })}
      </div>
    </fieldset>
  );
}
