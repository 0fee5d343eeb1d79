import { useContext } from "react";
import { FaqContext, type FaqControls } from "../utils/faq-context";

/**
 * `openFaq()` opens the site's FAQ modal from anywhere under the root layout (navigation bar, dashboard
 * sidebar, the /faq page). The provider is FaqProvider, mounted in app/root-layout.tsx.
 */
export function useFaq(): FaqControls {
  const controls = useContext(FaqContext);
  if (!controls) throw new Error("useFaq must be used under FaqProvider (app/root-layout.tsx)");
  return controls;
}
