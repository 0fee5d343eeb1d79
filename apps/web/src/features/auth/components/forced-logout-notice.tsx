import { LogOut, X } from "lucide-react";
import { useTranslation } from "@/i18n";

/**
 * Why the session ended elsewhere (force-logout), kept on screen across the move to /login until the user
 * dismisses it or signs in again. It sits at the bottom of the viewport so that it never covers the
 * navigation bar (on a phone it would hide the menu button).
 */
export function ForcedLogoutNotice({
  reason,
  onDismiss,
}: {
  reason: string;
  onDismiss: () => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="pointer-events-none fixed inset-x-0 bottom-3 z-[60] flex justify-center px-3">
      <div
        role="alert"
        className="pointer-events-auto flex w-full max-w-lg items-start gap-3 rounded-xl border border-amber-300/30 bg-ink-900/95 p-4 shadow-2xl shadow-black/50 backdrop-blur"
      >
        <LogOut aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-amber-300" />
        <div className="min-w-0 flex-1">
          <p className="font-medium text-white">{t("forcedLogout.title")}</p>
          <p className="mt-1 text-sm text-ink-200">{reason}</p>
        </div>
        <button
          type="button"
          onClick={onDismiss}
          aria-label={t("forcedLogout.dismiss")}
          className="-m-1 inline-flex size-8 shrink-0 items-center justify-center rounded-lg text-ink-300 transition-colors hover:bg-white/5 hover:text-white"
        >
          <X aria-hidden="true" className="size-4" />
        </button>
      </div>
    </div>
  );
}
