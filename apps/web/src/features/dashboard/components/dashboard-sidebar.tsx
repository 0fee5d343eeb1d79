import {
  BookOpen,
  ChartCandlestick,
  CircleHelp,
  HandCoins,
  House,
  LayoutDashboard,
  LineChart,
  LogOut,
  Mail,
  Menu,
  NotebookPen,
  Settings,
  X,
} from "lucide-react";
import { type ComponentType, useEffect, useId, useState } from "react";
import { Link, useLocation } from "react-router";
import { useTranslation } from "@/i18n";
import type { TranslationResource } from "@/i18n/en";
import { cn } from "@/lib/cn";
import { type DashboardSection, sectionHref } from "../utils/sections";
import "@/features/dashboard/i18n/en";
import { LanguageSwitch } from "@/components/ui/language-switch";

type Icon = ComponentType<{ className?: string; "aria-hidden"?: boolean | "true" }>;

type Label = keyof TranslationResource["dashboardPage"]["sidebar"];

type Item =
  | { kind: "section"; section: DashboardSection; label: Label; icon: Icon }
  | { kind: "link"; to: string; label: Label; icon: Icon }
  | { kind: "faq"; label: Label; icon: Icon };

/** The spec's sidebar, in its order (section 2, Dashboard). */
const ITEMS: readonly Item[] = [
  { kind: "link", to: "/", label: "home", icon: House },
  { kind: "section", section: "home", label: "dashboard", icon: LayoutDashboard },
  { kind: "section", section: "trading-services", label: "tradingServices", icon: BookOpen },
  { kind: "link", to: "/whatsapp-contact", label: "contribution", icon: HandCoins },
  { kind: "section", section: "forecasting", label: "forecasting", icon: LineChart },
  { kind: "section", section: "paper-trade", label: "paperTrade", icon: NotebookPen },
  { kind: "link", to: "/live-trade", label: "livePanel", icon: ChartCandlestick },
  { kind: "faq", label: "faq", icon: CircleHelp },
  { kind: "section", section: "contact", label: "contact", icon: Mail },
  { kind: "section", section: "settings", label: "settings", icon: Settings },
  { kind: "link", to: "/logout", label: "logout", icon: LogOut },
];

const ITEM_CLASS =
  "flex w-full items-center gap-3 rounded-lg px-3 py-2.5 text-sm font-medium transition-colors";

/** Up to two initials of a name ("Asha Rao" → "AR"). */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const picked = words.length > 1 ? [words[0], words[words.length - 1]] : [words[0]];
  return picked
    .map((word) => (word ? Array.from(word)[0] : ""))
    .join("")
    .toUpperCase();
}

/**
 * The dashboard's own navigation (the site's bar is hidden on /dashboard). On wide screens a sticky column;
 * on phones a bar with the avatar and a button that opens the same list.
 */
export function DashboardSidebar({
  name,
  brandName,
  active,
  onOpenFaq,
}: {
  name: string;
  brandName: string;
  active: DashboardSection;
  /** Opens the FAQ modal; without it, FAQ links to the /faq page. */
  onOpenFaq: (() => void) | undefined;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const listId = useId();
  const location = useLocation();

  // A chosen item closes the phone menu.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the location changes
  useEffect(() => setOpen(false), [location.key]);

  const avatar = (
    <Link
      to="/profile"
      aria-label={`${t("dashboardPage.sidebar.openProfile")} (${name})`}
      className="flex min-w-0 items-center gap-3 rounded-xl p-1"
    >
      <span
        aria-hidden="true"
        className="inline-flex size-11 shrink-0 items-center justify-center rounded-full bg-gradient-to-br from-accent-400 to-accent-600 text-base font-semibold text-ink-950"
      >
        {initialsOf(name)}
      </span>
      <span className="min-w-0">
        <span className="block truncate font-semibold text-white">{name}</span>
        <span className="block truncate text-xs text-ink-400">{brandName}</span>
      </span>
    </Link>
  );

  return (
    <aside className="border-white/10 bg-ink-900/80 lg:sticky lg:top-0 lg:h-dvh lg:overflow-y-auto lg:border-r">
      <div className="flex items-center justify-between gap-3 border-b border-white/10 px-4 py-3 lg:border-b-0 lg:px-5 lg:pt-6">
        {avatar}
        <button
          type="button"
          aria-expanded={open}
          aria-controls={listId}
          onClick={() => setOpen((value) => !value)}
          className="inline-flex size-11 shrink-0 items-center justify-center rounded-lg border border-white/10 text-ink-100 hover:bg-white/5 lg:hidden"
        >
          {open ? (
            <X aria-hidden="true" className="size-5" />
          ) : (
            <Menu aria-hidden="true" className="size-5" />
          )}
          <span className="sr-only">
            {t(open ? "dashboardPage.sidebar.closeMenu" : "dashboardPage.sidebar.openMenu")}
          </span>
        </button>
      </div>
      <nav
        id={listId}
        aria-label={t("dashboardPage.sidebar.label")}
        className={cn("px-3 pb-4 lg:block lg:px-4 lg:pt-4", open ? "block" : "hidden")}
      >
        <ul className="space-y-1">
          {ITEMS.map((item) => {
            const label = t(`dashboardPage.sidebar.${item.label}`);
            const content = (
              <>
                <item.icon aria-hidden="true" className="size-5 shrink-0" />
                {label}
              </>
            );
            const idle = "text-ink-200 hover:bg-white/5 hover:text-white";
            if (item.kind === "section") {
              const current = item.section === active;
              return (
                <li key={item.label}>
                  <Link
                    to={sectionHref(item.section)}
                    aria-current={current ? "page" : undefined}
                    className={cn(ITEM_CLASS, current ? "bg-accent-400/10 text-accent-300" : idle)}
                  >
                    {content}
                  </Link>
                </li>
              );
            }
            if (item.kind === "faq" && onOpenFaq) {
              return (
                <li key={item.label}>
                  <button
                    type="button"
                    aria-haspopup="dialog"
                    onClick={onOpenFaq}
                    className={cn(ITEM_CLASS, idle)}
                  >
                    {content}
                  </button>
                </li>
              );
            }
            return (
              <li key={item.label}>
                <Link to={item.kind === "link" ? item.to : "/faq"} className={cn(ITEM_CLASS, idle)}>
                  {content}
                </Link>
              </li>
            );
          })}
        </ul>
        <LanguageSwitch compact className="mt-4 border-t border-white/10 px-3 pt-4" />
      </nav>
    </aside>
  );
}
