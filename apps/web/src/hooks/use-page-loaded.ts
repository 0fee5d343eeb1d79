import { useEffect, useState } from "react";
import { onPageLoad, pageLoaded } from "@/lib/page-load";

/** True once the page has loaded (lib/page-load.ts: the load event and the app's first page). No timer. */
export function usePageLoaded(): boolean {
  const [loaded, setLoaded] = useState(pageLoaded);
  // Subscribed in the effect, which also catches a load that came between the render and it.
  useEffect(() => (loaded ? undefined : onPageLoad(() => setLoaded(true))), [loaded]);
  return loaded;
}
