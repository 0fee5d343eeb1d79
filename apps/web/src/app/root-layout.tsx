import { lazy, Suspense, useEffect, useLayoutEffect, useState } from "react";
import { matchPath, Outlet, useLocation } from "react-router";
import {
  isOverlayPath,
  type NavAccount,
  Navbar,
  navbarHiddenBy,
} from "@/components/layouts/navbar";
import { type FooterContact, SiteFooter } from "@/components/layouts/site-footer";
import { PageLoading } from "@/components/ui/page-loading";
import { SkipLink } from "@/components/ui/skip-link";
import { type AuthState, useAuthState } from "@/features/auth/hooks/use-auth-state";
import { CONSENT_CLASSES } from "@/features/consent/components/consent-classes";
import {
  consentPreviewShown,
  removeConsentPreview,
} from "@/features/consent/utils/consent-preview-dom";
import { hasConsent } from "@/features/consent/utils/consent-storage";
import { FaqProvider } from "@/features/faq/components/faq-provider";
import { useFaq } from "@/features/faq/hooks/use-faq";
import { useResearchAnalyst } from "@/features/site/api/get-research-analyst";
import { useSiteInfo } from "@/features/site/api/get-site-info";
import { useBrandName } from "@/features/site/hooks/use-brand-name";
import { usePageLoaded } from "@/hooks/use-page-loaded";
import { cn } from "@/lib/cn";
import { markFirstPageShown, pageLoaded } from "@/lib/page-load";
import { preloadable } from "@/lib/preloadable";
import { holdUntilEntered } from "@/lib/site-entry";
import { RouteErrorBoundary } from "./route-error-boundary";
import { ScrollRestoration } from "./scroll-restoration";

const MAIN_ID = "main";

/** The consent modal's code loads only for a visitor who has not entered in this browser session. */
const { Component: ConsentGate, preload: loadConsentGate } = preloadable(() =>
  import("@/features/consent/components/consent-gate").then((module) => module.ConsentGate),
);

/**
 * The modal's code waits for the page to load while the shell's preview of it is on show: the visitor is
 * already reading the notes, and the first page's own code comes first. Without the preview (a Telugu
 * reader), nothing shows the notes until the modal does, so it loads at once.
 */
function consentGateWaitsForLoad(): boolean {
  return consentPreviewShown() && !pageLoaded();
}

/**
 * Starts fetching the consent modal's code beside the first page's, for a visitor who will see it and has
 * no preview of it on show. While the preview stands in (consentGateWaitsForLoad), RootLayout renders the
 * modal, and so loads it, once the page has loaded. (A failure shows when the modal itself tries to load
 * again.)
 */
export function preloadConsentGate(): void {
  if (!hasConsent() && !consentGateWaitsForLoad()) loadConsentGate().catch(() => undefined);
}

/** Pages that bring their own navigation instead of the site's bar (spec: not shown on /dashboard). */
const PATHS_WITHOUT_NAVBAR = ["/dashboard"];
/** Pages that hide the bar when asked (`?hideNav=1`): /trading-services opened from the dashboard. */
const PATHS_HIDING_NAVBAR_ON_REQUEST = ["/trading-services"];

/** The navigation bar shows a signed-in user while the server confirms the hints, and after. */
function navAccount(auth: AuthState): NavAccount | null {
  if (auth.status === "authenticated") return { username: auth.user.username };
  if (auth.status === "checking") return { username: auth.username ?? "" };
  return null;
}

/** The modal's own backdrop, covering the page until its code has arrived. */
const CONSENT_BACKDROP = <div aria-hidden="true" className={CONSENT_CLASSES.overlay} />;

export function RootLayout() {
  const brandName = useBrandName();
  const [needsConsent] = useState(() => {
    const needed = !hasConsent();
    // Until the visitor enters, the page behind the gate does without its extras (lib/site-entry.ts).
    if (needed) holdUntilEntered();
    return needed;
  });
  const [gateWaits] = useState(consentGateWaitsForLoad);
  const pageLoaded = usePageLoaded();
  // The shell's first paint of the consent modal stays until the modal replaces it; a session that has
  // consented after all (the shell's check and this one disagree only on odd records) never sees it.
  useLayoutEffect(() => {
    if (!needsConsent) removeConsentPreview();
  }, [needsConsent]);
  // After the first commit, page and all: what waits for the page to load may go (lib/page-load.ts).
  useEffect(() => markFirstPageShown(), []);
  return (
    <FaqProvider brandName={brandName}>
      <SiteShell brandName={brandName} />
      {/* The landing consent: once per browser session, on whichever page the visitor arrives first. */}
      {needsConsent ? (
        // Until the modal's code arrives, the same backdrop already covers the page.
        <Suspense fallback={CONSENT_BACKDROP}>
          {gateWaits && !pageLoaded ? CONSENT_BACKDROP : <ConsentGate brandName={brandName} />}
        </Suspense>
      ) : null}
    </FaqProvider>
  );
}

/** The footer's registration block loads only where the operator has a research-analyst profile. */
const RegistrationFooter = lazy(() =>
  import("@/features/research-analyst/components/registration-footer").then((module) => ({
    default: module.RegistrationFooter,
  })),
);

function SiteShell({ brandName }: { brandName: string }) {
  const { pathname, search } = useLocation();
  const site = useSiteInfo();
  const analyst = useResearchAnalyst().data?.profile;
  const account = navAccount(useAuthState());
  const { openFaq } = useFaq();
  const contact: FooterContact = site.data
    ? { status: "success", operator: site.data.operator }
    : { status: site.isError ? "error" : "pending" };
  const showNavbar =
    !PATHS_WITHOUT_NAVBAR.some((path) => matchPath(path, pathname)) &&
    !(
      PATHS_HIDING_NAVBAR_ON_REQUEST.some((path) => matchPath(path, pathname)) &&
      navbarHiddenBy(search)
    );
  // The overlay bar is fixed over the page; this keeps the page's top clear of it.
  const clearOverlay = showNavbar && isOverlayPath(pathname);

  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink targetId={MAIN_ID} />
      {showNavbar ? <Navbar brandName={brandName} account={account} onOpenFaq={openFaq} /> : null}
      <main
        id={MAIN_ID}
        tabIndex={-1}
        // At least a screen tall, so the footer starts below the fold while a page's code loads and does not
        // jump down when the page arrives (Lighthouse measured a 0.42 layout shift before).
        className={cn("min-h-dvh flex-1 focus:outline-none", clearOverlay && "pt-16 sm:pt-18")}
      >
        {/* Navigation and footer stay on screen while a page's code loads, or if it fails. */}
        <RouteErrorBoundary>
          <Suspense fallback={<PageLoading />}>
            <Outlet />
          </Suspense>
        </RouteErrorBoundary>
      </main>
      <SiteFooter
        brandName={brandName}
        contact={contact}
        tradingHours={site.data?.tradingHours}
        registration={
          analyst ? (
            <Suspense fallback={null}>
              <RegistrationFooter profile={analyst} />
            </Suspense>
          ) : undefined
        }
      />
      <ScrollRestoration />
    </div>
  );
}
