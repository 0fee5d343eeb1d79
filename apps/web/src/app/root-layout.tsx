import { matchPath, Outlet, ScrollRestoration, useLocation } from "react-router";
import { type NavAccount, Navbar } from "@/components/layouts/navbar";
import { type FooterContact, SiteFooter } from "@/components/layouts/site-footer";
import { SkipLink } from "@/components/ui/skip-link";
import { type AuthState, useAuthState } from "@/features/auth/hooks/use-auth-state";
import { useSiteInfo } from "@/features/site/api/get-site-info";
import { useBrandName } from "@/features/site/hooks/use-brand-name";

const MAIN_ID = "main";

/** Pages that bring their own navigation instead of the site's bar (spec: not shown on /dashboard). */
const PATHS_WITHOUT_NAVBAR = ["/dashboard"];

/** The navigation bar shows a signed-in user while the server confirms the hints, and after. */
function navAccount(auth: AuthState): NavAccount | null {
  if (auth.status === "authenticated") return { username: auth.user.username };
  if (auth.status === "checking") return { username: auth.username ?? "" };
  return null;
}

export function RootLayout() {
  const { pathname } = useLocation();
  const site = useSiteInfo();
  const brandName = useBrandName();
  const account = navAccount(useAuthState());
  const contact: FooterContact = site.data
    ? { status: "success", operator: site.data.operator }
    : { status: site.isError ? "error" : "pending" };
  const showNavbar = !PATHS_WITHOUT_NAVBAR.some((path) => matchPath(path, pathname));

  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink targetId={MAIN_ID} />
      {showNavbar ? <Navbar brandName={brandName} account={account} /> : null}
      <main id={MAIN_ID} tabIndex={-1} className="flex-1 focus:outline-none">
        <Outlet />
      </main>
      <SiteFooter brandName={brandName} contact={contact} />
      <ScrollRestoration />
    </div>
  );
}
