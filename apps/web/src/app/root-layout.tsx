import { matchPath, Outlet, ScrollRestoration, useLocation } from "react-router";
import { Navbar } from "@/components/layouts/navbar";
import { type FooterContact, SiteFooter } from "@/components/layouts/site-footer";
import { SkipLink } from "@/components/ui/skip-link";
import { useSiteInfo } from "@/features/site/api/get-site-info";
import { useBrandName } from "@/features/site/hooks/use-brand-name";

const MAIN_ID = "main";

/** Pages that bring their own navigation instead of the site's bar (spec: not shown on /dashboard). */
const PATHS_WITHOUT_NAVBAR = ["/dashboard"];

export function RootLayout() {
  const { pathname } = useLocation();
  const site = useSiteInfo();
  const brandName = useBrandName();
  const contact: FooterContact = site.data
    ? { status: "success", operator: site.data.operator }
    : { status: site.isError ? "error" : "pending" };
  const showNavbar = !PATHS_WITHOUT_NAVBAR.some((path) => matchPath(path, pathname));

  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink targetId={MAIN_ID} />
      {showNavbar ? <Navbar brandName={brandName} /> : null}
      <main id={MAIN_ID} tabIndex={-1} className="flex-1 focus:outline-none">
        <Outlet />
      </main>
      <SiteFooter brandName={brandName} contact={contact} />
      <ScrollRestoration />
    </div>
  );
}
