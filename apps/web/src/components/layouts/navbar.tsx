import { THRESHOLDS_PX } from "@kalpa/contracts/constants";
import { Menu, X } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Link, matchPath, useLocation } from "react-router";
import { BrandMark } from "@/components/ui/brand-mark";
import { buttonStyles } from "@/components/ui/button-styles";
import { Container } from "@/components/ui/container";
import { LanguageSwitch } from "@/components/ui/language-switch";
import { useScrolledPast } from "@/hooks/use-scrolled-past";
import { useTranslation } from "@/i18n";
import { cn } from "@/lib/cn";
import { AccountMenu } from "./account-menu";

type NavLabelKey =
  | "nav.home"
  | "nav.paperTrade"
  | "nav.forecasts"
  | "nav.contribution"
  | "nav.faq"
  | "nav.contact"
  | "nav.login"
  | "nav.register"
  | "nav.dashboard";

interface NavItem {
  to: string;
  label: NavLabelKey;
}

const HOME_LINK: NavItem = { to: "/", label: "nav.home" };
const PAPER_TRADE_LINK: NavItem = { to: "/paper-trade", label: "nav.paperTrade" };
const FORECASTS_LINK: NavItem = { to: "/forecasts", label: "nav.forecasts" };
const CONTRIBUTION_LINK: NavItem = { to: "/whatsapp-contact", label: "nav.contribution" };
const CONTACT_LINK: NavItem = { to: "/contact", label: "nav.contact" };
const LOGIN_LINK: NavItem = { to: "/login", label: "nav.login" };
const REGISTER_LINK: NavItem = { to: "/signup", label: "nav.register" };
const DASHBOARD_LINK: NavItem = { to: "/dashboard", label: "nav.dashboard" };

/** The signed-in user as the navigation bar shows them; null for a visitor. */
export interface NavAccount {
  username: string;
}

const MENU_ID = "site-menu";

function isOn(path: string, pathname: string): boolean {
  return matchPath({ path, end: true }, pathname) !== null;
}

/**
 * `?hideNav=1` asks a page to show without the site's bar (spec section 2: /trading-services opened from
 * the dashboard, or when hiding is requested); the page then offers its own way back.
 */
export const HIDE_NAVBAR_PARAM = "hideNav";

/** Whether a URL's query string (`?hideNav=1` or `=true`) asks for the bar to be hidden. */
export function navbarHiddenBy(search: string): boolean {
  const value = new URLSearchParams(search).get(HIDE_NAVBAR_PARAM);
  return value === "1" || value === "true";
}

/** The bar is an overlay everywhere except on the landing page (spec section 2). */
export function isOverlayPath(pathname: string): boolean {
  return !isOn("/", pathname);
}

/**
 * The page links of spec section 2, in order, with FAQ (a button, not a link) between Contribution and
 * Contact Us, and Forecasts (the forecasts open to all) after Paper Trade. Home only in overlay
 * mode and not on home; Contribution hidden on /pricing; Contact Us hidden on /contact; and the link to the
 * current page is never shown.
 */
function pageLinks(pathname: string): { before: NavItem[]; after: NavItem[] } {
  const overlay = isOverlayPath(pathname);
  const before = [
    ...(overlay && !isOn("/", pathname) ? [HOME_LINK] : []),
    PAPER_TRADE_LINK,
    FORECASTS_LINK,
    ...(isOn("/pricing", pathname) ? [] : [CONTRIBUTION_LINK]),
  ];
  const after = isOn("/contact", pathname) ? [] : [CONTACT_LINK];
  const notCurrent = (item: NavItem) => !isOn(item.to, pathname);
  return { before: before.filter(notCurrent), after: after.filter(notCurrent) };
}

const PAGE_LINK_CLASS =
  "block w-full rounded-lg px-3 py-3 text-left text-base text-ink-200 transition-colors hover:bg-white/5 hover:text-white lg:py-2 lg:text-sm";

