import { useEffect, useState } from "react";
import { onPageLoad } from "@/lib/page-load";

/** True once the window's load event has fired (at once if it already has). Uses the event, not a timer. */
export function usePageLoaded(): boolean {
  const [loaded, setLoaded] = useState(() => document.readyState === "complete");
  // Subscribed in the effect, which also catches a load that came between the render and it.
  useEffect(() => (loaded ? undefined : onPageLoad(() => setLoaded(true))), [loaded]);
  return loaded;
}
