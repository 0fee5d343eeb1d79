import { COPYRIGHT_YEAR } from "@kalpa/contracts/constants";
import { CircleHelp, CircleUserRound, LogOut, Settings, UserRound, X } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { createPortal } from "react-dom";
import { Link, matchPath, useLocation } from "react-router";
import { useTranslation } from "@/i18n";
import { cn } from "@/lib/cn";

const PANEL_ID = "account-menu";

const LINKS = [
  { to: "/profile", label: "nav.profile", icon: UserRound },
  { to: "/settings", label: "nav.settings", icon: Settings },
  { to: "/help", label: "nav.help", icon: CircleHelp },
  { to: "/logout", label: "nav.logout", icon: LogOut },
] as const;

/**
 * The signed-in user's side menu (spec section 2): Profile, Settings, Help, Logout and the copyright line.
 * Closes on a click outside it, on Escape, and when a link is followed.
 */
export function AccountMenu({ username, brandName }: { username: string; brandName: string }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  // Open only on the page it was opened on, so following a link closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;
  const toggleRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    panelRef.current?.querySelector<HTMLElement>("a[href]")?.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === "Escape") {
        setOpenOn(null);
        toggleRef.current?.focus();
      }
    };
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target as Node;
      if (panelRef.current?.contains(target) || toggleRef.current?.contains(target)) return;
      setOpenOn(null);
    };
    document.addEventListener("keydown", onKeyDown);
    document.addEventListener("pointerdown", onPointerDown);
    return () => {
      document.removeEventListener("keydown", onKeyDown);
      document.removeEventListener("pointerdown", onPointerDown);
    };
  }, [open]);

  return (
    <>
      <button
        ref={toggleRef}
        type="button"
        aria-expanded={open}
        aria-controls={PANEL_ID}
        aria-label={open ? t("nav.closeAccountMenu") : t("nav.openAccountMenu")}
        onClick={() => setOpenOn(open ? null : pathname)}
        className="inline-flex h-10 items-center gap-2 rounded-lg px-2 text-ink-100 transition-colors hover:bg-white/5 sm:px-3"
      >
        <CircleUserRound aria-hidden="true" className="size-6 text-accent-300" />
        <span aria-hidden="true" className="hidden max-w-32 truncate text-sm font-medium sm:inline">
          {username}
        </span>
      </button>
      {open
        ? createPortal(
            <>
              <div
                aria-hidden="true"
                className="fixed inset-0 z-40 bg-ink-950/60 backdrop-blur-[2px]"
              />
              <div
                ref={panelRef}
                id={PANEL_ID}
                className="fixed inset-y-0 right-0 z-50 flex w-72 max-w-[85vw] flex-col border-l border-white/10 bg-ink-900 shadow-2xl shadow-black/60"
              >
                <div className="flex items-start justify-between gap-3 border-b border-white/10 p-5">
                  <div className="min-w-0">
                    <p className="text-xs tracking-wide text-ink-400 uppercase">
                      {t("nav.signedInAs")}
                    </p>
                    <p className="mt-0.5 truncate font-medium text-white">{username}</p>
                  </div>
                  <button
                    type="button"
                    onClick={() => {
                      setOpenOn(null);
                      toggleRef.current?.focus();
                    }}
                    aria-label={t("common.close")}
                    className="-m-1 inline-flex size-9 shrink-0 items-center justify-center rounded-lg text-ink-300 hover:bg-white/5 hover:text-white"
                  >
                    <X aria-hidden="true" className="size-5" />
                  </button>
                </div>
                <nav aria-label={t("nav.accountLabel")} className="flex-1 overflow-y-auto p-3">
                  <ul className="space-y-1">
                    {LINKS.map((link) => {
                      const current = matchPath({ path: link.to, end: true }, pathname) !== null;
                      return (
                        <li key={link.to}>
                          <Link
                            to={link.to}
                            aria-current={current ? "page" : undefined}
                            className={cn(
                              "flex items-center gap-3 rounded-lg px-3 py-3 text-base transition-colors hover:bg-white/5 hover:text-white",
                              current ? "bg-white/5 text-white" : "text-ink-200",
                            )}
                          >
                            <link.icon aria-hidden="true" className="size-5 text-ink-400" />
                            {t(link.label)}
                          </Link>
                        </li>
                      );
                    })}
                  </ul>
                </nav>
                <p className="border-t border-white/10 p-5 text-xs text-ink-400">
                  {t("footer.copyright", { year: COPYRIGHT_YEAR, brand: brandName })}
                </p>
              </div>
            </>,
            document.body,
          )
        : null}
    </>
  );
}