export function Navbar({
  brandName,
  account = null,
  onOpenFaq,
}: {
  brandName: string;
  account?: NavAccount | null;
  /** Opens the FAQ modal (the FAQ item is a button, not a page link). */
  onOpenFaq: () => void;
}) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const scrolled = useScrolledPast(THRESHOLDS_PX.navbarScrolled);
  // The menu stays open only on the page it was opened on, so following a link closes it.
  const [menuOpenOn, setMenuOpenOn] = useState<string | null>(null);
  const menuOpen = menuOpenOn === pathname;
  const headerRef = useRef<HTMLElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!menuOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === "Escape") {
        setMenuOpenOn(null);
        toggleRef.current?.focus();
      }
    };
    const onPointerDown = (event: PointerEvent) => {
      if (!headerRef.current?.contains(event.target as Node)) setMenuOpenOn(null);
    };
    document.addEventListener("keydown", onKeyDown);
    document.addEventListener("pointerdown", onPointerDown);
    return () => {
      document.removeEventListener("keydown", onKeyDown);
      document.removeEventListener("pointerdown", onPointerDown);
    };
  }, [menuOpen]);

  const overlay = isOverlayPath(pathname);
  const links = pageLinks(pathname);
  // Signed in: Dashboard instead of Login and Register (spec section 2).
  const accountLinks = (account ? [DASHBOARD_LINK] : [LOGIN_LINK, REGISTER_LINK]).filter(
    (item) => !isOn(item.to, pathname),
  );
  const renderLink = (item: NavItem) => (
    <li key={item.to}>
      <Link to={item.to} className={PAGE_LINK_CLASS}>
        {t(item.label)}
      </Link>
    </li>
  );

  return (
    <header
      ref={headerRef}
      data-scrolled={scrolled}
      data-overlay={overlay}
      className={cn(
        "top-0 z-40 border-b transition-[background-color,border-color,box-shadow] duration-200 motion-reduce:transition-none",
        // Overlay: floats over the page (the layout leaves room at the top), see-through until scrolled.
        overlay ? "fixed inset-x-0" : "sticky",
        scrolled
          ? "border-white/10 bg-ink-950/85 shadow-lg shadow-black/30 backdrop-blur-md"
          : overlay
            ? "border-white/5 bg-ink-950/40 backdrop-blur-sm"
            : "border-transparent bg-ink-950",
      )}
    >
      <Container
        className={cn(
          "flex items-center gap-2 transition-[height] duration-200 motion-reduce:transition-none",
          scrolled ? "h-14" : "h-16 sm:h-18",
        )}
      >
        <Link
          to="/"
          aria-label={t("nav.brandHome", { brand: brandName })}
          className="mr-auto flex min-w-0 items-center gap-2.5 rounded-lg"
        >
          <BrandMark />
          <span className="truncate text-lg font-semibold tracking-tight text-white">
            {brandName}
          </span>
        </Link>
        <button
          ref={toggleRef}
          type="button"
          aria-expanded={menuOpen}
          aria-controls={MENU_ID}
          aria-label={menuOpen ? t("nav.closeMenu") : t("nav.openMenu")}
          onClick={() => setMenuOpenOn(menuOpen ? null : pathname)}
          className="inline-flex size-10 items-center justify-center rounded-lg text-ink-100 hover:bg-white/5 lg:hidden"
        >
          {menuOpen ? (
            <X aria-hidden="true" className="size-5" />
          ) : (
            <Menu aria-hidden="true" className="size-5" />
          )}
        </button>

        <nav
          id={MENU_ID}
          aria-label={t("nav.label")}
          className={cn(
            "lg:static lg:flex lg:items-center lg:gap-6 lg:border-0 lg:bg-transparent lg:p-0 lg:shadow-none",
            menuOpen
              ? "absolute inset-x-0 top-full border-b border-white/10 bg-ink-950 px-4 pt-2 pb-5 shadow-xl shadow-black/40 sm:px-6"
              : "hidden",
          )}
        >
          <ul className="flex flex-col lg:flex-row lg:items-center lg:gap-1">
            {links.before.map(renderLink)}
            <li>
              <button
                type="button"
                aria-haspopup="dialog"
                onClick={() => {
                  // From the phone menu, focus comes back to the menu button when the FAQ closes.
                  if (menuOpen) toggleRef.current?.focus();
                  setMenuOpenOn(null);
                  onOpenFaq();
                }}
                className={PAGE_LINK_CLASS}
              >
                {t("nav.faq")}
              </button>
            </li>
            {links.after.map(renderLink)}
          </ul>
          {accountLinks.length > 0 ? (
            <ul className="mt-3 flex gap-3 border-t border-white/10 pt-4 lg:mt-0 lg:border-0 lg:pt-0">
              {accountLinks.map((item) => (
                <li key={item.to} className="flex-1 lg:flex-none">
                  <Link
                    to={item.to}
                    className={buttonStyles({
                      variant: item === LOGIN_LINK ? "secondary" : "primary",
                      size: "sm",
                      className: "w-full lg:w-auto",
                    })}
                  >
                    {t(item.label)}
                  </Link>
                </li>
              ))}
            </ul>
          ) : null}
          <LanguageSwitch compact className="mt-4 px-3 lg:mt-0 lg:px-0" />
        </nav>
        {account ? <AccountMenu username={account.username} brandName={brandName} /> : null}
      </Container>
    </header>
  );
}
