import { chooseLanguage, LANGUAGES, type Language, useTranslation } from "@/i18n";
import { cn } from "@/lib/cn";

/** Each language's short name on the compact switch (its own script, as its readers write it). */
const SHORT_LABELS: Record<Language, string> = { en: "EN", te: "తె", hi: "हि" };

/**
 * English / తెలుగు / हिन्दी. The choice is remembered by the i18n module (this browser) and, when signed in,
 * saved on the account (app/providers.tsx). `compact` shows each language's short name (the navigation
 * bar); its full name stays the button's accessible name. Each name is in its own script, drawn with that
 * script's font (index.css, `[lang]`).
 */
export function LanguageSwitch({
  compact = false,
  className,
}: {
  compact?: boolean;
  className?: string;
}) {
  const { t, language: current } = useTranslation();
  return (
    <fieldset className={cn("flex items-center gap-3", className)}>
      <legend className="sr-only">{t("footer.language")}</legend>
      {compact ? null : (
        <span aria-hidden="true" className="text-sm text-ink-300">
          {t("footer.language")}
        </span>
      )}
      <div className="inline-flex rounded-lg border border-white/10 bg-ink-900 p-0.5">
        {LANGUAGES.map((language) => {
          const active = language.code === current;
          return (
            <button
              key={language.code}
              type="button"
              lang={language.code}
              aria-pressed={active}
              aria-label={compact ? language.label : undefined}
              title={compact ? language.label : undefined}
              onClick={() => void chooseLanguage(language.code)}
              className={cn(
                "rounded-md text-sm transition-colors",
                compact ? "min-w-9 px-2 py-1" : "px-3 py-1",
                active ? "bg-ink-700 font-medium text-white" : "text-ink-300 hover:text-white",
              )}
            >
              {compact ? SHORT_LABELS[language.code] : language.label}
            </button>
          );
        })}
      </div>
    </fieldset>
  );
}
